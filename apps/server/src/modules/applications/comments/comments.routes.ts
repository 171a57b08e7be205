import {
  commentInputSchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  commentsQuerySchema,
  commentUpdateSchema,
  errorBodySchema,
  idParamsSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './comments.service.ts';

export const registerCommentRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          "A page of an application's dealer and journal comments, newest first: ?type=, ?limit= (50, at most 200), ?before=<id of the last comment of the previous page>; deleted ones with includeDeleted=true. Answers {data, total, hasMore, unread: {JOURNAL, DEALER}}",
        params: idParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: commentPageSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) =>
      service.listComments(ctx, authOf(request), request.params.id, {
        includeDeleted: request.query.includeDeleted === 'true',
        type: request.query.type,
        limit: request.query.limit,
        before: request.query.before,
      }),
  );

  app.post(
    '/api/applications/:id/comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Add a comment; mentions as @user:{email}[name] or @usergroup:{id}[name] notify those named. Answers the new comment alone',
        params: idParamsSchema,
        body: commentInputSchema,
        response: { 201: commentSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addComment(ctx, authOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/applications/:id/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit a comment (its author only)',
        params: commentParamsSchema,
        body: commentUpdateSchema,
        response: { 200: commentSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    (request) => service.editComment(ctx, authOf(request), request.params.id, request.params.commentId, request.body),
  );

  app.delete(
    '/api/applications/:id/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment (its author only; kept, marked deleted)',
        params: commentParamsSchema,
        response: { 204: z.null(), 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteComment(ctx, authOf(request), request.params.id, request.params.commentId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/applications/:id/comments/:commentId/restore',
    {
      schema: {
        tags: ['comments'],
        summary: 'Undo the delete of a comment (its author only). Answers the restored comment',
        params: commentParamsSchema,
        response: {
          200: commentSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) => service.restoreComment(ctx, authOf(request), request.params.id, request.params.commentId),
  );

  app.post(
    '/api/applications/:id/comments/:commentId/viewed',
    {
      schema: {
        tags: ['comments'],
        summary: 'Mark a comment seen by the caller',
        params: commentParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.markCommentViewed(ctx, authOf(request), request.params.id, request.params.commentId);
      return reply.status(204).send(null);
    },
  );
};
