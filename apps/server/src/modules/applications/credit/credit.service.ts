import {
  creditReportHasAlerts,
  messages,
  type ApplicationCredit,
  type CreditApplicant,
  type CreditBureau,
  type CreditPullResult,
  type CreditReport,
  type CreditScoreModel,
  type StoredCreditReport,
} from '@credence/contracts';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import {
  createBureauProvider,
  BureauError,
  type BureauApplicant,
  type CreditBureauProvider,
} from '../../../integrations/bureaus/index.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { protectedPurposes, type DataProtector } from '../../../platform/crypto.ts';
import { AppError, fieldError, notFound, validationError } from '../../../platform/errors.ts';
import type { ApplicationContext, HistoryWriter } from '../application-context.ts';
import { loadApplicants, type LoadedApplicant } from '../applicants/applicants.repository.ts';
import { applicantName } from '../applicants/applicants.service.ts';
import {
  changesOf,
  checkRetraction,
  retractionReasons,
  retractOnRuleMatch,
} from '../decision-retraction/decision-retraction.service.ts';
import { decideAutomatically } from '../decisions/decisions.service.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import * as repo from './credit.repository.ts';

/** FCRA §604(a)(3)(A): the purpose every pull is recorded with in the append-only audit. */
export const PERMISSIBLE_PURPOSE = 'FCRA §604(a)(3)(A): credit transaction initiated by the consumer';

/** Bureau providers by bureau (the sandbox today; a lender's reseller configuration later). */
export type BureauProviders = (bureau: CreditBureau) => CreditBureauProvider;
export const defaultBureauProviders: BureauProviders = (bureau) => createBureauProvider(bureau);

type ApplicantRow = Awaited<ReturnType<typeof repo.listApplicantRows>>[number];

/** Spec 3: "For business loans the primary applicant is hidden from the applicants, credit review and ratios views." */
const isHidden = (applicant: Pick<ApplicantRow, 'role'>, isBusinessLoan: boolean) =>
  isBusinessLoan && applicant.role === 'PRIMARY';

const loadBusinessFlag = async (tx: TenantTx, loanProductId: number) =>
  (await findLoanProduct(tx, loanProductId))?.isBusinessLoan ?? false;

const toStored = (
  row: repo.CreditReportRow,
  tradelines: repo.TradelineRow[],
  protector: DataProtector,
  requireCommentOnAlerts: boolean,
): StoredCreditReport => {
  const report: CreditReport = {
    creditBureau: row.bureau as CreditBureau,
    creditReportId: row.creditReportId,
    pulledAt: row.pulledAt.toISOString(),
    infileDate: row.infileDate,
    subject: JSON.parse(
      protector.decrypt(row.subjectEncrypted, protectedPurposes.creditReportSubject),
    ) as CreditReport['subject'],
    noRecordFound: row.noRecordFound,
    noReportReason: row.noReportReason,
    frozen: row.frozen,
    ofac: row.ofac,
    mla: row.mla,
    alerts: row.alerts,
    scores: row.scores,
    publicRecords: row.publicRecords,
    inquiries: row.inquiries,
    tradelines: tradelines.map(repo.toTradeline),
    summary: row.summary,
  };
  return {
    id: row.id,
    applicationId: row.applicationId,
    applicantId: row.applicantId,
    lenderCreditBureauId: row.lenderCreditBureauId,
    creditBureau: row.bureau as CreditBureau,
    creditReportId: row.creditReportId,
    isActive: row.isActive,
    pulledAt: row.pulledAt.toISOString(),
    pulledBy: row.pulledByName,
    providerName: row.providerName,
    noRecordFound: row.noRecordFound,
    requireCommentOnAlerts,
    messages: row.noReportReason ? [{ messageType: 'NoReportReason', message: row.noReportReason }] : [],
    defaultScoreModel: row.defaultScoreModel as CreditScoreModel,
    report,
  };
};

/** Everything the credit worksheet shows, read in the caller's transaction. */
const readApplicationCredit = async (
  tx: TenantTx,
  protector: DataProtector,
  lenderId: number,
  applicationId: number,
): Promise<ApplicationCredit> => {
  const application = await repo.findApplicationCredit(tx, applicationId);
  if (!application) throw notFound();
  const settings = await repo.findLenderCreditSettings(tx, lenderId);
  const requireComment = settings?.requireCommentOnAlerts ?? true;
  const isBusinessLoan = await loadBusinessFlag(tx, application.loanProductId);
  // One after another: a transaction's client runs one query at a time (pg deprecates queuing them).
  const people = await repo.listApplicantRows(tx, applicationId);
  const reports = await repo.listReports(tx, applicationId);
  const bureaus = await repo.listLenderBureaus(tx);
  const active = reports.filter((r) => r.isActive);
  const tradelines = await repo.listTradelines(
    tx,
    active.map((r) => r.id),
  );
  const applicants: CreditApplicant[] = people.map((p) => {
    const report = active.find((r) => r.applicantId === p.id);
    return {
      applicantId: p.id,
      name: applicantName(p),
      applicantRole: p.role,
      isBusiness: p.isBusiness,
      hidden: isHidden(p, isBusinessLoan),
      activeCreditReport: report
        ? toStored(
            report,
            tradelines.filter((t) => t.creditReportId === report.id),
            protector,
            requireComment,
          )
        : null,
    };
  });
  return {
    applicationId: application.id,
    state: application.state,
    review: application.creditReview,
    reviewedAt: application.creditReviewedAt?.toISOString() ?? null,
    reviewedBy: application.creditReviewedBy,
    requireCommentOnAlerts: requireComment,
    notInterestedCrossSell: application.notInterestedCrossSell,
    averageCreditScore: application.averageCreditScore,
    applicants,
    bureaus: bureaus
      .filter((b) => b.enabled)
      .map((b) => ({
        lenderCreditBureauId: b.id,
        creditBureau: b.bureau as CreditBureau,
        scoreModels: b.scoreModels as CreditScoreModel[],
        defaultScoreModel: b.defaultScoreModel as CreditScoreModel,
      })),
  };
};

export const getApplicationCredit = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, (tx) => readApplicationCredit(tx, ctx.protector, auth.lenderId, applicationId));

export const listPreviousReports = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) =>
    (await repo.listReports(tx, applicationId)).map((r) => ({
      id: r.id,
      applicantId: r.applicantId,
      creditBureau: r.bureau as CreditBureau,
      creditReportId: r.creditReportId,
      isActive: r.isActive,
      pulledAt: r.pulledAt.toISOString(),
      pulledBy: r.pulledByName,
      noRecordFound: r.noRecordFound,
    })),
  );

/** One stored report (any of the lender's: another lender's is not found under row-level security). */
export const getReport = (ctx: ApplicationContext, auth: AuthContext, id: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const row = await repo.findReport(tx, id);
    if (!row) throw notFound();
    const settings = await repo.findLenderCreditSettings(tx, auth.lenderId);
    return toStored(row, await repo.listTradelines(tx, [id]), ctx.protector, settings?.requireCommentOnAlerts ?? true);
  });

/** The bureau's view of the applicant: the SSN decrypted here only, for the provider call. */
const bureauApplicantOf = (protector: DataProtector, applicant: LoadedApplicant): BureauApplicant | null => {
  const r = applicant.row;
  const address = applicant.addresses[0];
  if (!r.ssnEncrypted || !r.dob || !address || !r.firstName || !r.lastName) return null;
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    ssn: protector.decrypt(r.ssnEncrypted, protectedPurposes.ssn),
    dateOfBirth: r.dob,
    address: {
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2,
      city: address.city,
      state: address.state,
      zip: address.zip,
    },
  };
};

/**
 * A credit change — a report pulled again, or tradelines re-marked — retracts an approved or counteroffer
 * decision only when the decision-retraction rule set in effect names it (`creditReport.repulled`, spec 3 §4):
 * the credit worksheet asks the dry run (`POST applications/{id}/creditreport/retractions`) and confirms with the
 * user first; a call that would retract without `confirmRetraction` is refused (409) before anything is pulled
 * or saved. A change the rule set does not name needs no confirmation and retracts nothing.
 * Answers whether the change will retract (`retractCreditChange` does it, after the change is written).
 */
const confirmCreditRetraction = async (
  tx: TenantTx,
  application: { id: number; state: string },
  confirmRetraction: boolean | undefined,
) => {
  const { retracts } = await checkRetraction(tx, application, changesOf.creditReport());
  if (retracts && confirmRetraction !== true) {
    throw new AppError(409, 'RETRACTION_CONFIRMATION_REQUIRED', messages.credit.retractionConfirm);
  }
  return retracts;
};

/**
 * The retraction of a confirmed credit change, through the rule set's one path (`retractOnRuleMatch`: receipt
 * version, history, audit, and the auto-decision rerun when the settings say so — on the new credit, since it
 * runs after the change is written).
 */
const retractCreditChange = (
  tx: TenantTx,
  auth: AuthContext,
  application: { id: number; state: string },
  history: HistoryWriter,
  reason: string,
) => retractOnRuleMatch(tx, auth, application, history, changesOf.creditReport(), reason);

type PulledReport = { applicant: LoadedApplicant; name: string; raw: string; report: CreditReport };

/**
 * Stores pulled reports as the applicants' active ones, each with its history row and its permissible-purpose
 * audit row (who pulled whose credit, when, from which bureau; never the SSN), and refreshes the average score.
 * Shared by the pull call and the demo seed.
 */
export const storePulledReports = async (
  tx: TenantTx,
  protector: DataProtector,
  /** The puller; the demo seed pulls as the application's creator, who may be unknown. */
  auth: Pick<AuthContext, 'lenderId' | 'homeLenderId'> & { userId: number | null },
  applicationId: number,
  bureau: repo.LenderCreditBureauRow,
  providerName: string,
  pulled: PulledReport[],
  history: HistoryWriter,
) => {
  const stored: CreditPullResult['reports'] = [];
  for (const p of pulled) {
    const id = await repo.insertReport(tx, {
      lenderId: auth.lenderId,
      applicationId,
      applicantId: p.applicant.row.id,
      lenderCreditBureauId: bureau.id,
      providerName,
      pulledByUserId: auth.userId,
      defaultScoreModel: bureau.defaultScoreModel as CreditScoreModel,
      report: p.report,
      subjectEncrypted: protector.encrypt(JSON.stringify(p.report.subject), protectedPurposes.creditReportSubject),
      rawEncrypted: protector.encrypt(p.raw, protectedPurposes.creditReportRaw),
    });
    const outcome = p.report.frozen ? 'frozen' : p.report.noRecordFound ? 'noRecord' : 'report';
    await history({
      action: 'Credit Pulled',
      description: `Credit pulled from ${bureau.bureau} for ${p.name}${outcome === 'report' ? '' : ` (${p.report.noReportReason ?? 'no report'})`}`,
      entity: 'Credit Report',
      changes: [],
    });
    await recordAudit(tx, auth as AuthContext, {
      area: 'credit',
      action: 'pull',
      recordId: applicationId,
      details: {
        label: `Application ${applicationId}`,
        applicantId: p.applicant.row.id,
        bureau: bureau.bureau,
        provider: providerName,
        creditReportId: id,
        bureauReportId: p.report.creditReportId,
        outcome,
        permissiblePurpose: PERMISSIBLE_PURPOSE,
      },
    });
    stored.push({
      applicantId: p.applicant.row.id,
      applicantName: p.name,
      creditReportId: id,
      noRecordFound: p.report.noRecordFound,
      noReportReason: p.report.noReportReason,
    });
  }
  await repo.refreshAverageCreditScore(tx, applicationId);
  return stored;
};

/**
 * Pulls (or re-pulls) credit from one bureau for the chosen applicants (all visible ones by default). Runs as a
 * change to the loan record (the edit lock is required). The bureau is called inside the transaction so that a
 * pull and its permissible-purpose record are one: a bureau answers in about a second, and only this
 * application's row waits meanwhile.
 */
export const pullCredit = (
  ctx: ApplicationContext,
  providers: BureauProviders,
  auth: AuthContext,
  applicationId: number,
  request: {
    applicantIds?: number[] | undefined;
    /** None: the lender's first enabled bureau (a pull asked for with a new application). */
    creditBureau?: CreditBureau | null | undefined;
    confirmRetraction?: boolean | undefined;
  },
): Promise<CreditPullResult> =>
  ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const bureau = request.creditBureau
      ? await repo.findLenderBureau(tx, request.creditBureau)
      : (await repo.listLenderBureaus(tx)).find((b) => b.enabled);
    if (!bureau?.enabled) throw fieldError('creditBureau', messages.credit.bureauNotEnabled);
    const creditBureau = bureau.bureau as CreditBureau;
    const isBusinessLoan = await loadBusinessFlag(tx, application.loanProductId);
    const people = (await loadApplicants(tx, applicationId)).filter((a) => !isHidden(a.row, isBusinessLoan));
    const chosen = request.applicantIds
      ? request.applicantIds.map((id, i) => {
          const found = people.find((p) => p.row.id === id);
          if (!found) throw fieldError(`applicantIds.${i}`, messages.applications.applicantNotFound);
          return found;
        })
      : people;
    if (chosen.length === 0) throw fieldError('applicantIds', messages.applications.applicantNotFound);
    const subjects = chosen.map((applicant) => ({
      applicant,
      name: applicantName(applicant.row),
      who: bureauApplicantOf(ctx.protector, applicant),
    }));
    const missing = subjects.filter((s) => s.who === null);
    if (missing.length > 0) {
      throw validationError(
        missing.map((s) => ({ field: 'applicantIds', message: messages.credit.pullDataMissing(s.name) })),
      );
    }
    const retracts = await confirmCreditRetraction(tx, application, request.confirmRetraction);
    const provider = providers(creditBureau);
    const pulled: PulledReport[] = [];
    for (const s of subjects) {
      try {
        const answer = await provider.pull({
          bureau: creditBureau,
          applicant: s.who!,
          scoreModels: bureau.scoreModels as CreditScoreModel[],
          requestId: `${applicationId}-${s.applicant.row.id}`,
        });
        pulled.push({ applicant: s.applicant, name: s.name, raw: answer.rawXml, report: answer.report });
      } catch (error) {
        if (error instanceof BureauError) {
          throw new AppError(502, 'THIRD_PARTY_ERROR', messages.credit.bureauUnavailable(creditBureau));
        }
        throw error;
      }
    }
    const reports = await storePulledReports(
      tx,
      ctx.protector,
      auth,
      applicationId,
      bureau,
      provider.name,
      pulled,
      history,
    );
    const retracted =
      retracts && (await retractCreditChange(tx, auth, application, history, retractionReasons.creditReport));
    return { reports, retracted };
  });

/**
 * Saves the review text and the tradeline marks in one transaction: any tradeline that is not on an active report
 * of this application refuses the whole save (422), nothing is written.
 */
export const saveReview = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: {
    review: string | null;
    tradelines: { creditReportId: number; tradelineId: string; excluded: boolean; paidOff: boolean }[];
    confirmRetraction?: boolean | undefined;
  },
) =>
  ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const current = await readApplicationCredit(tx, ctx.protector, auth.lenderId, applicationId);
    const known = await repo.findActiveTradelines(tx, applicationId);
    const errors: { field: string; message: string }[] = [];
    const changes: { row: (typeof known)[number]; excluded: boolean; paidOff: boolean }[] = [];
    body.tradelines.forEach((mark, i) => {
      const row = known.find((k) => k.creditReportId === mark.creditReportId && k.tradelineKey === mark.tradelineId);
      if (!row) errors.push({ field: `tradelines.${i}.tradelineId`, message: messages.credit.tradelineNotFound });
      else if (row.excluded !== mark.excluded || row.paidOff !== mark.paidOff)
        changes.push({ row, excluded: mark.excluded, paidOff: mark.paidOff });
    });
    if (needsComment(current) && !body.review) {
      errors.push({ field: 'review', message: messages.credit.reviewRequiredWithAlerts });
    }
    if (errors.length > 0) throw validationError(errors);
    // Marks change the debt ratios a decision was made on: a credit change, retracted when the rule set names it.
    const retracts = changes.length > 0 && (await confirmCreditRetraction(tx, application, body.confirmRetraction));
    for (const c of changes) await repo.markTradeline(tx, c.row.id, { excluded: c.excluded, paidOff: c.paidOff });
    const reviewChanged = (current.review ?? null) !== body.review;
    if (reviewChanged) await repo.updateApplicationCredit(tx, applicationId, { creditReview: body.review });
    if (reviewChanged || changes.length > 0) {
      await history({
        action: 'Credit Review Saved',
        description: 'Credit review saved',
        entity: 'Credit Review',
        changes: [
          ...(reviewChanged
            ? [
                {
                  entity: 'Credit Review',
                  entityId: applicationId,
                  property: 'review',
                  oldValue: current.review,
                  newValue: body.review,
                },
              ]
            : []),
          ...tradelineChanges(changes),
        ],
      });
    }
    if (retracts) await retractCreditChange(tx, auth, application, history, retractionReasons.creditReview);
    return readApplicationCredit(tx, ctx.protector, auth.lenderId, applicationId);
  });

const tradelineChanges = (
  changes: {
    row: { id: number; creditor: string; excluded: boolean; paidOff: boolean };
    excluded: boolean;
    paidOff: boolean;
  }[],
) =>
  changes.flatMap((c) => [
    ...(c.row.excluded !== c.excluded
      ? [
          {
            entity: `Tradeline ${c.row.creditor}`,
            entityId: c.row.id,
            property: 'Exclude',
            oldValue: yesNo(c.row.excluded),
            newValue: yesNo(c.excluded),
          },
        ]
      : []),
    ...(c.row.paidOff !== c.paidOff
      ? [
          {
            entity: `Tradeline ${c.row.creditor}`,
            entityId: c.row.id,
            property: 'Paid Off',
            oldValue: yesNo(c.row.paidOff),
            newValue: yesNo(c.paidOff),
          },
        ]
      : []),
  ]);

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** A visible applicant's active report has alerts and the lender asks for a comment on them. */
const needsComment = (credit: ApplicationCredit) =>
  credit.requireCommentOnAlerts &&
  credit.applicants.some(
    (a) => !a.hidden && a.activeCreditReport && creditReportHasAlerts(a.activeCreditReport.report),
  );

/**
 * Marks the credit reviewed: new → reviewed (the Credit queue to the Decision queue), or takes it back
 * (reviewed → new). Every visible applicant needs an active report, and a report with alerts the review text.
 */
export const markReviewed = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, isReviewed: boolean) =>
  ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const current = await readApplicationCredit(tx, ctx.protector, auth.lenderId, applicationId);
    if (isReviewed) {
      if (application.state !== 'new') throw fieldError('isReviewed', messages.credit.notInState);
      if (current.applicants.some((a) => !a.hidden && !a.activeCreditReport)) {
        throw fieldError('isReviewed', messages.credit.reviewRequiredBeforeMarking);
      }
      if (needsComment(current) && !current.review)
        throw fieldError('review', messages.credit.reviewRequiredWithAlerts);
    } else if (application.state !== 'reviewed') {
      throw fieldError('isReviewed', messages.credit.notReviewed);
    }
    const state = isReviewed ? 'reviewed' : 'new';
    await repo.updateApplicationCredit(tx, applicationId, {
      state,
      creditReviewedAt: isReviewed ? new Date() : null,
      creditReviewedByUserId: isReviewed ? auth.userId : null,
    });
    await history({
      action: isReviewed ? 'Credit Reviewed' : 'Credit Review Reopened',
      description: isReviewed ? 'Credit marked as reviewed' : 'Credit review reopened',
      entity: 'Application',
      changes: [
        {
          entity: 'Application',
          entityId: applicationId,
          property: 'state',
          oldValue: application.state,
          newValue: state,
        },
      ],
    });
    // Issue 13, item 3: with auto-decision on, the auto-approval workflow decides the reviewed application.
    if (isReviewed) await decideAutomatically(tx, auth, history, { id: applicationId, state });
    return readApplicationCredit(tx, ctx.protector, auth.lenderId, applicationId);
  });

/** `GET CreditReport/{id}/summary`. */
export const getReportSummary = async (ctx: ApplicationContext, auth: AuthContext, id: number) => {
  const stored = await getReport(ctx, auth, id);
  return {
    id: stored.id,
    creditBureau: stored.creditBureau,
    scores: stored.report.scores,
    summary: stored.report.summary,
    ofac: stored.report.ofac,
    mla: stored.report.mla,
    alertsCount: stored.report.alerts.length,
  };
};
