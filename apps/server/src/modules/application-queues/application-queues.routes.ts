import {
  applicationSearchRequestSchema,
  dynamicQueueColumnsSchema,
  errorBodySchema,
  queueGridNameSchema,
  queuePageSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { applicationDeps } from '../applications/application-context.ts';
import * as service from './application-queues.service.ts';

const gridParamsSchema = z.object({ gridName: queueGridNameSchema });

export const registerApplicationQueueRoutes = (app: App, appDeps: AppDeps) => {
  const deps = applicationDeps(appDeps);

  app.get(
    '/api/applicationqueues/dynamicQueueColumns',
    {
      schema: {
        tags: ['queues'],
        summary: "The queue columns (fields, types, operators) with the lender's products, dealers, states, sources",
        response: { 200: dynamicQueueColumnsSchema },
      },
    },
    (request) => service.dynamicColumns(deps, authOf(request)),
  );

  app.post(
    '/api/applicationqueues/:gridName/search',
    {
      schema: {
        tags: ['queues'],
        summary:
          'One page of a queue: filter (allow-listed fields and operators), text lookup (id, member number, SSN, names), sort, page/pageSize or skip/take; total capped at 10 000 when filtered',
        params: gridParamsSchema,
        body: applicationSearchRequestSchema,
        response: { 200: queuePageSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => service.search(deps, authOf(request), request.params.gridName, request.body),
  );

  app.post(
    '/api/applicationqueues/:gridName/export',
    {
      // Only reads, and its answer is a stream that cannot be stored: a retry with an Idempotency-Key exports anew.
      config: { idempotency: false },
      schema: {
        tags: ['queues'],
        summary: 'The queue as CSV (text/csv): the chosen columns, display values, up to 50 000 rows in the page order',
        params: gridParamsSchema,
        body: applicationSearchRequestSchema,
      },
    },
    async (request, reply) => {
      const { gridName } = request.params;
      const stream = await service.exportCsv(deps, authOf(request), gridName, request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${gridName}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};
