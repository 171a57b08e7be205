import fastifyMultipart from '@fastify/multipart';
import {
  applicationFileSchema,
  errorBodySchema,
  fileDownloadQuerySchema,
  fileDownloadTokenRequestSchema,
  fileDownloadTokenSchema,
  fileParamsSchema,
  filesQuerySchema,
  fileUpdateSchema,
  idParamsSchema,
  MAX_FILES_PER_UPLOAD,
} from '@credence/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { issueDownloadToken } from '../../../platform/download-tokens.ts';
import { createFileStore } from '../../../platform/file-store.ts';
import { applicationContext } from '../application-context.ts';
import { contentDisposition, extensionOf } from './file-types.ts';
import * as service from './files.service.ts';
import { createUploadSlots } from './upload-slots.ts';
import { readUpload } from './upload-reader.ts';

export const registerFileRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = { ...applicationContext(appDeps), fileStore: createFileStore(appDeps.config) };
  const uploadSlots = createUploadSlots(appDeps.config.uploadConcurrency, appDeps.config.uploadQueueMs);

  app.get(
    '/api/applications/:id/files',
    {
      schema: {
        tags: ['files'],
        summary: "An application's files (deleted ones with includeDeleted=true)",
        params: idParamsSchema,
        querystring: filesQuerySchema,
        response: { 200: z.array(applicationFileSchema), 404: errorBodySchema },
      },
    },
    (request) => service.listFiles(ctx, authOf(request), request.params.id, request.query.includeDeleted === 'true'),
  );

  // Multipart parsing only for the upload: registered in its own scope.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: appDeps.config.fileMaxBytes } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/applications/:id/files/upload',
      {
        schema: {
          tags: ['files'],
          summary: `Upload files (multipart: repeated names[] and files, optional uploadTypeId; at most ${MAX_FILES_PER_UPLOAD} per upload and ${service.MAX_FILES_PER_APPLICATION} per application (deleted ones counted; 422 beyond), each within the size limit; pdf, png, jpg, tif, doc(x), xls(x), txt, csv); all or nothing. Streamed, never held whole; at most UPLOAD_CONCURRENCY at once per process, the next wait up to UPLOAD_QUEUE_MS, then 503 with Retry-After`,
          params: idParamsSchema,
          response: {
            201: z.array(applicationFileSchema),
            400: errorBodySchema,
            404: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            422: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        await service.assertApplicationExists(ctx, auth, request.params.id);
        // A client that gives up while waiting for a slot leaves the line.
        const gone = new AbortController();
        const onClose = () => gone.abort();
        request.raw.socket.once('close', onClose);
        const release = await uploadSlots.acquire(gone.signal).finally(() => request.raw.socket.off('close', onClose));
        try {
          const upload = await readUpload(request, appDeps.config.fileMaxBytes);
          try {
            return reply.status(201).send(await service.uploadFiles(ctx, auth, request.params.id, upload));
          } finally {
            await upload.discard();
          }
        } finally {
          release();
        }
      },
    );
  });

  app.post(
    '/api/applications/:id/files/:fileId/downloadToken',
    {
      schema: {
        tags: ['files'],
        summary: 'A single-use token (valid 60 s) that opens this file once in a new window: ?dt=',
        params: fileParamsSchema,
        body: fileDownloadTokenRequestSchema.nullish(),
        response: { 200: fileDownloadTokenSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const includeDeleted = request.body?.includeDeleted === true;
      await service.assertFileVisible(ctx, auth, request.params.id, request.params.fileId, includeDeleted);
      return issueDownloadToken(appDeps.db, auth.sessionId, {
        applicationId: request.params.id,
        fileId: request.params.fileId,
        includeDeleted,
      });
    },
  );

  app.get(
    '/api/applications/:id/files/:fileId',
    {
      config: { downloadToken: true },
      schema: {
        tags: ['files'],
        summary:
          'Download a file (its content type; inline for PDF and images); ?dt= (a download token) for a new window',
        params: fileParamsSchema,
        querystring: fileDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { file, size, content } = await service.downloadFile(
        ctx,
        authOf(request),
        request.params.id,
        request.params.fileId,
        request.query.includeDeleted === 'true',
      );
      const extension = extensionOf(file.fileName) ?? 'txt';
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(extension, file.fileName))
        .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('Cache-Control', 'private, no-store')
        .send(content);
    },
  );

  app.put(
    '/api/applications/:id/files/:fileId',
    {
      schema: {
        tags: ['files'],
        summary: "Change a file's upload type",
        params: fileParamsSchema,
        body: fileUpdateSchema,
        response: { 200: applicationFileSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) =>
      service.changeUploadType(
        ctx,
        authOf(request),
        request.params.id,
        request.params.fileId,
        request.body.uploadTypeId,
      ),
  );

  app.delete(
    '/api/applications/:id/files/:fileId',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file (kept, marked deleted)',
        params: fileParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteFile(ctx, authOf(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
