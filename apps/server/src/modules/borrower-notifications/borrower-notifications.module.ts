import {
  borrowerNotificationEndpoints as e,
  borrowerNotificationTypes,
  statusMessageFields,
} from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { Module } from '../../platform/app-types.ts';
import { recordAudit } from '../../platform/audit.ts';
import { changedFields } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { notFound } from '../../platform/errors.ts';
import * as service from './borrower-notifications.service.ts';

/**
 * Administration › Borrower Notifications (issue 38 item 4; spec 2 §7 `LenderBorrowerNotifications`): the types,
 * the lender's settings (read, saved audited), the preview against an application, and an application's log.
 */
export const borrowerNotificationsModule: Module = {
  name: 'borrower-notifications',
  register: (app, { db }) => {
    registerEndpoint(app, e.types, () => ({ types: borrowerNotificationTypes, fields: [...statusMessageFields] }));

    registerEndpoint(app, e.get, ({ auth }) =>
      withTenant(db, auth.lenderId, async (tx) => ({ notifications: await service.readSettings(tx) })),
    );

    registerEndpoint(app, e.save, ({ auth, body }) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const before = await service.readSettings(tx);
        await service.writeSettings(tx, auth.lenderId, body.notifications);
        const after = await service.readSettings(tx);
        // One record per lender; each type a property (its channels and texts), as the audit shows changes.
        const byType = (list: typeof after) => Object.fromEntries(list.map(({ type, ...rest }) => [type, rest]));
        const changes = changedFields(byType(before), byType(after));
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, auth, {
            area: 'borrowerNotifications',
            action: 'update',
            recordId: auth.lenderId,
            details: { label: 'Borrower Notifications', changes },
          });
        }
        return { notifications: after };
      }),
    );

    registerEndpoint(app, e.preview, async ({ auth, body }) => {
      const result = await withTenant(db, auth.lenderId, (tx) => service.preview(tx, body));
      if (!result) throw notFound();
      return result;
    });

    registerEndpoint(app, e.log, async ({ auth, params }) =>
      withTenant(db, auth.lenderId, async (tx) => {
        if (!(await service.loadMergeData(tx, params.id))) throw notFound();
        return service.readLog(tx, params.id);
      }),
    );
  },
};
