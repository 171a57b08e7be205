import { widgetEndpoints as e } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { registerJobQueue } from '../../platform/jobs.ts';
import * as service from './widgets.service.ts';

/**
 * The home dashboard's widgets (spec 1 §2 Home; issue 32): the user's widgets and add-on preferences, and the
 * job that computes their snapshots (queue `widget-snapshots`).
 */
export const widgetsModule: Module = {
  name: 'widgets',
  register: (app, { db }) => {
    registerJobQueue(service.snapshotQueue);
    registerEndpoint(app, e.list, ({ auth }) => service.listWidgets(db, auth));
    registerEndpoint(app, e.getAddonPreferences, ({ auth }) => service.getAddonPreferences(db, auth));
    registerEndpoint(app, e.saveAddonPreferences, ({ auth, body }) => service.saveAddonPreferences(db, auth, body));
    registerEndpoint(app, e.get, ({ auth, params }) => service.getWidget(db, auth, params.name));
    registerEndpoint(app, e.save, ({ auth, params, body }) => service.saveWidget(db, auth, params.name, body));
    registerEndpoint(app, e.remove, async ({ auth, params }) => {
      await service.removeWidget(db, auth, params.name);
      return null;
    });
  },
};
