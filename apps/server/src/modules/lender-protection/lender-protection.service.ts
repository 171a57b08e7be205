import { lenderProtectionTexts as texts, messages, type LoanInsurance } from '@credence/contracts';
import { decisionAdditions, lenderProtectionOutcome, money, type Money } from '@credence/domain';
import type { z } from 'zod';
import type { lenderProtectionSubmitSchema } from '@credence/contracts';
import {
  createLenderProtectionProvider,
  LenderProtectionError,
  type LenderProtectionAnswer,
  type LenderProtectionRequest,
} from '../../integrations/lender-protection/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { ApplicationContext } from '../applications/application-context.ts';
import { refreshRequirementsOutstanding } from '../applications/funding-requirements/funding-requirements.service.ts';
import { loadPolicyFacts } from '../applications/policy-facts/policy-facts.service.ts';
import { lenderDateOf } from '../lender-calendar/lender-calendar.service.ts';
import { listOfferedAdditions } from '../loan-additions/loan-additions.repository.ts';
import { LENDER_PROTECTION_PASSWORD_PURPOSE } from './lender-protection-admin.module.ts';
import * as repo from './lender-protection.repository.ts';

/**
 * Lender protection on an application (issue 35; contracts `applications/lender-protection.ts`): submit the loan
 * to the lender's insurer (the credential that covers its product), keep every answer, read it with the status
 * rules of spec 3 §4 (`lenderProtectionOutcome` in the domain), and carry an approval's stipulations to funding as
 * requirements from the insurance provider, replacing those of the previous answer.
 *
 * A submission runs in the application's annotate transaction (row locked, no edit lock: insuring the loan does
 * not change the record). The sandbox answers at once; a real insurer's call would be made before the transaction
 * with the request read in a first one.
 */

type SubmitBody = z.output<typeof lenderProtectionSubmitSchema>;

const moneyText = (value: Money) => value.toFixed(2);

type StoredRequested = LoanInsurance['requested'];
type StoredAnswer = Partial<LenderProtectionAnswer> & { errorMessage?: string | null };

const toView = (row: repo.ResponseRow, today: string): LoanInsurance => {
  const a = row.response as StoredAnswer;
  return {
    id: row.id,
    applicationId: row.applicationId,
    provider: row.provider,
    status: row.status as LoanInsurance['status'],
    decisionType: (row.decisionType as LoanInsurance['decisionType']) ?? null,
    resubmit: row.resubmit,
    referenceNumber: a.referenceNumber ?? null,
    gridVersion: row.gridVersion,
    requested: row.requested as StoredRequested,
    callbackTable: a.callbackTable ?? [],
    totalLoanAmount: a.totalLoanAmount ?? null,
    approvedTerm: a.approvedTerm ?? null,
    finalRate: a.finalRate ?? null,
    stipulations: a.stipulations ?? [],
    termsAndConditions: a.termsAndConditions ?? [],
    isCounter: a.isCounter ?? false,
    reasons: a.reasons ?? [],
    denialReasons: a.denialReasons ?? [],
    applicationErrors: a.applicationErrors ?? [],
    failureReasons: a.failureReasons ?? [],
    errorMessage: a.errorMessage ?? null,
    measures: a.measures ?? { ltv: null, pti: null, scoreBand: null },
    creditReportDate: row.creditReportDate,
    validUntil: row.validUntil,
    expired: row.validUntil !== null && row.validUntil < today,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
};

/** The credential that insures the application's product, or null (not configured). */
const credentialOf = async (
  tx: TenantTx,
  application: NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>,
) =>
  (repo.insurableControlTypes as readonly string[]).includes(application.controlType)
    ? ((await repo.findCredentialFor(tx, application.loanProductId)) ?? null)
    : null;

export const configured = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const application = (await repo.findApplication(tx, applicationId))!;
    const credential = await credentialOf(tx, application);
    return { configured: credential !== null, provider: credential?.provider ?? null };
  });

export const loanInsurance = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const [row] = await repo.listResponses(tx, applicationId, 1);
    return row ? toView(row, (await lenderDateOf(tx)).lenderDate) : null;
  });

export const history = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const today = (await lenderDateOf(tx)).lenderDate;
    return (await repo.listResponses(tx, applicationId)).map((row) => toView(row, today));
  });

/** What the insurer is told: the bureau data and the deal, the submission's values over the application's. */
const buildRequest = async (
  tx: TenantTx,
  application: NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>,
  body: SubmitBody,
) => {
  const { lenderDate: asOf, timeZoneId } = await lenderDateOf(tx);
  const facts = await loadPolicyFacts(tx, application.id, { asOf });
  const reports = await repo.listActiveReports(tx, application.id, timeZoneId);
  const collateralRows = await repo.findCollateral(tx, application.id);
  const ssnLast4 = await repo.listSsnLast4(tx, application.id);
  const amount = body.estAmtFinanced ?? application.estAmtFinanced;
  const termMonths = body.termMonths ?? application.termMonths;
  // The add-ons chosen on the submission, priced from the product's catalogue, beside the request's back-end fees.
  const offered = await listOfferedAdditions(tx, application.loanProductId);
  const additions = (body.additions ?? []).flatMap((a) => {
    const item = offered.find((o) => o.id === a.id);
    if (!item) return [];
    const price = a.flatAmount ?? (item.feeType === 'per1000' ? item.ratePer1000 : item.flatAmount);
    return [{ id: a.id, feeType: item.feeType, flatAmount: price, selected: a.selected }];
  });
  const unknown = (body.additions ?? []).findIndex((a) => !offered.some((o) => o.id === a.id));
  if (unknown >= 0) throw fieldError(`additions.${unknown}.id`, 'This addition is not available.');
  const addOns = money(application.totalBackEndFees).plus(decisionAdditions(additions, amount ?? 0).total);

  const valued = collateralRows.filter((c) => c.value !== null);
  const collateralValue =
    valued.length > 0 ? moneyText(valued.reduce((s, c) => s.plus(c.value!), money(0))) : application.value;
  const vehicle = collateralRows.find((c) => c.year !== null);
  const primary = reports[0];
  const oldest = reports.map((r) => r.reportDate).sort()[0] ?? null;
  const income = facts?.metrics?.ApplicationIncome ?? null;
  const request: Omit<LenderProtectionRequest, 'credentials'> = {
    reference: String(application.id),
    asOf,
    applicantSsnLast4: ssnLast4,
    creditScore: facts?.creditScore ?? null,
    creditReportDate: oldest,
    creditFileProblem: primary?.frozen ? 'frozen' : primary?.noRecordFound ? 'noRecordFound' : null,
    hasBankruptcy: facts?.flags?.hasBankruptcy ?? false,
    amountFinanced: amount === null ? null : money(amount).toFixed(2),
    addOns: moneyText(addOns),
    termMonths,
    collateralValue,
    vehicleYear: vehicle?.year ?? null,
    vehicleMileage: vehicle?.mileage ?? null,
    monthlyIncome: income,
    channel: application.direct ? 'Direct' : 'Indirect',
  };
  const requested: StoredRequested = {
    estAmtFinanced: request.amountFinanced,
    termMonths,
    addOns: request.addOns,
    additions: (body.additions ?? []).map((a) => ({ id: a.id, flatAmount: a.flatAmount, selected: a.selected })),
  };
  return { request, requested, asOf };
};

/**
 * Submit (or re-submit) the application to the insurer: the answer is stored and returned whatever it is; an
 * insurer that cannot be reached or refuses the login gives an `Error` answer ('An error occurred submitting to
 * Lend Pro.'), which changes nothing else. Any other answer replaces the insurance stipulations: those of the
 * previous answer are withdrawn, an approval's (Approved or Counter) are added.
 */
export const submit = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: SubmitBody,
  resubmit: boolean,
): Promise<LoanInsurance> =>
  ctx.annotate(auth, applicationId, async (tx, _application, writeHistory) => {
    if (body.applicationId !== undefined && body.applicationId !== applicationId)
      throw fieldError('applicationId', texts.applicationIdMismatch);
    const application = (await repo.findApplication(tx, applicationId))!;
    const credential = await credentialOf(tx, application);
    if (!credential)
      throw new AppError(422, 'VALIDATION', texts.notConfigured, [
        { field: 'applicationId', message: texts.notConfigured },
      ]);
    const previous = await repo.listResponses(tx, applicationId, 1);
    if (resubmit && previous.length === 0)
      throw new AppError(422, 'VALIDATION', texts.nothingToResubmit, [
        { field: 'resubmit', message: texts.nothingToResubmit },
      ]);

    const { request, requested, asOf } = await buildRequest(tx, application, body);
    const provider = createLenderProtectionProvider(credential.provider);
    let answer: LenderProtectionAnswer | null = null;
    let errorMessage: string | null = null;
    try {
      answer = await provider.submit({
        ...request,
        credentials: {
          userName: credential.userName,
          password: ctx.protector.decrypt(credential.passwordEncrypted, LENDER_PROTECTION_PASSWORD_PURPOSE),
          programCode: credential.programCode,
        },
      });
    } catch (error) {
      if (!(error instanceof LenderProtectionError)) throw error;
      errorMessage = `${messages.credit.submitFailed(provider.name)} ${error.message}`;
    }

    const status = answer?.status ?? 'Error';
    const decisionType =
      answer === null
        ? null
        : lenderProtectionOutcome(
            answer.status,
            answer.totalLoanAmount === null || answer.approvedTerm === null
              ? null
              : { totalLoanAmount: answer.totalLoanAmount, approvedTerm: answer.approvedTerm },
            { amount: requested.estAmtFinanced ?? '0', termMonths: requested.termMonths ?? 0 },
          );
    const id = await repo.insertResponse(tx, {
      lenderId: auth.lenderId,
      applicationId,
      provider: provider.name,
      resubmit,
      status,
      decisionType: decisionType === 'close' ? null : decisionType,
      requested,
      response: answer ? { ...answer } : { errorMessage, referenceNumber: null },
      gridVersion: answer?.gridVersion ?? null,
      creditReportDate: answer?.creditReportDate ?? request.creditReportDate,
      validUntil: answer?.validUntil ?? null,
      createdByUserId: auth.userId,
    });

    if (answer) {
      await repo.withdrawInsuranceRequirements(tx, applicationId);
      const stipulations = answer.status === 'Approved' || answer.status === 'Counter' ? answer.stipulations : [];
      if (stipulations.length > 0)
        await repo.insertRequirements(
          tx,
          stipulations.map((description, i) => ({
            lenderId: auth.lenderId,
            applicationId,
            description,
            source: 'insurance',
            status: 'outstanding',
            required: true,
            sortOrder: i,
            createdByUserId: auth.userId,
          })),
        );
      await refreshRequirementsOutstanding(tx, applicationId);
    }
    await writeHistory({
      action: resubmit ? 'Lend Pro re-submission' : 'Lend Pro submission',
      description:
        answer === null
          ? `${texts.sendFailed}: ${errorMessage}`
          : `${texts.sent}: ${status}${answer.totalLoanAmount ? ` (${answer.totalLoanAmount} for ${answer.approvedTerm} months at ${answer.finalRate}%)` : ''}`,
      entity: 'LenderProtection',
      changes: [],
    });
    const [stored] = await repo.listResponses(tx, applicationId, 1);
    if (stored?.id !== id) throw new Error('the stored answer was not read back');
    return toView(stored, asOf);
  });

/**
 * What a decision's receipt keeps of Lend Pro (issue 35 item 4): the application's newest answer when it is in force
 * (not an Error, not past its validity), with its reference and grid version; null otherwise. In the decision's
 * transaction.
 */
export const lenderProtectionForReceipt = async (tx: TenantTx, applicationId: number) => {
  const [row] = await repo.listResponses(tx, applicationId, 1);
  if (!row || row.status === 'Error') return null;
  const view = toView(row, (await lenderDateOf(tx)).lenderDate);
  if (view.expired) return null;
  return {
    responseId: view.id,
    provider: view.provider,
    status: view.status,
    referenceNumber: view.referenceNumber,
    gridVersion: view.gridVersion,
    totalLoanAmount: view.totalLoanAmount,
    approvedTerm: view.approvedTerm,
    finalRate: view.finalRate,
    validUntil: view.validUntil,
  };
};
