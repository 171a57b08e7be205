import { notificationEndpoints as e } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './notifications.service.ts';

/** The bell's calls (spec 1 §7): the caller's notifications and marking them read, as declared in the contracts. */
export const notificationsModule: Module = {
  name: 'notifications',
  register: (app, { db }) => {
    registerEndpoint(app, e.list, ({ auth, query }) => service.listMyNotifications(db, auth, query));
    registerEndpoint(app, e.markAsRead, async ({ auth, query, body }) => {
      await service.markMyNotificationsRead(db, auth, query.markAll === 'true' ? 'all' : (body ?? []));
      return null;
    });
  },
};
