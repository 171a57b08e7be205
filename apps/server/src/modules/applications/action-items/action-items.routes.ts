import { actionItemEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { registerJobQueue } from '../../../platform/jobs.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './action-items.service.ts';
import { followUpQueue } from './follow-up-alerts.ts';

export const registerActionItemRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  // Follow-up Due (notification 400): the job that tells the due items (follow-up-alerts.ts).
  registerJobQueue(followUpQueue);
  registerEndpoint(app, actionItemEndpoints.get, ({ auth, params }) => service.getActionItems(ctx, auth, params.id));
  registerEndpoint(app, actionItemEndpoints.save, ({ auth, params, body }) =>
    service.saveActionItems(ctx, auth, params.id, body),
  );
};
