import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { idParamsSchema, pathIdSchema, userRefSchema } from './common.ts';
import { uploadTypeIds } from './enums.ts';

/** The kinds of file that may be uploaded, by extension, with the content type they are served as. */
export const allowedFileTypes = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
export type AllowedFileExtension = keyof typeof allowedFileTypes;
export const MAX_FILES_PER_UPLOAD = 10;
/**
 * The most files one application may hold, deleted ones included (their content stays stored): a loan file
 * holds tens of documents, so a lender never meets this bound, while it caps what one application can store
 * and what its file list returns (issue 30, item 12).
 */
export const MAX_FILES_PER_APPLICATION = 500;

export const uploadTypeIdSchema = z
  .number()
  .int()
  .refine((v) => (uploadTypeIds as number[]).includes(v));

/**
 * An uploaded file of an application. `appFileId` names it in the paths (/files/{appFileId}); `fileId` names
 * its stored content.
 */
export const applicationFileSchema = z.object({
  appFileId: z.number().int(),
  fileId: z.string(),
  name: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadTypeId: z.number().int(),
  uploadedByUser: userRefSchema.nullable(),
  uploadedUtcTime: z.string(),
  isDeleted: z.boolean(),
});
export type ApplicationFile = z.infer<typeof applicationFileSchema>;

export const filesQuerySchema = z.object({ includeDeleted: z.enum(['true', 'false']).optional() });
export const fileDownloadQuerySchema = z.object({
  includeDeleted: z.enum(['true', 'false']).optional(),
  /** A single-use download token (POST …/downloadToken), for opening the file in a new window. */
  dt: z.string().max(100).optional(),
});
export const fileDownloadTokenRequestSchema = z.object({ includeDeleted: z.boolean().optional() });
/** A token that opens one file once, within a minute, for the session that asked for it. */
export const fileDownloadTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type FileDownloadToken = z.infer<typeof fileDownloadTokenSchema>;
export const fileParamsSchema = z.object({
  id: pathIdSchema(),
  fileId: pathIdSchema(),
});
export const fileUpdateSchema = z.object({ uploadTypeId: uploadTypeIdSchema });

/** An application's files (spec 3 §7 Files). The upload is multipart: its parts are read by the server itself. */
export const fileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/applications/:id/files',
    access: 'signedIn',
    tag: 'files',
    summary: "An application's files (deleted ones with includeDeleted=true)",
    params: idParamsSchema,
    query: filesQuerySchema,
    response: z.array(applicationFileSchema),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/applications/:id/files/upload',
    access: 'signedIn',
    tag: 'files',
    summary: `Upload files (multipart: repeated names[] and files, optional uploadTypeId; at most ${MAX_FILES_PER_UPLOAD} per upload and ${MAX_FILES_PER_APPLICATION} per application (deleted ones counted; 422 beyond), each within the size limit; pdf, png, jpg, tif, doc(x), xls(x), txt, csv); all or nothing. Streamed, never held whole; at most UPLOAD_CONCURRENCY at once per process, the next wait up to UPLOAD_QUEUE_MS, then 503 with Retry-After`,
    params: idParamsSchema,
    response: z.array(applicationFileSchema),
    status: 201,
  }),
  downloadToken: endpoint({
    method: 'POST',
    path: '/api/applications/:id/files/:fileId/downloadToken',
    access: 'signedIn',
    tag: 'files',
    summary: 'A single-use token (valid 60 s) that opens this file once in a new window: ?dt=',
    params: fileParamsSchema,
    body: fileDownloadTokenRequestSchema.nullish(),
    response: fileDownloadTokenSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/applications/:id/files/:fileId',
    access: 'signedIn',
    tag: 'files',
    summary: 'Download a file (its content type; inline for PDF and images); ?dt= (a download token) for a new window',
    params: fileParamsSchema,
    query: fileDownloadQuerySchema,
    response: z.unknown(),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/files/:fileId',
    access: 'signedIn',
    tag: 'files',
    summary: "Change a file's upload type",
    params: fileParamsSchema,
    body: fileUpdateSchema,
    response: applicationFileSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/applications/:id/files/:fileId',
    access: 'signedIn',
    tag: 'files',
    summary: 'Delete a file (kept, marked deleted)',
    params: fileParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
};
