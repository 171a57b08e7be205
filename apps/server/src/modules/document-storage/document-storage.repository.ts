import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** Queries of document storage: the filing queue and what a document is filed with. */

type Executor = Pick<Db, 'execute'> | TenantTx;
const rows = async <T extends Record<string, unknown>>(db: Executor, query: ReturnType<typeof sql>) =>
  (await (db as Db).execute<T>(query)).rows;

/**
 * Queues the filing of an application file to every enabled provider of its lender that files its upload type;
 * a filing already queued for the same file and provider is left as it is. Answers how many were queued.
 */
export const queueFilings = async (tx: TenantTx, appFileId: number) =>
  (
    await rows<{ id: number }>(
      tx,
      sql`insert into document_filings (lender_id, application_id, app_file_id, provider_id)
          select f.lender_id, f.application_id, f.id, p.id
            from application_files f
            join document_storage_providers p on p.lender_id = f.lender_id
           where f.id = ${appFileId} and not f.is_deleted and p.enabled
             and p.upload_type_ids @> to_jsonb(f.upload_type_id)
          on conflict (app_file_id, provider_id) do nothing
          returning id`,
    )
  ).length;

/** Whether a filing waits for the job (the runner's poll; owner, across lenders). */
export const hasDueFiling = async (db: Db) =>
  (
    await rows<{ due: boolean }>(
      db,
      sql`select exists (select 1 from document_filings
                          where status in ('queued', 'retrying') and next_attempt_at <= now()) as due`,
    )
  )[0]?.due === true;

export type ClaimedFiling = {
  id: number;
  lender_id: number;
  application_id: number;
  app_file_id: number;
  provider_id: number;
  attempts: number;
};

/**
 * Takes the next due filing (skip locked: any number of workers) and counts its attempt; its next attempt is put
 * `leaseSeconds` ahead, so a worker that dies mid-way leaves it to be taken again then.
 */
export const claimFiling = async (db: Db, leaseSeconds: number) =>
  (
    await rows<ClaimedFiling>(
      db,
      sql`update document_filings
             set attempts = attempts + 1, updated_at = now(),
                 next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
           where id = (select id from document_filings
                        where status in ('queued', 'retrying') and next_attempt_at <= now()
                        order by next_attempt_at, id for update skip locked limit 1)
       returning id, lender_id, application_id, app_file_id, provider_id, attempts`,
    )
  )[0];

export type ProviderRecord = {
  id: number;
  name: string;
  provider_type: 'FileSystem' | 'S3';
  enabled: boolean;
  path_template: string;
  field_mappings: { field: string; indexField: string }[];
  root_directory: string | null;
  s3_endpoint: string | null;
  s3_region: string | null;
  s3_bucket: string | null;
  s3_access_key_id: string | null;
  s3_secret_access_key: string | null;
  s3_force_path_style: boolean;
};

export const findProvider = async (tx: TenantTx, id: number) =>
  (await rows<ProviderRecord>(tx, sql`select * from document_storage_providers where id = ${id}`))[0];

export type DocumentRecord = {
  file_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  is_deleted: boolean;
  upload_type_id: number;
  application_id: number;
  member_number: string | null;
  loan_id: string | null;
  application_date: string;
  contract_date: string | null;
  funding_date: string | null;
  filed_date: string;
};

/** An application file and the values its fields map from (dates in the lender's time zone). */
export const findDocument = async (tx: TenantTx, appFileId: number) =>
  (
    await rows<DocumentRecord>(
      tx,
      sql`select f.file_id, f.file_name, f.content_type, f.size, c.sha256, f.is_deleted, f.upload_type_id,
                 a.id as application_id,
                 coalesce(nullif(l.member_number, ''), a.primary_member_number) as member_number,
                 l.loan_id,
                 to_char(a.created_at at time zone le.time_zone, 'YYYY-MM-DD') as application_date,
                 to_char(l.contract_date, 'YYYY-MM-DD') as contract_date,
                 to_char(l.funding_date, 'YYYY-MM-DD') as funding_date,
                 to_char(now() at time zone le.time_zone, 'YYYY-MM-DD') as filed_date
            from application_files f
            join applications a on a.id = f.application_id
            join lenders le on le.id = a.lender_id
            left join loans l on l.application_id = a.id
            left join file_contents c on c.id = f.file_id
           where f.id = ${appFileId}`,
    )
  )[0];

export const markFiled = (tx: TenantTx, id: number, location: string) =>
  tx.execute(
    sql`update document_filings set status = 'filed', location = ${location}, last_error = null,
               filed_at = now(), updated_at = now()
         where id = ${id}`,
  );

export const markFailure = (tx: TenantTx, id: number, error: string, givesUp: boolean, retryInSeconds: number) =>
  tx.execute(
    sql`update document_filings
           set status = ${givesUp ? 'failed' : 'retrying'}, last_error = ${error}, updated_at = now(),
               next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
         where id = ${id}`,
  );

export type FilingRow = {
  id: number;
  app_file_id: number;
  provider_id: number;
  provider_name: string;
  status: 'queued' | 'retrying' | 'filed' | 'failed';
  attempts: number;
  last_error: string | null;
  location: string | null;
  filed_at: Date | null;
  next_attempt_at: Date;
};

export const listFilings = (tx: TenantTx, applicationId: number) =>
  rows<FilingRow>(
    tx,
    sql`select d.id, d.app_file_id, d.provider_id, p.name as provider_name, d.status, d.attempts, d.last_error,
               d.location, d.filed_at, d.next_attempt_at
          from document_filings d join document_storage_providers p on p.id = d.provider_id
         where d.application_id = ${applicationId}
         order by d.created_at desc, d.id desc`,
  );
