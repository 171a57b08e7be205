import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documentFilingStatuses, documentStorageProviderTypes } from '@credence/contracts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { applicationFiles } from './files.ts';
import { lenders } from './lenders.ts';

/**
 * A lender's document storage provider (Administration › Document Storage, issue 37 item 4): a directory of a file
 * system or network share below the server's storage root, or a bucket of an S3-compatible store. The S3 secret is
 * encrypted (platform/crypto.ts, purpose `document_storage.s3_secret`) and never answered.
 */
export const documentStorageProviders = pgTable(
  'document_storage_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    providerType: text('provider_type').notNull(),
    /** The upload types (contracts `uploadTypes`) it files. */
    uploadTypeIds: jsonb('upload_type_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pathTemplate: text('path_template').notNull(),
    /** contracts `FieldMapping[]`: mappable field → the provider's index field. */
    fieldMappings: jsonb('field_mappings')
      .$type<{ field: string; indexField: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rootDirectory: text('root_directory'),
    s3Endpoint: text('s3_endpoint'),
    s3Region: text('s3_region'),
    s3Bucket: text('s3_bucket'),
    s3AccessKeyId: text('s3_access_key_id'),
    s3SecretAccessKey: text('s3_secret_access_key'),
    s3ForcePathStyle: boolean('s3_force_path_style').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_storage_providers_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    unique('document_storage_providers_id_lender_key').on(t.id, t.lenderId),
    check('document_storage_providers_type_check', oneOf(t.providerType, documentStorageProviderTypes)),
  ],
);

/**
 * One document (an application file) filed to one provider: queued in the transaction that attached the file,
 * worked by the `document-filing` job (retried with backoff until `attempts` reaches the limit, then failed).
 */
export const documentFilings = pgTable(
  'document_filings',
  {
    ...applicationChildColumns(),
    appFileId: integer('app_file_id')
      .notNull()
      .references(() => applicationFiles.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    location: text('location'),
    filedAt: timestamptz('filed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    belongsToApplication('document_filings', t),
    foreignKey({
      name: 'document_filings_provider_fk',
      columns: [t.providerId, t.lenderId],
      foreignColumns: [documentStorageProviders.id, documentStorageProviders.lenderId],
    }),
    check('document_filings_status_check', oneOf(t.status, documentFilingStatuses)),
    uniqueIndex('document_filings_file_provider_key').on(t.appFileId, t.providerId),
    index('document_filings_application_idx').on(t.applicationId, t.createdAt),
    index('document_filings_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'retrying')`),
  ],
);
