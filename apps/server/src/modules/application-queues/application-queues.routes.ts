import { queueEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { applicationDeps } from '../applications/application-context.ts';
import * as service from './application-queues.service.ts';

export const registerApplicationQueueRoutes = (app: App, appDeps: AppDeps) => {
  const deps = applicationDeps(appDeps);

  registerEndpoint(app, queueEndpoints.columns, ({ auth }) => service.dynamicColumns(deps, auth));
  registerEndpoint(app, queueEndpoints.search, ({ auth, params, body }) =>
    service.search(deps, auth, params.gridName, body),
  );
  registerEndpoint(
    app,
    queueEndpoints.export,
    async ({ auth, params, body }, reply) => {
      const { gridName } = params;
      const stream = await service.exportCsv(deps, auth, gridName, body);
      void reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${gridName}.csv"`)
        .header('Cache-Control', 'no-store');
      // A stream is sent as it is (the response schema's serializer is for JSON).
      return stream as never;
    },
    // Only reads, and its answer is a stream that cannot be stored: a retry with an Idempotency-Key exports anew.
    { idempotency: false },
  );
};
