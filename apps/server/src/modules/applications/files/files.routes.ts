import fastifyMultipart from '@fastify/multipart';
import { fileEndpoints } from '@credence/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { issueDownloadToken } from '../../../platform/download-tokens.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { createFileStore } from '../../../platform/file-store.ts';
import { applicationContext } from '../application-context.ts';
import { contentDisposition, extensionOf } from './file-types.ts';
import * as service from './files.service.ts';
import { createUploadSlots } from './upload-slots.ts';
import { readUpload } from './upload-reader.ts';

export const registerFileRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = { ...applicationContext(appDeps), fileStore: createFileStore(appDeps.config) };
  const uploadSlots = createUploadSlots(appDeps.config.uploadConcurrency, appDeps.config.uploadQueueMs);

  registerEndpoint(app, fileEndpoints.list, ({ auth, params, query }) =>
    service.listFiles(ctx, auth, params.id, query.includeDeleted === 'true'),
  );

  // Multipart parsing only for the upload: registered in its own scope.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: appDeps.config.fileMaxBytes } });
    registerEndpoint(scope.withTypeProvider<ZodTypeProvider>(), fileEndpoints.upload, async ({ auth, params, raw }) => {
      await service.assertApplicationExists(ctx, auth, params.id);
      // A client that gives up while waiting for a slot leaves the line.
      const gone = new AbortController();
      const onClose = () => gone.abort();
      raw.raw.socket.once('close', onClose);
      const release = await uploadSlots.acquire(gone.signal).finally(() => raw.raw.socket.off('close', onClose));
      try {
        const upload = await readUpload(raw, appDeps.config.fileMaxBytes);
        try {
          return await service.uploadFiles(ctx, auth, params.id, upload);
        } finally {
          await upload.discard();
        }
      } finally {
        release();
      }
    });
  });

  registerEndpoint(app, fileEndpoints.downloadToken, async ({ auth, params, body }) => {
    const includeDeleted = body?.includeDeleted === true;
    await service.assertFileVisible(ctx, auth, params.id, params.fileId, includeDeleted);
    return issueDownloadToken(appDeps.db, auth.sessionId, {
      applicationId: params.id,
      fileId: params.fileId,
      includeDeleted,
    });
  });

  registerEndpoint(
    app,
    fileEndpoints.download,
    async ({ auth, params, query }, reply) => {
      const { file, size, content } = await service.downloadFile(
        ctx,
        auth,
        params.id,
        params.fileId,
        query.includeDeleted === 'true',
      );
      const extension = extensionOf(file.fileName) ?? 'txt';
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(extension, file.fileName))
        .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('Cache-Control', 'private, no-store');
      return content;
    },
    { downloadToken: true },
  );

  registerEndpoint(app, fileEndpoints.update, ({ auth, params, body }) =>
    service.changeUploadType(ctx, auth, params.id, params.fileId, body.uploadTypeId),
  );

  registerEndpoint(app, fileEndpoints.remove, async ({ auth, params }) => {
    await service.deleteFile(ctx, auth, params.id, params.fileId);
    return null;
  });
};
