import { createHash } from 'node:crypto';
import path from 'node:path';
import { uploadTypes, type DocumentFiling, type MappableFieldKey } from '@credence/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import {
  FilingError,
  fileSystemProvider,
  fillPathTemplate,
  s3Provider,
  type DocumentStorageProvider,
} from '../../integrations/document-storage/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { DataProtector } from '../../platform/crypto.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { wakeJobQueue, type JobsLog } from '../../platform/jobs.ts';
import { describeDeliveryError } from '../../platform/outbox.ts';
import * as repo from './document-storage.repository.ts';

/**
 * Filing documents to the lender's document storage providers (issue 37 item 4). A document is queued in the
 * transaction that attached it (`enqueueDocumentFiling`: one row per enabled provider that files its upload type),
 * so a rollback queues nothing; the pg-boss queue `document-filing` (platform/jobs.ts, polled with the outbox)
 * takes due rows one at a time (`for update skip locked`), reads the file and its mapped fields in the lender's
 * tenant transaction, files it outside any transaction, and records the outcome: filed (with where), retrying
 * (a scrubbed reason, the next attempt after 10 s, 30 s, 90 s, …) or failed (after `FILING_MAX_ATTEMPTS`, or at once
 * when trying again cannot help, such as a path that would leave the storage root).
 */

export const DOCUMENT_FILING_QUEUE = 'document-filing';
export const FILING_MAX_ATTEMPTS = 6;
export const FILING_RETRY_BASE_SECONDS = 10;
/** How long a claimed filing is left to its worker before another may take it (a worker that died). */
const LEASE_SECONDS = 10 * 60;

/** The secret's purpose, bound into its ciphertext (platform/crypto.ts). */
export const S3_SECRET_PURPOSE = 'document_storage.s3_secret';

/** The base every file-system provider's directory lies below: `DOC_STORAGE_ROOT`, else `<DATA_DIR>/doc-storage`. */
export const documentStorageBase = (config: Pick<Config, 'dataDir'>, env: NodeJS.ProcessEnv = process.env) =>
  env.DOC_STORAGE_ROOT ? path.resolve(env.DOC_STORAGE_ROOT) : path.join(config.dataDir, 'doc-storage');

/**
 * Queues the filing of an application file (call it inside the transaction that attached the file, then
 * `wakeDocumentFiling()` after the commit). Answers how many providers will file it.
 */
export const enqueueDocumentFiling = (tx: TenantTx, appFileId: number) => repo.queueFilings(tx, appFileId);

/** After a commit that queued filings: this process's job runner takes them now rather than at its next poll. */
export const wakeDocumentFiling = () => wakeJobQueue(DOCUMENT_FILING_QUEUE);

export const hasDueFiling = repo.hasDueFiling;

export type FilingDeps = {
  db: Db;
  store: FileStore;
  protector: DataProtector;
  /** The storage root of file-system providers (documentStorageBase). */
  base: string;
  maxAttempts?: number;
  retryBaseSeconds?: number;
};

const uploadTypeName = (id: number) => uploadTypes.find((u) => u.id === id)?.name ?? 'Other';

const providerOf = (deps: FilingDeps, p: repo.ProviderRecord): DocumentStorageProvider => {
  if (p.provider_type === 'FileSystem')
    return fileSystemProvider({ base: deps.base, rootDirectory: p.root_directory ?? '' });
  if (!p.s3_endpoint || !p.s3_region || !p.s3_bucket || !p.s3_access_key_id || !p.s3_secret_access_key)
    throw new FilingError('The S3 provider is not completely set up', false);
  return s3Provider({
    endpoint: p.s3_endpoint,
    region: p.s3_region,
    bucket: p.s3_bucket,
    accessKeyId: p.s3_access_key_id,
    secretAccessKey: deps.protector.decrypt(p.s3_secret_access_key, S3_SECRET_PURPOSE),
    forcePathStyle: p.s3_force_path_style,
  });
};

const readWhole = async (tx: TenantTx, store: FileStore, fileId: string, size: number) => {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < size; offset += 1024 * 1024)
    parts.push(await store.read(tx, fileId, offset, Math.min(1024 * 1024, size - offset)));
  return Buffer.concat(parts);
};

/** A failure's reason as stored and shown: a FilingError's own (already safe), otherwise scrubbed. */
const reasonOf = (error: unknown) =>
  error instanceof FilingError
    ? error.message
    : describeDeliveryError(error)
        .replace(/(['"])?\/[^\s'"]*\1?/g, '<path>')
        .slice(0, 300);

/** Files one claimed document; answers its outcome. */
const fileClaimed = async (deps: FilingDeps, claimed: repo.ClaimedFiling, log?: JobsLog) => {
  const maxAttempts = deps.maxAttempts ?? FILING_MAX_ATTEMPTS;
  try {
    const work = await withTenant(deps.db, claimed.lender_id, async (tx) => {
      const provider = await repo.findProvider(tx, claimed.provider_id);
      if (!provider) throw new FilingError('The provider no longer exists', false);
      if (!provider.enabled) throw new FilingError('The provider is disabled', false);
      const document = await repo.findDocument(tx, claimed.app_file_id);
      if (!document) throw new FilingError('The file no longer exists', false);
      if (document.is_deleted) throw new FilingError('The file was deleted', false);
      const values: Record<MappableFieldKey, string | null> = {
        documentType: uploadTypeName(document.upload_type_id),
        memberNumber: document.member_number,
        loanId: document.loan_id,
        applicationId: String(document.application_id),
        applicationDate: document.application_date,
        contractDate: document.contract_date,
        fundingDate: document.funding_date,
        filedDate: document.filed_date,
        fileName: document.file_name,
      };
      const index: Record<string, string> = {};
      for (const m of provider.field_mappings) index[m.indexField] = values[m.field as MappableFieldKey] ?? '';
      const content = await readWhole(tx, deps.store, document.file_id, Number(document.size));
      return {
        provider,
        document: {
          path: fillPathTemplate(provider.path_template, values),
          content,
          sha256: document.sha256 ?? '',
          contentType: document.content_type,
          index,
        },
      };
    });
    const sha256 = work.document.sha256 || createHash('sha256').update(work.document.content).digest('hex');
    const result = await providerOf(deps, work.provider).file({ ...work.document, sha256 });
    await withTenant(deps.db, claimed.lender_id, (tx) => repo.markFiled(tx, claimed.id, result.location));
    return 'filed' as const;
  } catch (error) {
    const reason = reasonOf(error);
    const givesUp = claimed.attempts >= maxAttempts || (error instanceof FilingError && !error.retryable);
    const retryIn = (deps.retryBaseSeconds ?? FILING_RETRY_BASE_SECONDS) * 3 ** Math.max(0, claimed.attempts - 1);
    await withTenant(deps.db, claimed.lender_id, (tx) => repo.markFailure(tx, claimed.id, reason, givesUp, retryIn));
    log?.warn({ filingId: claimed.id, attempts: claimed.attempts, givesUp, reason }, 'document filing failed');
    return givesUp ? ('failed' as const) : ('retrying' as const);
  }
};

/** The queue's work: every due filing, one at a time. Answers the outcomes (tests read them). */
export const runDueFilings = async (deps: FilingDeps, log?: JobsLog) => {
  const outcomes: ('filed' | 'retrying' | 'failed')[] = [];
  for (;;) {
    const claimed = await repo.claimFiling(deps.db, LEASE_SECONDS);
    if (!claimed) break;
    outcomes.push(await fileClaimed(deps, claimed, log));
  }
  if (outcomes.length > 0) log?.info({ filings: outcomes.length }, 'documents filed');
  return outcomes;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** `GET /api/applications/{id}/documentFilings`: the application's filings, newest first. */
export const listDocumentFilings = (
  open: <T>(auth: AuthContext, applicationId: number, work: (tx: TenantTx) => Promise<T>) => Promise<T>,
  auth: AuthContext,
  applicationId: number,
): Promise<DocumentFiling[]> =>
  open(auth, applicationId, async (tx) =>
    (await repo.listFilings(tx, applicationId)).map((f) => ({
      id: f.id,
      appFileId: f.app_file_id,
      providerId: f.provider_id,
      providerName: f.provider_name,
      status: f.status,
      attempts: f.attempts,
      lastError: f.last_error,
      location: f.location,
      filedAt: iso(f.filed_at),
      nextAttemptAt: f.status === 'retrying' || f.status === 'queued' ? iso(f.next_attempt_at) : null,
    })),
  );
