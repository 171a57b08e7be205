import { lenderProtectionEndpoints as e } from '@credence/contracts';
import type { App, AppDeps, Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './lender-protection.service.ts';

/** Lender protection on an application (spec 3 §7): configured, loan insurance, its history, submit, resubmit. */
const registerLenderProtectionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.configured, ({ auth, params }) => service.configured(ctx, auth, params.applicationId));
  registerEndpoint(app, e.loanInsurance, ({ auth, params }) => service.loanInsurance(ctx, auth, params.applicationId));
  registerEndpoint(app, e.history, ({ auth, params }) => service.history(ctx, auth, params.applicationId));
  registerEndpoint(app, e.submit, ({ auth, params, body }) =>
    service.submit(ctx, auth, params.applicationId, body, body.resubmit),
  );
  registerEndpoint(app, e.resubmit, ({ auth, params, body }) =>
    service.submit(ctx, auth, params.applicationId, body, true),
  );
};

export const lenderProtectionModule: Module = { name: 'lender-protection', register: registerLenderProtectionRoutes };
