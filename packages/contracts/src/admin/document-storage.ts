import { z } from 'zod';
import { idParamsSchema, optionalText, requiredText } from '../applications/common.ts';
import { uploadTypeIds } from '../applications/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { textSchema } from '../primitives.ts';

/**
 * Administration › Document Storage (spec 2 §1 "lender document storage providers", §3 "Lender document storage
 * provider detail: id; mappable fields are loaded", §4 enable/disable, §7 `lenderDocStorage/*`, §8 texts; issue 37
 * item 4). Where the lender's documents are filed once Credence has them (the loan summary exported on funding,
 * signed contracts): a directory of a file system or network share mounted on the server, or a bucket of any
 * S3-compatible object store. Each provider files the upload types it is given, at a path built from a template
 * of mappable fields, and writes the mapped fields as the document's index (S3 object metadata, or a sidecar
 * `.json` beside the file).
 */

export const documentStorageTexts = {
  title: 'Document Storage',
  saveFailed: 'Document Provider Save Failed',
  updateFailed: 'Document Provider Update Failed',
  enableFailed: 'Enable Failed',
  disableFailed: 'Disable Failed',
  nameTaken: 'A document storage provider with this name already exists.',
  secretRequired: 'Enter the secret access key.',
  rootRequired: 'Enter the directory.',
  badRoot: 'A directory below the storage root: letters, digits, spaces, . _ - and /, no "..".',
  endpointRequired: 'Enter the S3 endpoint.',
  badEndpoint: 'An https:// address (http:// only for this server itself), without a path, user, query or fragment.',
  regionRequired: 'Enter the region.',
  bucketRequired: 'Enter the bucket.',
  badBucket: 'A bucket name: 3 to 63 lowercase letters, digits, dots and hyphens.',
  accessKeyRequired: 'Enter the access key id.',
  badTemplate: 'A relative path of {field} placeholders and text: letters, digits, spaces, . _ - and /, no "..".',
  unknownPlaceholder: (name: string) => `Unknown field {${name}}.`,
  badIndexField: 'An index field name: a letter, then letters, digits, _ or - (at most 64).',
  duplicateIndexField: 'Each index field once.',
  oneUploadType: 'Choose at least one document type.',
  filingStatus: { queued: 'Filing', retrying: 'Retrying', filed: 'Filed', failed: 'Filing failed' },
} as const;

export const documentStorageProviderTypes = ['FileSystem', 'S3'] as const;
export const documentStorageProviderTypeSchema = z.enum(documentStorageProviderTypes);
export type DocumentStorageProviderType = z.infer<typeof documentStorageProviderTypeSchema>;
export const documentStorageProviderTypeLabels: Record<DocumentStorageProviderType, string> = {
  FileSystem: 'File system / network share',
  S3: 'S3-compatible object store',
};

/** The fields a provider may map to its index fields and use in its path template. */
export const mappableFieldKeys = [
  'documentType',
  'memberNumber',
  'loanId',
  'applicationId',
  'applicationDate',
  'contractDate',
  'fundingDate',
  'filedDate',
  'fileName',
] as const;
export const mappableFieldKeySchema = z.enum(mappableFieldKeys);
export type MappableFieldKey = z.infer<typeof mappableFieldKeySchema>;

export const mappableFieldSchema = z.object({
  key: mappableFieldKeySchema,
  label: z.string(),
  description: z.string(),
  example: z.string(),
});
export type MappableField = z.infer<typeof mappableFieldSchema>;

/** `GET lenderDocStorage/mappableFields` (spec 2 §3 "mappable fields are loaded"). */
export const mappableFields: MappableField[] = [
  {
    key: 'documentType',
    label: 'Document Type',
    description: "The file's upload type (Loan Summary, Signed Contract, …)",
    example: 'Loan Summary',
  },
  {
    key: 'memberNumber',
    label: 'Member Number',
    description: "The loan's member number, else the primary applicant's",
    example: '100234',
  },
  { key: 'loanId', label: 'Loan Id', description: 'The loan id at the core (once chosen)', example: '0042' },
  { key: 'applicationId', label: 'Application Id', description: "Credence's application number", example: '1187' },
  {
    key: 'applicationDate',
    label: 'Application Date',
    description: 'When the application was created (YYYY-MM-DD, lender time)',
    example: '2026-11-02',
  },
  { key: 'contractDate', label: 'Contract Date', description: "The loan's contract date", example: '2026-11-20' },
  { key: 'fundingDate', label: 'Funding Date', description: "The loan's funding date", example: '2026-11-21' },
  {
    key: 'filedDate',
    label: 'Filed Date',
    description: 'When the document is filed (YYYY-MM-DD, lender time)',
    example: '2026-11-21',
  },
  { key: 'fileName', label: 'File Name', description: "The file's own name", example: 'Loan Summary 1187.pdf' },
];

/** `{field}` placeholders of a path template. */
export const templatePlaceholders = (template: string) => [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);

/** Text of a path template or directory outside its placeholders: safe path characters only, no `..` segment. */
const safePath = (value: string) =>
  /^[A-Za-z0-9 ._\-/{}]*$/.test(value) &&
  !value.startsWith('/') &&
  !value.split('/').some((segment) => segment.trim() === '..' || segment.trim() === '.') &&
  !value.includes('//');

export const INDEX_FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const fieldMappingSchema = z.object({
  field: mappableFieldKeySchema,
  indexField: textSchema().trim().regex(INDEX_FIELD_PATTERN, documentStorageTexts.badIndexField),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** An S3 endpoint: https (http only to this machine), an origin with no credentials, path, query or fragment. */
export const isS3Endpoint = (value: string) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return false;
  // Never the cloud metadata service or another link-local / unspecified address (checked again when filing).
  if (/^(169\.254\.|0\.)/.test(url.hostname) || /^\[(fe80:|::\]$)/i.test(url.hostname)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
};

const providerFields = {
  name: requiredText(100),
  providerType: documentStorageProviderTypeSchema,
  uploadTypeIds: z
    .array(z.number().int())
    .max(20)
    .refine((ids) => ids.every((id) => uploadTypeIds.includes(id as never)), 'Unknown document type.')
    .refine((ids) => ids.length > 0, documentStorageTexts.oneUploadType),
  pathTemplate: textSchema().trim().min(1, documentStorageTexts.badTemplate).max(300),
  fieldMappings: z.array(fieldMappingSchema).max(20),
  rootDirectory: optionalText(200),
  s3Endpoint: optionalText(200),
  s3Region: optionalText(40),
  s3Bucket: optionalText(63),
  s3AccessKeyId: optionalText(128),
  s3ForcePathStyle: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
};

/**
 * A provider as saved. The S3 secret is write-only: given to set or change it, absent (or empty) to keep the one
 * stored; it is never answered (`hasS3SecretAccessKey` says whether one is set).
 */
export const documentStorageProviderInputSchema = z
  .object({
    ...providerFields,
    s3SecretAccessKey: textSchema().max(128).optional(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!safePath(p.pathTemplate)) issue('pathTemplate', documentStorageTexts.badTemplate);
    else {
      const unknown = templatePlaceholders(p.pathTemplate).find(
        (name) => !(mappableFieldKeys as readonly string[]).includes(name),
      );
      if (unknown !== undefined) issue('pathTemplate', documentStorageTexts.unknownPlaceholder(unknown));
    }
    const names = p.fieldMappings.map((m) => m.indexField.toLowerCase());
    if (new Set(names).size !== names.length) issue('fieldMappings', documentStorageTexts.duplicateIndexField);
    if (p.providerType === 'FileSystem') {
      if (p.rootDirectory === null) issue('rootDirectory', documentStorageTexts.rootRequired);
      else if (!safePath(p.rootDirectory) || /[{}]/.test(p.rootDirectory))
        issue('rootDirectory', documentStorageTexts.badRoot);
    } else {
      if (p.s3Endpoint === null) issue('s3Endpoint', documentStorageTexts.endpointRequired);
      else if (!isS3Endpoint(p.s3Endpoint)) issue('s3Endpoint', documentStorageTexts.badEndpoint);
      if (p.s3Region === null) issue('s3Region', documentStorageTexts.regionRequired);
      else if (!/^[a-z0-9-]{1,40}$/.test(p.s3Region)) issue('s3Region', documentStorageTexts.regionRequired);
      if (p.s3Bucket === null) issue('s3Bucket', documentStorageTexts.bucketRequired);
      else if (!S3_BUCKET.test(p.s3Bucket)) issue('s3Bucket', documentStorageTexts.badBucket);
      if (p.s3AccessKeyId === null) issue('s3AccessKeyId', documentStorageTexts.accessKeyRequired);
    }
  });
export type DocumentStorageProviderInput = z.input<typeof documentStorageProviderInputSchema>;

export const documentStorageProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  providerType: documentStorageProviderTypeSchema,
  uploadTypeIds: z.array(z.number().int()),
  pathTemplate: z.string(),
  fieldMappings: z.array(z.object({ field: mappableFieldKeySchema, indexField: z.string() })),
  rootDirectory: z.string().nullable(),
  s3Endpoint: z.string().nullable(),
  s3Region: z.string().nullable(),
  s3Bucket: z.string().nullable(),
  s3AccessKeyId: z.string().nullable(),
  s3ForcePathStyle: z.boolean(),
  hasS3SecretAccessKey: z.boolean(),
  enabled: z.boolean(),
});
export type DocumentStorageProvider = z.infer<typeof documentStorageProviderSchema>;

const DOC_STORAGE = '/api/lenderDocStorage';

const resource = defineResource({
  name: 'documentStorageProviders',
  title: 'Document Storage',
  singular: 'Document Provider',
  path: `${DOC_STORAGE}/providerDetails`,
  right: 'canManageDocStorage',
  row: documentStorageProviderSchema,
  input: documentStorageProviderInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable'],
  unique: { field: 'name', message: documentStorageTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'providerType', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery, providerType: documentStorageProviderTypeSchema.optional() },
  },
});

/** Spec 2 §7 puts enable and disable at `lenderDocStorage/{id}/enable|disable`, not under providerDetails. */
const toggle = (verb: 'enable' | 'disable') =>
  endpoint({
    method: 'POST',
    path: `${DOC_STORAGE}/:id/${verb}`,
    access: { right: 'canManageDocStorage' },
    tag: resource.name,
    summary: `${verb === 'enable' ? 'Enable' : 'Disable'} a document storage provider (audited)`,
    params: idParamsSchema,
    response: documentStorageProviderSchema,
  });

/**
 * `GET|POST lenderDocStorage/providerDetails`, `GET|PUT lenderDocStorage/providerDetails/{id}`,
 * `POST lenderDocStorage/{id}/enable|disable` (spec 2 §7).
 */
export const documentStorageResource = {
  ...resource,
  endpoints: { ...resource.endpoints, enable: toggle('enable'), disable: toggle('disable') },
};

export const documentFilingStatuses = ['queued', 'retrying', 'filed', 'failed'] as const;
export const documentFilingStatusSchema = z.enum(documentFilingStatuses);
export type DocumentFilingStatus = z.infer<typeof documentFilingStatusSchema>;

/** One document's filing to one provider, as the application's files show it. */
export const documentFilingSchema = z.object({
  id: z.number().int(),
  appFileId: z.number().int(),
  providerId: z.number().int(),
  providerName: z.string(),
  status: documentFilingStatusSchema,
  attempts: z.number().int(),
  /** The scrubbed reason of the last failure (no path, address or secret). */
  lastError: z.string().nullable(),
  /** Where it was filed: the path below the provider's directory, or the object key. */
  location: z.string().nullable(),
  filedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type DocumentFiling = z.infer<typeof documentFilingSchema>;

export const documentStorageEndpoints = {
  mappableFields: endpoint({
    method: 'GET',
    path: `${DOC_STORAGE}/mappableFields`,
    access: { right: 'canManageDocStorage' },
    tag: resource.name,
    summary: 'The fields a document storage provider may map to its index fields and use in its path template',
    response: z.array(mappableFieldSchema),
  }),
  filings: endpoint({
    method: 'GET',
    path: '/api/applications/:id/documentFilings',
    access: 'signedIn',
    tag: 'files',
    summary: "The filing of the application's documents to the lender's document storage providers, newest first",
    params: idParamsSchema,
    response: z.array(documentFilingSchema),
  }),
};
