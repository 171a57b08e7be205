import { errorBodySchema, gridSettingNameSchema, gridSettingSaveSchema, gridSettingSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './grid-settings.service.ts';

const paramsSchema = z.object({ gridName: gridSettingNameSchema });

export const registerGridSettingRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/user/gridSettings/:gridName',
    {
      schema: {
        tags: ['users'],
        summary: "The caller's setting of a grid (columns, widths) as saved text, or null",
        params: paramsSchema,
        response: { 200: gridSettingSchema, 422: errorBodySchema },
      },
    },
    (request) => service.getGridSetting(db, authOf(request), request.params.gridName),
  );

  app.put(
    '/api/user/gridSettings/:gridName',
    {
      schema: {
        tags: ['users'],
        summary: "Save the caller's setting of a grid {setting} (text up to 20 000 characters)",
        params: paramsSchema,
        body: gridSettingSaveSchema,
        response: { 200: gridSettingSchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveGridSetting(db, authOf(request), request.params.gridName, request.body.setting),
  );
};
