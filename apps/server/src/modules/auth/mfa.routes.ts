import { mfaEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './mfa.service.ts';

/** Multi-factor authentication's calls (issue 36; contracts mfa.ts). Answers carrying secrets ignore Idempotency-Key. */
export const registerMfaRoutes = (app: App, { db, config }: AppDeps) => {
  const deps: service.MfaServiceDeps = { db, config, protector: createDataProtector(config.dataEncryptionKey) };
  const secret = { idempotency: false } as const;
  registerEndpoint(app, mfaEndpoints.verify, ({ body, raw }) => service.verifySignIn(deps, body, raw.ip));
  registerEndpoint(app, mfaEndpoints.enrol, ({ body }) => service.startSignInEnrolment(deps, body));
  registerEndpoint(app, mfaEndpoints.confirmEnrolment, ({ body, raw }) =>
    service.confirmSignInEnrolment(deps, body, raw.ip),
  );
  registerEndpoint(app, mfaEndpoints.status, ({ auth }) => service.status(deps, auth));
  registerEndpoint(
    app,
    mfaEndpoints.stepUp,
    ({ auth, body, raw }) => service.stepUp(deps, auth, body.code, raw.ip),
    secret,
  );
  registerEndpoint(app, mfaEndpoints.addFactor, ({ auth, body }) => service.addFactor(deps, auth, body.name), secret);
  registerEndpoint(
    app,
    mfaEndpoints.confirmFactor,
    ({ auth, params, body, raw }) => service.confirmFactor(deps, auth, params.id, body.code, raw.ip),
    secret,
  );
  registerEndpoint(app, mfaEndpoints.renameFactor, ({ auth, params, body }) =>
    service.renameFactor(deps, auth, params.id, body.name),
  );
  registerEndpoint(app, mfaEndpoints.removeFactor, ({ auth, params }) => service.removeFactor(deps, auth, params.id));
  registerEndpoint(app, mfaEndpoints.newRecoveryCodes, ({ auth }) => service.newRecoveryCodes(deps, auth), secret);
  registerEndpoint(app, mfaEndpoints.resetUser, ({ auth, params }) => service.resetUser(deps, auth, params.id));
  registerEndpoint(app, mfaEndpoints.settings, ({ auth }) => service.settings(deps, auth));
  registerEndpoint(app, mfaEndpoints.saveSettings, ({ auth, body }) => service.saveSettings(deps, auth, body));
};
