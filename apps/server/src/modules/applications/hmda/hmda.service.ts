import {
  historyActions,
  messages,
  type FieldError,
  type HistoryChange,
  type HmdaApplicant,
  type HmdaRecord,
} from '@credence/contracts';
import type { hmdaSaveSchema } from '@credence/contracts';
import type { z } from 'zod';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { validationError } from '../../../platform/errors.ts';
import { lenderDate } from '../../lender-calendar/lender-calendar.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import * as repo from './hmda.repository.ts';

export type HmdaSaveInput = z.output<typeof hmdaSaveSchema>;

const toRecord = (r: repo.HmdaRow): HmdaRecord => ({
  id: r.id,
  applicantId: r.applicantId,
  deliveryMethod: r.deliveryMethod,
  gender: r.gender,
  race: r.race,
  raceAmericanIndianOrAlaskaNative: r.raceAmericanIndianOrAlaskaNative,
  raceOtherAsian: r.raceOtherAsian,
  raceOtherPacificIslander: r.raceOtherPacificIslander,
  ethnicity: r.ethnicity,
  ethnicityOtherHispanicOrLatino: r.ethnicityOtherHispanicOrLatino,
  dateProvided: r.dateProvided,
  verificationStatement1: r.verificationStatement1,
  verificationStatement2: r.verificationStatement2,
  verificationStatement3: r.verificationStatement3,
  updatedUtcTime: r.updatedAt.toISOString(),
});

const loadView = async (tx: TenantTx, applicationId: number): Promise<HmdaApplicant[]> => {
  const people = await repo.listHmdaApplicants(tx, applicationId);
  const records = await repo.listHmdaRecords(tx, applicationId);
  return people.map((p) => {
    const record = records.find((r) => r.applicantId === p.id);
    return {
      applicantId: p.id,
      name: [p.firstName, p.lastName].filter(Boolean).join(' '),
      role: p.role,
      record: record ? toRecord(record) : null,
    };
  });
};

/** GET: one tab per applicant, with its record or null (the form then offers Save or Add Later). */
export const getHmda = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    return loadView(tx, applicationId);
  });

const compared = [
  'deliveryMethod',
  'gender',
  'race',
  'raceAmericanIndianOrAlaskaNative',
  'raceOtherAsian',
  'raceOtherPacificIslander',
  'ethnicity',
  'ethnicityOtherHispanicOrLatino',
  'dateProvided',
  'verificationStatement1',
  'verificationStatement2',
  'verificationStatement3',
] as const;

/**
 * The history names the HMDA properties that changed but not their values: demographic data must not reach
 * the people deciding the loan (Regulation B keeps it apart from the credit file).
 */
const hmdaChanges = (before: HmdaRecord | null, after: HmdaRecord, applicantName: string): HistoryChange[] =>
  compared
    .filter((key) => before?.[key] !== after[key])
    .map((key) => ({
      entity: `HMDA (${applicantName})`,
      entityId: after.applicantId,
      property: key,
      oldValue: before && before[key] !== null ? 'Provided' : null,
      newValue: after[key] !== null ? 'Provided' : null,
    }));

/**
 * Save or Update: the records of the given applicants (others are left as they are). Every applicant must be
 * on the application (and one HMDA applicant); a request with any error writes nothing. Needs the lock, and
 * confirmFunded when funded, like every change to the application record.
 */
export const saveHmda = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, body: HmdaSaveInput) =>
  ctx.write(auth, applicationId, body.confirmFunded, async (tx, _application, history) => {
    const before = await loadView(tx, applicationId);
    const errors = body.records.flatMap((record, i): FieldError[] => {
      if (!before.some((b) => b.applicantId === record.applicantId)) {
        return [{ field: `records.${i}.applicantId`, message: messages.applications.applicantNotFound }];
      }
      if (body.records.findIndex((r) => r.applicantId === record.applicantId) !== i) {
        return [{ field: `records.${i}.applicantId`, message: messages.hmda.duplicateApplicant }];
      }
      return [];
    });
    if (errors.length > 0) throw validationError(errors);
    const today = await lenderDate(tx);
    await repo.upsertHmdaRecords(
      tx,
      { lenderId: auth.lenderId, applicationId, userId: auth.userId },
      body.records.map((r) => {
        const existing = before.find((b) => b.applicantId === r.applicantId)?.record;
        return { ...r, dateProvided: r.dateProvided ?? existing?.dateProvided ?? today };
      }),
    );
    const after = await loadView(tx, applicationId);
    const changes = after.flatMap((a) => {
      const old = before.find((b) => b.applicantId === a.applicantId)?.record ?? null;
      return a.record && body.records.some((r) => r.applicantId === a.applicantId)
        ? hmdaChanges(old, a.record, a.name)
        : [];
    });
    if (changes.length > 0) {
      await history({
        action: historyActions.hmdaUpdated,
        description: `HMDA data updated for ${body.records.length} applicant(s)`,
        entity: 'HMDA',
        changes,
      });
    }
    return after;
  });
