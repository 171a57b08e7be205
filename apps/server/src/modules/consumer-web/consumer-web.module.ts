import {
  consumerWebEndpoints,
  consumerWebMessageFields,
  consumerWebMessageFieldsEndpoint,
  consumerWebMessagesResource,
} from '@credence/contracts';
import { consumerWebMessages } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { readFieldConfig, readSettings, saveFieldConfig, saveSettings } from './consumer-web.service.ts';

/**
 * Administration › Consumer Web (spec 2 §7): GET and POST ConsumerWeb (settings), GET and POST
 * ConsumerWeb/fieldConfig, and the messages on the kit (list, get, create, update, enable, disable) with their
 * merge fields list — every call behind canManageConsumerWeb, every write audited in its transaction.
 */
export const consumerWebModule = crudModule(consumerWebMessagesResource, {
  table: consumerWebMessages,
  extraRoutes: (app, { db }) => {
    registerEndpoint(app, consumerWebMessageFieldsEndpoint, () => [...consumerWebMessageFields]);
    registerEndpoint(app, consumerWebEndpoints.settings, ({ auth }) =>
      withTenant(db, auth.lenderId, (tx) => readSettings(tx, auth)),
    );
    registerEndpoint(app, consumerWebEndpoints.saveSettings, ({ auth, body }) =>
      withTenant(db, auth.lenderId, (tx) => saveSettings(tx, auth, body)),
    );
    registerEndpoint(app, consumerWebEndpoints.fieldConfig, ({ auth }) =>
      withTenant(db, auth.lenderId, (tx) => readFieldConfig(tx, auth)),
    );
    registerEndpoint(app, consumerWebEndpoints.saveFieldConfig, ({ auth, body }) =>
      withTenant(db, auth.lenderId, (tx) => saveFieldConfig(tx, auth, body)),
    );
  },
});
