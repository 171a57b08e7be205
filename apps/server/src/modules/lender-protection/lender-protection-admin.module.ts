import {
  lenderProtectionAdminEndpoints as e,
  lenderProtectionAdminTexts as texts,
  lenderProtectionResource,
  type LenderProtectionCredential,
} from '@credence/contracts';
import { lenderProtectionCredentials } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Module } from '../../platform/app-types.ts';
import { crudModule } from '../../platform/crud.ts';
import type { DataProtector } from '../../platform/crypto.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { createLenderProtectionProvider } from '../../integrations/lender-protection/index.ts';
import { applicationDeps } from '../applications/application-context.ts';
import * as repo from './lender-protection.repository.ts';

/** The purpose bound into a credential's encrypted password (platform/crypto.ts). */
export const LENDER_PROTECTION_PASSWORD_PURPOSE = 'lender_protection.password';

type CredentialRow = typeof lenderProtectionCredentials.$inferSelect;

const toRow = (row: CredentialRow): LenderProtectionCredential => ({
  id: row.id,
  provider: row.provider as LenderProtectionCredential['provider'],
  userName: row.userName,
  programCode: row.programCode,
  loanProductIds: row.loanProductIds,
  enabled: row.enabled,
  passwordSet: row.passwordEncrypted !== '',
});

/**
 * Administration › Lender Protection (issue 35; spec 2 §1 "lender protection credentials", §5 the credentials
 * test, §8 'Credentials Failed'): the kit's verbs over the lender's credentials, one per provider. The password is
 * write-only: encrypted on the way in (AES-256-GCM, bound to its purpose), never in a row, a list, the audit or a
 * log; a blank one on an update keeps the saved one. 'Test credentials' logs in with the form's values (a blank
 * password with an id: the saved one) and answers the provider's verdict: 'Credentials successful', or its first
 * error (the web shows it under 'Credentials Failed').
 */
const moduleFor = (protector: DataProtector) =>
  crudModule(lenderProtectionResource, {
    table: lenderProtectionCredentials,
    toRow,
    toValues: (input) => ({
      provider: input.provider,
      userName: input.userName,
      programCode: input.programCode.trim().toUpperCase(),
      loanProductIds: input.loanProductIds,
      enabled: input.enabled,
      ...(input.password
        ? { passwordEncrypted: protector.encrypt(input.password, LENDER_PROTECTION_PASSWORD_PURPOSE) }
        : {}),
    }),
    beforeWrite: async ({ tx }, values, existing) => {
      if (!existing && !values.passwordEncrypted) throw fieldError('password', texts.passwordRequired);
      const unknown = await repo.unknownProducts(tx, values.loanProductIds ?? []);
      if (unknown.length > 0)
        throw fieldError(`loanProductIds.${(values.loanProductIds ?? []).indexOf(unknown[0]!)}`, texts.unknownProduct);
    },
    extraRoutes: (app, deps) => {
      registerEndpoint(app, e.testCredentials, ({ auth, body }) =>
        withTenant(deps.db, auth.lenderId, async (tx) => {
          let password = body.password;
          if (!password && body.id !== null) {
            const saved = await repo.findCredential(tx, body.id);
            if (!saved) throw notFound();
            password = protector.decrypt(saved.passwordEncrypted, LENDER_PROTECTION_PASSWORD_PURPOSE);
          }
          if (!password) throw fieldError('password', texts.passwordRequired);
          const check = await createLenderProtectionProvider(body.provider).verifyCredentials({
            userName: body.userName,
            password,
            programCode: body.programCode,
          });
          return {
            successful: check.successful,
            message: check.successful ? texts.credentialsSuccessful : (check.errors[0] ?? texts.credentialsFailed),
            errors: check.errors,
          };
        }),
      );
      registerEndpoint(app, e.loanProducts, ({ auth }) =>
        withTenant(deps.db, auth.lenderId, (tx) => repo.listInsurableProducts(tx)),
      );
    },
  });

export const lenderProtectionAdminModule: Module = {
  name: 'lender-protection-admin',
  register: (app, deps) => moduleFor(applicationDeps(deps).protector).register(app, deps),
};
