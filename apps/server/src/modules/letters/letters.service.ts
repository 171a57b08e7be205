import { createHash } from 'node:crypto';
import {
  creditBureauSchema,
  creditScoreRanges,
  decisionReceiptSchema,
  decisionTexts,
  letterTypeLabels,
  lettersTexts,
  type AdverseLetterQuery,
  type CreditScoreModel,
  type FactaLetterQuery,
  type LetterMergeData,
  type LetterTemplate,
  type LetterType,
} from '@credence/contracts';
import { formatUsDate, todayIso } from '@credence/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fieldError, notFound, pgCodeOf } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import type { ApplicationContext } from '../applications/application-context.ts';
import { loadReceipt } from '../applications/decisions/decisions.service.ts';
import * as files from '../applications/files/files.repository.ts';
import { bureauContacts, keyFactorsOf, stateNotices } from './letter-facts.ts';
import { renderLetterPdf } from './letter-pdf.ts';
import * as repo from './letters.repository.ts';

export type LetterDeps = ApplicationContext & { fileStore: FileStore };

/** Advisory lock namespace: one enabling of a letter type at a time per lender (the one-enabled index holds). */
const LETTER_ENABLE_LOCK = 0x4c455454;

export const toTemplateView = (row: repo.LetterTemplateRow): LetterTemplate => ({
  id: row.id,
  name: row.name,
  letterType: row.letterType as LetterType,
  body: row.body,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Before a template is stored enabled (created, updated or enabled): the other enabled template of its type is
 * turned off in the same transaction, audited as a 'disable' — enabling one chooses the letter in use.
 */
export const disableOthersOfType = async (
  tx: TenantTx,
  auth: AuthContext,
  letterType: string,
  exceptId: number | null,
) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LETTER_ENABLE_LOCK}::int, ${auth.lenderId}::int)`);
  for (const other of await repo.lockOtherEnabled(tx, letterType, exceptId)) {
    const after = await repo.setTemplateEnabled(tx, other.id, false, auth.userId);
    await recordAudit(tx, auth, {
      area: 'letters',
      action: 'disable',
      recordId: other.id,
      details: {
        label: other.name,
        changes: {
          enabled: { old: true, new: false },
          updatedAt: { old: other.updatedAt.toISOString(), new: after!.updatedAt.toISOString() },
        },
      },
    });
  }
};

/** Enable or disable a template (enable: the other one of its type is disabled first), audited. */
export const setTemplateEnabled = (db: LetterDeps['db'], auth: AuthContext, id: number, enabled: boolean) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const existing = await repo.findTemplateForUpdate(tx, id);
    if (!existing) throw notFound();
    if (existing.enabled === enabled) return toTemplateView(existing);
    if (enabled) await disableOthersOfType(tx, auth, existing.letterType, id);
    try {
      const row = await repo.setTemplateEnabled(tx, id, enabled, auth.userId);
      await recordAudit(tx, auth, {
        area: 'letters',
        action: enabled ? 'enable' : 'disable',
        recordId: id,
        details: {
          label: existing.name,
          changes: {
            enabled: { old: existing.enabled, new: enabled },
            updatedAt: { old: existing.updatedAt.toISOString(), new: row!.updatedAt.toISOString() },
          },
        },
      });
      return toTemplateView(row!);
    } catch (error) {
      if (pgCodeOf(error) === '23505') throw new AppError(409, 'CONFLICT', lettersTexts.enableConflict);
      throw error;
    }
  });

/* ------------------------------------------------------------------------------------ printing letters */

const usDateIn = (instant: Date | string, timeZone: string) =>
  formatUsDate(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(instant),
    ),
  );

const personName = (p: { firstName: string | null; lastName: string | null; companyName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || (p.companyName ?? '');

type Applicant = Awaited<ReturnType<typeof repo.listApplicants>>[number];
type Letterhead = Awaited<ReturnType<typeof repo.findLenderLetterhead>>;
type ScoreFacts = {
  bureau: string | null;
  score: number | null;
  model: string | null;
  range: { min: number; max: number } | null;
  pulledAt: string | Date | null;
  keyFactors: string[];
};

const addressLines = (a: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}) =>
  [
    [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
    `${a.city ?? ''}${a.city && a.state ? ', ' : ''}${a.state ?? ''} ${a.zip ?? ''}`.trim(),
  ]
    .filter(Boolean)
    .join('\n');

/** A stored 10-digit phone number as people write it: (303) 555-0100. */
const phoneText = (digits: string) =>
  /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/** The score and bureau of the applicant's active report (the default model's score and its factors). */
const scoreOfReport = (report: Awaited<ReturnType<typeof repo.findActiveReport>>): ScoreFacts | null => {
  if (!report) return null;
  const model = report.defaultScoreModel as CreditScoreModel;
  const scored = report.scores.find((s) => s.model === model);
  return {
    bureau: report.bureau,
    score: report.defaultScore ?? scored?.score ?? null,
    model,
    range: creditScoreRanges[model] ?? null,
    pulledAt: report.pulledAt,
    keyFactors: (scored?.factors ?? []).map((f) => f.text),
  };
};

/** Every merge field's value for one applicant: the letter data (see contracts `letterMergeFields`). */
const mergeData = (input: {
  letterhead: Letterhead;
  application: { id: number; loanProductName: string };
  applicant: Applicant;
  letterState: string | undefined;
  decisionDate: string | Date | null;
  reasons: string[];
  score: ScoreFacts | null;
}): LetterMergeData => {
  const { letterhead, applicant, score } = input;
  const tz = letterhead.timeZone;
  const parsedBureau = creditBureauSchema.safeParse(score?.bureau);
  const bureau = parsedBureau.success ? bureauContacts[parsedBureau.data] : null;
  const letterState = input.letterState ?? applicant.address?.state ?? '';
  return {
    values: {
      date: formatUsDate(todayIso(tz)),
      'lender.name': letterhead.name,
      'lender.address': letterhead.branch ? addressLines(letterhead.branch) : '',
      'lender.phone': phoneText(letterhead.branch?.phoneNumber ?? ''),
      'applicant.fullName': personName(applicant),
      'applicant.firstName': applicant.firstName ?? applicant.companyName ?? '',
      'applicant.address': applicant.address ? addressLines(applicant.address) : '',
      letterState,
      stateNotice: stateNotices[letterState] ?? '',
      'application.id': String(input.application.id),
      'application.loanProduct': input.application.loanProductName,
      'decision.date': input.decisionDate ? usDateIn(input.decisionDate, tz) : '',
      'bureau.name': bureau?.name ?? score?.bureau ?? '',
      'bureau.address': bureau?.address ?? '',
      'bureau.phone': bureau?.phone ?? '',
      'bureau.website': bureau?.website ?? '',
      score: score?.score === null || score?.score === undefined ? '' : String(score.score),
      'score.model': score?.model ?? '',
      'score.rangeMin': score?.range ? String(score.range.min) : '',
      'score.rangeMax': score?.range ? String(score.range.max) : '',
      'score.date': score?.pulledAt ? usDateIn(score.pulledAt, tz) : '',
    },
    lists: { reasons: input.reasons, keyFactors: keyFactorsOf(score?.keyFactors ?? []) },
  };
};

/** The parts of a receipt a letter reads (the rest of the pinned receipt is not needed here). */
const receiptForLetters = decisionReceiptSchema.pick({
  decidedAt: true,
  decisionApplicants: true,
  creditReports: true,
});

type PrintedLetter = { pdf: Buffer; fileName: string; appFileId: number };

const letterNotEnabled = () => notFound(lettersTexts.notEnabled);

/**
 * Stores a printed letter among the application's files and writes its history row, in one transaction: the
 * letter a person was given is the letter the file holds.
 */
const attachLetter = async (
  tx: TenantTx,
  deps: LetterDeps,
  auth: AuthContext,
  letter: {
    applicationId: number;
    letterType: LetterType;
    pdf: Buffer;
    applicantName: string;
    applicantId: number;
    templateName: string;
    letterState: string;
  },
): Promise<PrintedLetter> => {
  const label = letterTypeLabels[letter.letterType];
  const fileName = `${letter.letterType === 'adverseAction' ? 'adverse-action' : 'credit-score-disclosure'}-${letter.applicationId}-${letter.applicantId}.pdf`;
  const name = `${label} - ${letter.applicantName}`.slice(0, 200);
  const fileId = await deps.fileStore.put(tx, auth.lenderId, {
    size: letter.pdf.length,
    sha256: createHash('sha256').update(letter.pdf).digest('hex'),
    chunks: async function* () {
      yield letter.pdf;
    },
  });
  const appFileId = await files.insertFile(tx, {
    lenderId: auth.lenderId,
    applicationId: letter.applicationId,
    fileId,
    name,
    fileName,
    contentType: 'application/pdf',
    size: letter.pdf.length,
    uploadTypeId: 1,
    uploadedByUserId: auth.userId,
  });
  await deps.history(
    tx,
    auth,
    letter.applicationId,
  )({
    action: lettersTexts.historyAction,
    description: `${label} for ${letter.applicantName}`,
    entity: 'File',
    changes: [
      { entity: 'File', entityId: appFileId, property: 'name', oldValue: null, newValue: name },
      { entity: 'File', entityId: appFileId, property: 'template', oldValue: null, newValue: letter.templateName },
      { entity: 'File', entityId: appFileId, property: 'letterState', oldValue: null, newValue: letter.letterState },
    ],
  });
  return { pdf: letter.pdf, fileName, appFileId };
};

/** What a letter prints, read in the caller's transaction: the template, the applicant and every field's value. */
const readLetter = async (
  tx: TenantTx,
  auth: AuthContext,
  input: Omit<Parameters<typeof mergeData>[0], 'letterhead' | 'application'> & {
    template: repo.LetterTemplateRow;
    applicationId: number;
  },
) => {
  const application = await repo.findApplication(tx, input.applicationId);
  if (!application) throw notFound();
  const letterhead = await repo.findLenderLetterhead(tx, auth.lenderId);
  return {
    template: input.template,
    applicant: input.applicant,
    application,
    data: mergeData({ ...input, letterhead, application }),
  };
};

/**
 * `GET applications/adverse?declineId&applicantId&letterState` (spec 3 §7): the Regulation B adverse action
 * notice of one applicant of a decline — its principal reasons are the applicant's decline reasons on the
 * receipt, the bureau and score those the receipt recorded (or the applicant's active report). No decline id:
 * 400 'Decline Id is not supplied'; no enabled template: 404 'A letter has not been uploaded or enabled…'.
 */
export const printAdverseLetter = async (
  deps: LetterDeps,
  auth: AuthContext,
  query: AdverseLetterQuery,
): Promise<PrintedLetter> => {
  const declineId = query.declineId;
  if (declineId === undefined) throw new AppError(400, 'BAD_REQUEST', lettersTexts.declineIdMissing);
  const read = await withTenant(deps.db, auth.lenderId, async (tx) => {
    // The decline's application, then the receipt as the decision worksheet reads it.
    const applicationOf = await repo.findDecisionApplication(tx, declineId);
    const decision = applicationOf === undefined ? null : await loadReceipt(tx, applicationOf, declineId);
    if (!decision || decision.decisionType !== 'decline' || decision.entryKind !== 'decision') throw notFound();
    const template = await repo.findEnabledTemplate(tx, 'adverseAction');
    if (!template) throw letterNotEnabled();
    const receipt = receiptForLetters.safeParse(decision.receipt);
    const decided = receipt.success ? receipt.data : { decidedAt: null, decisionApplicants: [], creditReports: [] };
    const people = await repo.listApplicants(tx, decision.applicationId);
    const applicantId = query.applicantId ?? decided.decisionApplicants[0]?.applicantId ?? people[0]?.id;
    const applicant = people.find((p) => p.id === applicantId);
    const onDecision = decided.decisionApplicants.find((d) => d.applicantId === applicantId);
    if (!applicant || (decided.decisionApplicants.length > 0 && !onDecision)) {
      throw fieldError('applicantId', decisionTexts.unknownApplicant);
    }
    const recorded = decided.creditReports.find((r) => r.applicantId === applicant.id);
    const score: ScoreFacts | null = recorded
      ? {
          bureau: recorded.bureau,
          score: recorded.score,
          model: recorded.scoreModel,
          range: recorded.scoreRange,
          pulledAt: recorded.pulledAt,
          keyFactors: recorded.keyFactors,
        }
      : scoreOfReport(await repo.findActiveReport(tx, decision.applicationId, applicant.id));
    return readLetter(tx, auth, {
      template,
      applicant,
      applicationId: decision.applicationId,
      letterState: query.letterState,
      decisionDate: decided.decidedAt ?? decision.createdAt,
      reasons: (onDecision?.declineReasons ?? []).map((r) => r.text),
      score,
    });
  });
  return printAndAttach(deps, auth, 'adverseAction', read);
};

/**
 * `GET applications/{id}/facta?applicantId&letterState` (spec 3 §7): the credit score disclosure (FCRA §609(g),
 * Regulation B's score notice) of one applicant (the primary by default), from the active report's default score.
 */
export const printFactaLetter = async (
  deps: LetterDeps,
  auth: AuthContext,
  applicationId: number,
  query: FactaLetterQuery,
): Promise<PrintedLetter> => {
  const read = await deps.open(auth, applicationId, async (tx) => {
    const template = await repo.findEnabledTemplate(tx, 'creditScoreDisclosure');
    if (!template) throw letterNotEnabled();
    const people = await repo.listApplicants(tx, applicationId);
    const applicant = query.applicantId === undefined ? people[0] : people.find((p) => p.id === query.applicantId);
    if (!applicant) throw fieldError('applicantId', decisionTexts.unknownApplicant);
    const score = scoreOfReport(await repo.findActiveReport(tx, applicationId, applicant.id));
    if (!score) throw fieldError('applicantId', lettersTexts.noCreditReport);
    return readLetter(tx, auth, {
      template,
      applicant,
      applicationId,
      letterState: query.letterState,
      decisionDate: null,
      reasons: [],
      score,
    });
  });
  return printAndAttach(deps, auth, 'creditScoreDisclosure', read);
};

const printAndAttach = async (
  deps: LetterDeps,
  auth: AuthContext,
  letterType: LetterType,
  read: {
    template: repo.LetterTemplateRow;
    applicant: Applicant;
    application: { id: number };
    data: LetterMergeData;
  },
) => {
  const pdf = await renderLetterPdf(read.template.body, read.data, {
    title: letterTypeLabels[letterType],
    footer: `Application ${read.application.id} · ${letterTypeLabels[letterType]}`,
    owner: auth.userId,
  });
  return deps.open(auth, read.application.id, (tx) =>
    attachLetter(tx, deps, auth, {
      applicationId: read.application.id,
      letterType,
      pdf,
      applicantName: read.data.values['applicant.fullName'] ?? '',
      applicantId: read.applicant.id,
      templateName: read.template.name,
      letterState: read.data.values.letterState ?? '',
    }),
  );
};

/** Sample data of the Preview: a made-up applicant, decline and Equifax score. */
const sampleData = (lenderName: string, timeZone: string): LetterMergeData => {
  const bureau = bureauContacts.Equifax;
  return {
    values: {
      date: formatUsDate(todayIso(timeZone)),
      'lender.name': lenderName,
      'lender.address': '100 Main Street\nSpringfield, OH 45501',
      'lender.phone': '(555) 010-0100',
      'applicant.fullName': 'Jordan Q. Sample',
      'applicant.firstName': 'Jordan',
      'applicant.address': '42 Elm Avenue, Apt 3\nSpringfield, OH 45503',
      letterState: 'OH',
      stateNotice: stateNotices.OH ?? '',
      'application.id': '100001',
      'application.loanProduct': 'New Auto',
      'decision.date': formatUsDate(todayIso(timeZone)),
      'bureau.name': bureau.name,
      'bureau.address': bureau.address,
      'bureau.phone': bureau.phone,
      'bureau.website': bureau.website,
      score: '612',
      'score.model': 'FICO 8',
      'score.rangeMin': '300',
      'score.rangeMax': '850',
      'score.date': formatUsDate(todayIso(timeZone)),
    },
    lists: {
      reasons: ['Excessive obligations in relation to income', 'Delinquent past or present credit obligations'],
      keyFactors: [
        'Serious delinquency',
        'Proportion of balances to credit limits is too high',
        'Length of time accounts have been established',
        'Too many accounts with balances',
        'Number of recent inquiries',
      ],
    },
  };
};

/** POST /api/letters/preview: the template filled with sample data, nothing stored. */
export const previewLetter = async (deps: LetterDeps, auth: AuthContext, letterType: LetterType, body: string) => {
  const letterhead = await withTenant(deps.db, auth.lenderId, (tx) => repo.findLenderLetterhead(tx, auth.lenderId));
  const pdf = await renderLetterPdf(body, sampleData(letterhead.name, letterhead.timeZone), {
    title: `${letterTypeLabels[letterType]} (preview)`,
    footer: `Preview · ${letterTypeLabels[letterType]} · sample data`,
    owner: auth.userId,
  });
  return { fileName: `${letterType}-preview.pdf`, contentBase64: pdf.toString('base64') };
};
