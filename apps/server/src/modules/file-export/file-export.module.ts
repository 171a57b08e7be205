import { FILE_EXPORT_RIGHT, fileExportEndpoints as e } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createFileStore } from '../../platform/file-store.ts';
import { registerJobQueue } from '../../platform/jobs.ts';
import { coreBatchExportKind } from './core-batch/core-batch-export-kind.ts';
import { registerExportKind } from './export-kinds.ts';
import * as repo from './file-export.repository.ts';
import * as service from './file-export.service.ts';
import { hmdaExportKind } from './hmda/hmda-export-kind.ts';
import { applicationsExportKind, loansExportKind } from './queue-export-kinds.ts';

/**
 * The File Export area (issue 33, items 8–10): the kinds, the history, start, cancel, the download token and the
 * download (guarded by `canExportFiles`, the download also by a single-use token), and two job queues worked by the
 * job runner (platform/jobs.ts): the exports and the retention of their files.
 */
export const fileExportModule: Module = {
  name: 'file-export',
  register: (app, { db, config }) => {
    const store = createFileStore(config);
    registerExportKind(applicationsExportKind);
    registerExportKind(loansExportKind);
    registerExportKind(hmdaExportKind);
    registerExportKind(coreBatchExportKind);
    registerJobQueue({
      name: service.FILE_EXPORT_QUEUE,
      due: repo.hasWaitingExport,
      work: async (jobDb, log) => void (await service.runQueuedExports(jobDb, store, log)),
      expireInSeconds: 6 * 3600,
    });
    registerJobQueue({
      name: service.FILE_EXPORT_RETENTION_QUEUE,
      due: repo.hasExpiredFile,
      work: async (jobDb, log) => void (await service.deleteExpiredFiles(jobDb, store, log)),
    });

    // Before /api/fileExports/:id.
    registerEndpoint(app, e.kinds, (r) => service.listKinds(db, r.auth));
    registerEndpoint(app, e.list, (r) => service.listExports(db, r.auth, r.query.page, r.query.pageSize));
    registerEndpoint(app, e.get, (r) => service.getExport(db, r.auth, r.params.id));
    registerEndpoint(app, e.start, (r) => service.startExport(db, r.auth, r.body));
    registerEndpoint(app, e.cancel, (r) => service.cancelExport(db, r.auth, r.params.id));
    registerEndpoint(app, e.downloadToken, (r) => service.exportDownloadToken(db, r.auth, r.params.id));
    // The file itself: a stream, and a `?dt=` download token may stand for the Authorization header.
    app.route({
      method: e.download.method,
      url: e.download.path,
      config: { right: FILE_EXPORT_RIGHT, downloadToken: true },
      schema: {
        tags: [e.download.tag],
        summary: e.download.summary,
        params: e.download.params,
        querystring: e.download.query,
      },
      handler: async (request, reply) => {
        const { id } = request.params as { id: number };
        const file = await service.downloadExport(db, store, authOf(request), id);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(file.content);
      },
    });
  },
};
