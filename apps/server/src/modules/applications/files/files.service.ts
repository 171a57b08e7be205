import {
  allowedFileTypes,
  DEFAULT_UPLOAD_TYPE_ID,
  historyActions,
  messages,
  MAX_FILES_PER_APPLICATION,
  MAX_FILES_PER_UPLOAD,
  uploadTypeIds,
  type ApplicationFile,
  type FieldError,
} from '@credence/contracts';
import { withTenant } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, notFound, validationError } from '../../../platform/errors.ts';
import { storedContentStream, type FileStore } from '../../../platform/file-store.ts';
import { eventOf, notify } from '../../notifications/notify.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import { cleanFileName, contentMatches, extensionOf } from './file-types.ts';
import * as repo from './files.repository.ts';

export type FileDeps = ApplicationContext & { fileStore: FileStore };

/** The bound on an application's files is declared with the files' endpoints (contracts); its tests read it here. */
export { MAX_FILES_PER_APPLICATION };
/** A received file: its size, hash and first bytes (for the type check); its content read piece by piece. */
export type UploadedPart = {
  fileName: string;
  size: number;
  sha256: string;
  head: Buffer;
  chunks: () => AsyncIterable<Buffer>;
};

const toFileView = ({
  file: f,
  uploadedByName,
}: {
  file: repo.FileRow;
  uploadedByName: string | null;
}): ApplicationFile => ({
  appFileId: f.id,
  fileId: f.fileId,
  name: f.name,
  fileName: f.fileName,
  contentType: f.contentType,
  size: f.size,
  uploadTypeId: f.uploadTypeId,
  uploadedByUser: f.uploadedByUserId === null ? null : { id: f.uploadedByUserId, name: uploadedByName ?? '' },
  uploadedUtcTime: f.createdAt.toISOString(),
  isDeleted: f.isDeleted,
});

export const assertApplicationExists = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async () => {});

export const listFiles = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, includeDeleted: boolean) =>
  ctx.open(auth, applicationId, async (tx) => {
    return (await repo.listFiles(tx, applicationId, includeDeleted)).map(toFileView);
  });

/**
 * Stores an upload all or nothing: every file is checked first (a name each, a known type whose content
 * matches it, not empty), then all are written in one transaction with one history row, if the application
 * then holds at most MAX_FILES_PER_APPLICATION files.
 */
export const uploadFiles = (
  ctx: FileDeps,
  auth: AuthContext,
  applicationId: number,
  upload: { names: string[]; files: UploadedPart[]; uploadTypeId: number | undefined },
) => {
  const { files } = upload;
  if (files.length === 0) throw validationError([{ field: 'files', message: messages.files.noFiles }]);
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooMany(MAX_FILES_PER_UPLOAD));
  }
  if (upload.names.length > 0 && upload.names.length !== files.length) {
    throw validationError([{ field: 'names', message: messages.files.namesMismatch }]);
  }
  const uploadTypeId = upload.uploadTypeId ?? DEFAULT_UPLOAD_TYPE_ID;
  if (!(uploadTypeIds as number[]).includes(uploadTypeId)) {
    throw validationError([{ field: 'uploadTypeId', message: messages.errors.validation }]);
  }
  const errors: FieldError[] = [];
  const checked = files.map((file, i) => {
    const fileName = cleanFileName(file.fileName);
    const extension = extensionOf(fileName);
    if (!extension) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.unsupportedType);
    if (file.size === 0) errors.push({ field: `files.${i}`, message: messages.files.empty });
    else if (!contentMatches(extension, file.head)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.contentMismatch);
    }
    const name = (upload.names[i] ?? fileName).trim().slice(0, 200);
    if (!name) errors.push({ field: `names.${i}`, message: messages.validation.required });
    return { name, fileName, contentType: allowedFileTypes[extension], file };
  });
  if (errors.length > 0) throw validationError(errors);

  return ctx.open(auth, applicationId, async (tx, history) => {
    // Counted and written under the application's file lock, so two uploads at once cannot both pass the bound;
    // refused before anything is written (422 on `files`: the bound is the application's, not this request's size).
    await repo.lockApplicationFiles(tx, applicationId);
    const held = await repo.countFiles(tx, applicationId);
    if (held + checked.length > MAX_FILES_PER_APPLICATION) {
      throw validationError([
        { field: 'files', message: messages.files.tooManyOnApplication(MAX_FILES_PER_APPLICATION, held) },
      ]);
    }
    const ids: number[] = [];
    for (const file of checked) {
      const fileId = await ctx.fileStore.put(tx, auth.lenderId, file.file);
      ids.push(
        await repo.insertFile(tx, {
          lenderId: auth.lenderId,
          applicationId,
          fileId,
          name: file.name,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.file.size,
          uploadTypeId,
          uploadedByUserId: auth.userId,
        }),
      );
    }
    await history({
      action: historyActions.fileUploaded,
      description: checked.map((f) => f.name).join(', '),
      entity: 'File',
      changes: checked.flatMap((f, i) => [
        { entity: 'File', entityId: ids[i]!, property: 'name', oldValue: null, newValue: f.name },
        { entity: 'File', entityId: ids[i]!, property: 'fileName', oldValue: null, newValue: f.fileName },
        { entity: 'File', entityId: ids[i]!, property: 'size', oldValue: null, newValue: String(f.file.size) },
      ]),
    });
    // One New Document (101) per upload, however many files it holds, to the application's owner and sharers.
    await notify(tx, { ...eventOf(auth, applicationId), type: 'DocumentUploaded', audience: { kind: 'followers' } });
    const rows = await repo.listFiles(tx, applicationId, false);
    return rows.filter((r) => ids.includes(r.file.id)).map(toFileView);
  });
};

/** 404 unless the caller's lender has this file (and it is not deleted, unless asked). */
export const assertFileVisible = (
  ctx: FileDeps,
  auth: AuthContext,
  applicationId: number,
  appFileId: number,
  includeDeleted: boolean,
) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findFile(tx, applicationId, appFileId);
    if (!found || (found.file.isDeleted && !includeDeleted)) throw notFound();
  });

/**
 * A file's metadata, size and content as a stream. The content is read in pieces of FILE_CHUNK_BYTES, each in
 * its own short transaction (stored content never changes), so a slow client holds neither memory nor a
 * database connection.
 */
export const downloadFile = async (
  ctx: FileDeps,
  auth: AuthContext,
  applicationId: number,
  appFileId: number,
  includeDeleted: boolean,
) => {
  const { file, size } = await withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findFile(tx, applicationId, appFileId);
    if (!found || (found.file.isDeleted && !includeDeleted)) throw notFound();
    const stored = await ctx.fileStore.size(tx, found.file.fileId);
    if (stored === undefined) throw notFound();
    return { file: found.file, size: stored };
  });
  const content = storedContentStream(ctx.db, auth.lenderId, ctx.fileStore, file.fileId, size);
  return { file, size, content };
};

export const changeUploadType = (
  ctx: FileDeps,
  auth: AuthContext,
  applicationId: number,
  appFileId: number,
  uploadTypeId: number,
) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findFile(tx, applicationId, appFileId);
    if (!found || found.file.isDeleted) throw notFound();
    if (found.file.uploadTypeId !== uploadTypeId) {
      await repo.updateFile(tx, appFileId, { uploadTypeId });
      await ctx.history(
        tx,
        auth,
        applicationId,
      )({
        action: historyActions.fileUpdated,
        description: found.file.name,
        entity: 'File',
        changes: [
          {
            entity: 'File',
            entityId: appFileId,
            property: 'uploadTypeId',
            oldValue: String(found.file.uploadTypeId),
            newValue: String(uploadTypeId),
          },
        ],
      });
    }
    return toFileView((await repo.findFile(tx, applicationId, appFileId))!);
  });

/** Marks a file deleted; its content is kept (the history and includeDeleted can still reach it). */
export const deleteFile = (ctx: FileDeps, auth: AuthContext, applicationId: number, appFileId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const found = await repo.findFile(tx, applicationId, appFileId);
    if (!found || found.file.isDeleted) throw notFound();
    await repo.updateFile(tx, appFileId, { isDeleted: true, deletedAt: new Date(), deletedByUserId: auth.userId });
    await ctx.history(
      tx,
      auth,
      applicationId,
    )({
      action: historyActions.fileDeleted,
      description: found.file.name,
      entity: 'File',
      changes: [{ entity: 'File', entityId: appFileId, property: 'isDeleted', oldValue: 'false', newValue: 'true' }],
    });
  });
