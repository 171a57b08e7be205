import { hubEventEndpoints as e } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { hubEventsPruneQueue } from '../../platform/hub-events.ts';
import { registerJobQueue } from '../../platform/jobs.ts';
import * as service from './hub-events.service.ts';

/**
 * The real-time hub's catch-up (issue 31 item 4): the events a client missed while disconnected, from the stored
 * per-lender change sequence, and the job that keeps it 24 hours (queue `hub-events-prune`).
 */
export const hubEventsModule: Module = {
  name: 'hub-events',
  register: (app, { db }) => {
    registerJobQueue(hubEventsPruneQueue);
    registerEndpoint(app, e.catchUp, ({ auth, query }) => service.catchUp(db, auth, query));
  },
};
