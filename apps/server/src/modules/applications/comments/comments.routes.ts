import { commentEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './comments.service.ts';

export const registerCommentRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, commentEndpoints.list, ({ auth, params, query }) =>
    service.listComments(ctx, auth, params.id, {
      includeDeleted: query.includeDeleted === 'true',
      type: query.type,
      limit: query.limit,
      before: query.before,
    }),
  );
  registerEndpoint(app, commentEndpoints.add, ({ auth, params, body }) =>
    service.addComment(ctx, auth, params.id, body),
  );
  registerEndpoint(app, commentEndpoints.edit, ({ auth, params, body }) =>
    service.editComment(ctx, auth, params.id, params.commentId, body),
  );
  registerEndpoint(app, commentEndpoints.remove, async ({ auth, params }) => {
    await service.deleteComment(ctx, auth, params.id, params.commentId);
    return null;
  });
  registerEndpoint(app, commentEndpoints.restore, ({ auth, params }) =>
    service.restoreComment(ctx, auth, params.id, params.commentId),
  );
  registerEndpoint(app, commentEndpoints.markViewed, async ({ auth, params }) => {
    await service.markCommentViewed(ctx, auth, params.id, params.commentId);
    return null;
  });
};
