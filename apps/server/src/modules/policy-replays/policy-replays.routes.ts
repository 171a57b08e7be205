import { policyReplayEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { registerJobQueue } from '../../platform/jobs.ts';
import * as service from './policy-replays.service.ts';

/**
 * The policy sandbox (issue 12, item 3): start a replay of a draft (a background job on the `policy-replay`
 * queue, worked by the job runner of platform/jobs.ts), read its progress and report, list them, list the drafts.
 */
export const registerPolicyReplayRoutes = (app: App, { db }: AppDeps) => {
  registerJobQueue(service.replayQueue);
  // Before /api/policyReplays/:id.
  registerEndpoint(app, e.drafts, (r) => service.listDrafts(db, r.auth));
  registerEndpoint(app, e.start, (r) => service.startReplay(db, r.auth, r.body));
  registerEndpoint(app, e.get, (r) => service.getReplay(db, r.auth, r.params.id));
  registerEndpoint(app, e.list, (r) => service.listReplays(db, r.auth, r.query.policyObjectId));
};
