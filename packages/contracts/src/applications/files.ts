import { z } from 'zod';
import { pathIdSchema, userRefSchema } from './common.ts';
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
