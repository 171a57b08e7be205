import { statusMessageFields, statusMessageFieldsEndpoint, statusMessagesResource } from '@credence/contracts';
import { applicationStatusMessages } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';

/** Administration › Application Status Messages (spec 2 §7): the kit's verbs, and the merge fields list. */
export const applicationStatusMessagesModule = crudModule(statusMessagesResource, {
  table: applicationStatusMessages,
  extraRoutes: (app) => registerEndpoint(app, statusMessageFieldsEndpoint, () => [...statusMessageFields]),
});
