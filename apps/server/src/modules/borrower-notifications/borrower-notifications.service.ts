import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  borrowerNotificationTexts as texts,
  borrowerNotificationTypeKeys,
  borrowerNotificationTypes,
  type BorrowerNotificationLogEntry,
  type BorrowerNotificationPreview,
  type BorrowerNotificationSetting,
  type BorrowerNotificationType,
} from '@credence/contracts';
import { maskDocumentNumber, money } from '@credence/domain';
import type { Config } from '../../config.ts';
import { borrowerNotifications, borrowerNotificationSettings } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { enqueue, enqueueEmail, type OutboxHandlers } from '../../platform/outbox.ts';

/* ------------------------------------------------------------------------------------------------ settings */

const emptySetting = (type: BorrowerNotificationType): BorrowerNotificationSetting => ({
  type,
  emailEnabled: false,
  smsEnabled: false,
  subject: '',
  emailBody: '',
  smsBody: '',
});

/** Every type, in the types' order; a type never saved is off with empty texts. */
export const readSettings = async (tx: TenantTx): Promise<BorrowerNotificationSetting[]> => {
  const rows = await tx.select().from(borrowerNotificationSettings);
  const byType = new Map(rows.map((r) => [r.type, r]));
  return borrowerNotificationTypeKeys.map((type) => {
    const r = byType.get(type);
    return r
      ? {
          type,
          emailEnabled: r.emailEnabled,
          smsEnabled: r.smsEnabled,
          subject: r.subject,
          emailBody: r.emailBody,
          smsBody: r.smsBody,
        }
      : emptySetting(type);
  });
};

/** Upserts the types given (row-level security keeps it to the transaction's lender). */
export const writeSettings = async (tx: TenantTx, lenderId: number, list: BorrowerNotificationSetting[]) => {
  for (const s of list) {
    const values = {
      emailEnabled: s.emailEnabled,
      smsEnabled: s.smsEnabled,
      subject: s.subject,
      emailBody: s.emailBody,
      smsBody: s.smsBody,
      updatedAt: new Date(),
    };
    await tx
      .insert(borrowerNotificationSettings)
      .values({ lenderId, type: s.type, ...values })
      .onConflictDoUpdate({
        target: [borrowerNotificationSettings.lenderId, borrowerNotificationSettings.type],
        set: values,
      });
  }
};

/* ------------------------------------------------------------------------------------------ merge and mask */

/** '$25,000.00': grouped from the decimal text, never a float (as the decisions' history writes amounts). */
const usd = (value: string) => {
  const text = money(value).toFixed(2);
  const grouped = text.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${text.startsWith('-') ? '-' : ''}$${grouped}`;
};

const STATE_NAMES: Record<string, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  pending: 'Pending',
  approved: 'Approved',
  counteroffer: 'Counter Offer',
  funded: 'Funded',
};

type MergeData = {
  values: Record<string, string>;
  email: string | null;
  mobile: string | null;
  hasPrimary: boolean;
  /** The lender's SMS number when its SMS is on (spec 3 §6 'SMS enabled'): texts are sent from it; off, none is sent. */
  smsFrom: string | null;
};

/**
 * The application's merge fields (the status messages' list; Requested Amount is the request's requested amount, else
 * its estimated amount financed — what an auto loan asks for) and the primary applicant's addresses: the preferred
 * e-mail (else the first), the preferred mobile phone (else the first mobile). Null when the application is not the
 * lender's.
 */
export const loadMergeData = async (tx: TenantTx, applicationId: number): Promise<MergeData | null> => {
  const { rows } = await tx.execute<{
    id: number;
    state: string;
    requested_amount: string | null;
    product: string | null;
    lender: string | null;
    officer: string | null;
    dealer: string | null;
    applicant_id: number | null;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    email: string | null;
    mobile: string | null;
    sms_from: string | null;
  }>(sql`
    select a.id, a.state, coalesce(a.requested_amount, a.est_amt_financed)::text as requested_amount, lp.name as product, l.name as lender,
           u.full_name as officer, d.name as dealer,
           case when l.sms_enabled then l.sms_phone_number end as sms_from,
           p.id as applicant_id, p.first_name, p.last_name, p.company_name,
           (select e.email from applicant_emails e where e.applicant_id = p.id
             order by e.preferred_contact desc, e.id limit 1) as email,
           (select ph.number from applicant_phone_numbers ph where ph.applicant_id = p.id and ph.phone_type = 1
             order by ph.preferred_contact desc, ph.id limit 1) as mobile
      from applications a
      left join loan_products lp on lp.id = a.loan_product_id
      left join lenders l on l.id = a.lender_id
      left join users u on u.id = a.created_by_user_id
      left join dealers d on d.id = a.dealer_id
      left join lateral (select * from applicants x where x.application_id = a.id and x.role = 'PRIMARY'
                          order by x.sort_order, x.id limit 1) p on true
     where a.id = ${applicationId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    values: {
      ApplicationId: String(r.id),
      ApplicantFirstName: r.first_name ?? r.company_name ?? '',
      ApplicantLastName: r.last_name ?? '',
      LoanProductName: r.product ?? '',
      RequestedAmount: r.requested_amount === null ? '' : usd(r.requested_amount),
      Status: STATE_NAMES[r.state] ?? r.state,
      LenderName: r.lender ?? '',
      LoanOfficerName: r.officer ?? '',
      DealerName: r.dealer ?? '',
    },
    email: r.email?.trim() || null,
    mobile: r.mobile?.trim() || null,
    hasPrimary: r.applicant_id !== null,
    smsFrom: r.sms_from,
  };
};

/** `{Name}` → its value; an unknown name stays as written (the templates are checked on save). */
export const mergeText = (template: string, values: Record<string, string>) =>
  template.replace(/\{([^{}]*)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A phone number as the one masking rule shows numbers that identify a person (packages/domain ssn.ts): only its
 * last four digits.
 */
export const maskPhone = (number: string) => maskDocumentNumber(number.replace(/\D/g, '').slice(-4));

/** j•••@example.com: the first character of the mailbox and the domain. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
};

/* ---------------------------------------------------------------------------------------------- sending */

const typeName = (type: string) => borrowerNotificationTypes.find((t) => t.type === type)?.name ?? type;

/** The sandbox SMS provider's outbound message, as its outbox row carries it (kind 'sms'). */
const smsPayloadSchema = z.object({
  from: z.string().min(1).max(40),
  to: z.string().min(1).max(40),
  text: z.string().max(20_000),
});

/**
 * Tells the application's borrower (the primary applicant) of an event, as the lender set it: nothing when the type
 * is off on both channels; otherwise per channel that is on, the texts merged and queued in the outbox in the
 * caller's transaction (e-mail by the mail transport; text by the sandbox SMS provider), or — with no address —
 * only a log line 'skipped'. Every send or skip is logged with the masked address. Call it in the transaction of
 * the event, after the state was written.
 */
export const notifyBorrower = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  type: BorrowerNotificationType,
) => {
  const [setting] = await tx
    .select()
    .from(borrowerNotificationSettings)
    .where(and(eq(borrowerNotificationSettings.lenderId, lenderId), eq(borrowerNotificationSettings.type, type)));
  if (!setting || (!setting.emailEnabled && !setting.smsEnabled)) return;
  const data = await loadMergeData(tx, applicationId);
  if (!data) return;
  const log = (row: Omit<typeof borrowerNotifications.$inferInsert, 'lenderId' | 'applicationId' | 'type'>) =>
    tx.insert(borrowerNotifications).values({ lenderId, applicationId, type, ...row });

  if (setting.emailEnabled) {
    // One line, never empty (a subject of only merge fields may merge to nothing): the type's name then.
    const subject =
      mergeText(setting.subject, data.values)
        .replace(/[\r\n]+/g, ' ')
        .trim()
        .slice(0, 500) || typeName(type);
    const body = mergeText(setting.emailBody, data.values);
    if (data.email) {
      const parsed = z.string().email().max(254).safeParse(data.email);
      if (parsed.success) {
        const outboxId = await enqueueEmail(tx, lenderId, { to: data.email, subject, text: body });
        await log({ channel: 'email', status: 'queued', toMasked: maskEmail(data.email), subject, body, outboxId });
      } else {
        await log({ channel: 'email', status: 'skipped', subject, body, reason: texts.noEmail });
      }
    } else {
      await log({
        channel: 'email',
        status: 'skipped',
        subject,
        body,
        reason: data.hasPrimary ? texts.noEmail : texts.noApplicant,
      });
    }
  }
  if (setting.smsEnabled) {
    const body = mergeText(setting.smsBody, data.values);
    const payload =
      data.mobile && data.smsFrom
        ? smsPayloadSchema.safeParse({ from: data.smsFrom, to: data.mobile, text: body })
        : null;
    if (data.mobile && payload?.success) {
      const outboxId = await enqueue(tx, lenderId, 'sms', payload.data);
      await log({ channel: 'sms', status: 'queued', toMasked: maskPhone(data.mobile), body, outboxId });
    } else {
      await log({
        channel: 'sms',
        status: 'skipped',
        body,
        reason: !data.smsFrom ? texts.smsOff : data.hasPrimary ? texts.noMobile : texts.noApplicant,
      });
    }
  }
};

/** The decision types that tell the borrower (cancel tells nobody). */
const DECISION_TYPES: Record<string, BorrowerNotificationType | undefined> = {
  approve: 'approved',
  pending: 'decisionPending',
  counteroffer: 'counterOffered',
  decline: 'declined',
};

/** A decision was made (decisions.service `decide`, after the state was written). */
export const notifyBorrowerOfDecision = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  decisionType: string,
) => {
  const type = DECISION_TYPES[decisionType];
  if (type) await notifyBorrower(tx, lenderId, applicationId, type);
};

/* ---------------------------------------------------------------------------------------------- preview, log */

export const preview = async (
  tx: TenantTx,
  body: { applicationId: number; subject: string; emailBody: string; smsBody: string },
): Promise<BorrowerNotificationPreview | null> => {
  const data = await loadMergeData(tx, body.applicationId);
  if (!data) return null;
  return {
    applicationId: body.applicationId,
    subject: mergeText(body.subject, data.values),
    emailBody: mergeText(body.emailBody, data.values),
    smsBody: mergeText(body.smsBody, data.values),
    emailTo: data.email ? maskEmail(data.email) : null,
    smsTo: data.mobile ? maskPhone(data.mobile) : null,
    smsOff: data.smsFrom === null,
  };
};

/** An application's log, newest first; a queued line says sent once its outbox row was delivered, failed once given up. */
export const readLog = async (tx: TenantTx, applicationId: number): Promise<BorrowerNotificationLogEntry[]> => {
  const { rows } = await tx.execute<{
    id: number;
    type: BorrowerNotificationType;
    channel: 'email' | 'sms';
    status: 'queued' | 'skipped';
    to_masked: string | null;
    subject: string | null;
    body: string;
    reason: string | null;
    created_at: Date | string;
    delivered_at: Date | string | null;
    attempts: number | null;
  }>(sql`
    select n.id, n.type, n.channel, n.status, n.to_masked, n.subject, n.body, n.reason, n.created_at,
           o.delivered_at, o.attempts
      from borrower_notifications n
      left join outbox o on o.id = n.outbox_id
     where n.application_id = ${applicationId}
     order by n.id desc
     limit 500`);
  const iso = (v: Date | string) => new Date(v).toISOString();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    typeName: typeName(r.type),
    channel: r.channel,
    status:
      r.status === 'skipped' ? 'skipped' : r.delivered_at ? 'sent' : (r.attempts ?? 0) >= 10 ? 'failed' : 'queued',
    to: r.to_masked,
    subject: r.subject,
    body: r.body,
    reason: r.reason,
    createdAt: iso(r.created_at),
    sentAt: r.delivered_at ? iso(r.delivered_at) : null,
  }));
};

/* ------------------------------------------------------------------------------------ the sandbox SMS sender */

/** Where the sandbox SMS provider puts what it "sends": one text file per message, as the mail's .eml files. */
export const smsOutboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox', 'sms');

/**
 * The outbox handler of kind 'sms': the sandbox SMS provider's outbound side (the inbound side is modules/sms). It
 * writes `<DATA_DIR>/outbox/sms/<outbox id>.txt` (To, then the text) for a person to read; a real provider plugs in
 * here. Nothing is logged.
 */
export const borrowerSmsOutboxHandlers = (config: Pick<Config, 'dataDir'>): OutboxHandlers => ({
  sms: async (row) => {
    const parsed = smsPayloadSchema.safeParse(row.payload);
    if (!parsed.success) throw new Error('invalid sms payload');
    const dir = smsOutboxDir(config);
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, `${row.id}.txt`),
      `From: ${parsed.data.from}\nTo: ${parsed.data.to}\n\n${parsed.data.text}\n`,
      'utf8',
    );
  },
});
