import { z } from 'zod';
import { userRefSchema } from './common.ts';
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
  /** The access token, for opening the file in a new window (checked exactly like the bearer token). */
  token: z.string().optional(),
});
export const fileParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  fileId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const fileUpdateSchema = z.object({ uploadTypeId: uploadTypeIdSchema });
