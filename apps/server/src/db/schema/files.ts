import { boolean, customType, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** File content of the default (PostgreSQL) file store; another store keeps it elsewhere under the same id. */
export const fileContents = pgTable(
  'file_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('file_contents_id_lender_key').on(t.id, t.lenderId)],
);

/** A file uploaded to an application: its metadata; the content is in the file store under `file_id`. */
export const applicationFiles = pgTable(
  'application_files',
  {
    ...applicationChildColumns(),
    fileId: uuid('file_id').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadTypeId: integer('upload_type_id').notNull().default(1),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    deletedByUserId: integer('deleted_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('application_files', t),
    index('application_files_application_idx').on(t.applicationId, t.createdAt),
    index('application_files_file_idx').on(t.fileId),
  ],
);
