import {
  approvalDecisionTypes,
  coreServices,
  fundingRequirementStatusLabels,
  loanTexts,
  paymentFrequencyLabels,
  type CoreService,
  type DecisionReceipt,
  type DryRunProblem,
  type DryRunResult,
  type FieldError,
  type FundResult,
  type FundedAddition,
  type Loan,
  type LoanApproval,
  type LoanDisbursement,
  type LoanPayoff,
  type LoanSaveParsed,
  type LoanWorksheet,
  type ProposedDisbursements,
  type ReverseResult,
  disclosureTermsOf,
  loanDisclosureOf,
  loanDisclosureSchema,
  prepaidChargesOf,
  truthInLendingRequestOf,
  type DayCount,
  type LoanDisclosureView,
  type OddDaysTreatment,
  type PrepaidCharge,
} from '@credence/contracts';
import {
  addDays,
  bookingReference,
  disbursementBalance,
  formatRate,
  isAprWithinTolerance,
  isFinanceChargeWithinTolerance,
  loanDateProblems,
  money,
  nextBusinessDay,
  payoffAtDate,
  proposeDisbursements,
  rateOnWire,
  rescissionDateFor,
  summaryMoney,
  type LoanDateProblemCode,
  type PaymentFrequency,
} from '@credence/domain';
import type { Db } from '../../../db/client.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import {
  createCoreProvider,
  CoreError,
  type CoreNewMember,
  type CoreProvider,
} from '../../../integrations/cores/index.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { protectedPurposes, type DataProtector } from '../../../platform/crypto.ts';
import { AppError, fieldError, notFound, validationError } from '../../../platform/errors.ts';
import { lenderCoreSettings } from '../../cores/cores.service.ts';
import { coreCodeMap } from '../../core-code-mappings/core-code-mappings.service.ts';
import { listEnabledDisbursalMethods } from '../../disbursal-methods/disbursal-methods.repository.ts';
import { disbursementsForProduct } from '../../disbursements/disbursements.service.ts';
import { holidaySet, lenderDate as readLenderDate } from '../../lender-calendar/lender-calendar.service.ts';
import { listEnabledReserveMatrices, resolveReserveByMatrix } from '../../reserves/reserves.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import { recordHistory } from '../application-history/application-history.repository.ts';
import { listOpenRequired } from '../funding-requirements/funding-requirements.repository.ts';
import type { StepUpAuthentication } from '../../auth/mfa-core.service.ts';
import { readSettings } from '../../decision-engine/decision-engine.service.ts';
import { disclose, DisclosureError } from '../../truth-in-lending/truth-in-lending.service.ts';
import { listFrontEndFinanceCharges } from '../applications.repository.ts';
import { requestWidgetRefresh } from '../../widgets/widgets.service.ts';
import * as repo from './loans.repository.ts';
import { notifyBorrower } from '../../borrower-notifications/borrower-notifications.service.ts';
import { emitWebhookEvent } from '../../webhooks/webhook-events.service.ts';

/**
 * The loan and its funding (issue 14, items 4–6; spec 3 §3–§5, §7 "Loans and funding"). Reads and writes run in
 * the tenant transaction; funding and reversal lock the application row first, so concurrent calls are
 * serialised and the second finds the first one's result. The core is an external system (the sandboxes write
 * their ledger on the owner connection): a booking is reconciled with `findBooking` before any new attempt, and
 * the booking reference `{lender}-{application}-{fundingSequence}` makes the core book once per funding.
 */

/* ------------------------------------------------------------------------------------------------ types */

/** Who acts: the signed-in user, or the demo seed. */
export type LoanActor = { lenderId: number; userId: number | null };
/** What the funding calls need besides the tenant transaction: the owner db (the core) and the SSN protector. */
export type LoanDeps = {
  db: Db;
  protector: DataProtector;
  coreTimeoutMs?: number;
  /** The core provider to use (the demo seed's sandbox in its own transaction); default `createCoreProvider`. */
  coreFor?: (coreService: CoreService) => CoreProvider;
};

type LoanState = {
  id: number | null;
  decisionId: number | null;
  amount: string;
  monthlyPayment: string | null;
  termMonths: number;
  interestRate: string;
  buyRate: string | null;
  paymentFrequency: PaymentFrequency;
  direct: boolean;
  contractDate: string | null;
  firstPaymentDate: string | null;
  rescissionDate: string | null;
  fundingDate: string | null;
  loanId: string | null;
  shareAccountNumber: string | null;
  memberNumber: string | null;
  coreLoanId: string | null;
  reserveMatrixId: number | null;
  reserveId: number | null;
  reserveAmount: string | null;
  additions: FundedAddition[];
  /** Issue 41: the balloon, the disclosure's inputs besides the terms, and the disclosure at the loan's dates. */
  balloonAmount: string | null;
  disclosureTerms: LoanDisclosureTerms;
  disclosure: LoanDisclosureView | null;
  disbursements: LoanDisbursement[];
  payoffs: LoanPayoff[];
  isFunded: boolean;
  fundingSequence: number;
  sentToCore: boolean | null;
  fundedAt: Date | null;
  fundedByUserId: number | null;
  reversedAt: Date | null;
  updatedAt: Date | null;
};

/* ---------------------------------------------------------------------------------------------- helpers */

const cents = (value: string | null | undefined) =>
  value === null || value === undefined ? null : money(value).toFixed(2);
const sameDecimal = (a: string, b: string) => money(a).eq(money(b));

/**
 * Where the loan's terms are not the decision of record (issue 29, item 2): the approval changed after the draft
 * was saved. Each difference in words ('amount $19,001.00 (approved $1,000.00)'); none when they agree.
 */
const termsDifferences = (s: LoanState, a: LoanApproval): string[] => [
  ...(sameDecimal(s.amount, a.amount) ? [] : [`amount ${summaryMoney(s.amount)} (approved ${summaryMoney(a.amount)})`]),
  ...(sameDecimal(s.interestRate, a.interestRate)
    ? []
    : [`rate ${formatRate(s.interestRate)} (approved ${formatRate(a.interestRate)})`]),
  ...(s.termMonths === a.term ? [] : [`term ${s.termMonths} months (approved ${a.term})`]),
  ...(sameDecimal(s.balloonAmount ?? '0', a.balloonAmount ?? '0')
    ? []
    : [`balloon ${summaryMoney(s.balloonAmount ?? '0')} (approved ${summaryMoney(a.balloonAmount ?? '0')})`]),
  ...(s.paymentFrequency === a.paymentFrequencyId
    ? []
    : [
        `payments ${paymentFrequencyLabels[s.paymentFrequency]} (approved ${paymentFrequencyLabels[a.paymentFrequencyId]})`,
      ]),
];
const isCoreService = (value: string): value is CoreService => (coreServices as readonly string[]).includes(value);
const yearOf = (date: string) => Number(date.slice(0, 4));

/** Per process, funding calls of one application run one after another (no pool connections held waiting). */
const chains = new Map<string, Promise<unknown>>();
const serialised = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
  const previous = chains.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(work);
  const tail = run.catch(() => undefined);
  chains.set(key, tail);
  try {
    return await run;
  } finally {
    if (chains.get(key) === tail) chains.delete(key);
  }
};

const dateMessages: Record<LoanDateProblemCode, string> = {
  contractDateNotBusinessDay: loanTexts.contractDateNotBusinessDay,
  contractDateTooEarly: loanTexts.contractDateTooEarly,
  firstPaymentNotAfterContract: loanTexts.firstPaymentNotAfterContract,
  fundingDateNotBusinessDay: loanTexts.fundingDateNotBusinessDay,
  fundingDateBeforeContract: loanTexts.fundingDateBeforeContract,
  fundingDateBeforeRescission: loanTexts.fundingDateBeforeRescission,
  rescissionDateTooEarly: loanTexts.rescissionDateTooEarly,
  rescissionRequired: loanTexts.rescissionRequired,
};

/* --------------------------------------------------------------------------------------------- the case */

/** Everything a loan call reads, once per request, in the tenant transaction. */
const loadCase = async (tx: TenantTx, lenderId: number, applicationId: number) => {
  const app = await repo.findApplication(tx, applicationId);
  if (!app) throw notFound();
  const settingsRow = await lenderCoreSettings(tx);
  const latest = await repo.findLatestDecision(tx, applicationId);
  const receipt = latest?.receipt as DecisionReceipt | undefined;
  const isApproval =
    latest !== undefined &&
    latest.entryKind === 'decision' &&
    (approvalDecisionTypes as readonly string[]).includes(latest.decisionType) &&
    receipt?.approval;
  const allowed = app.state === 'approved' || app.state === 'counteroffer' || app.state === 'funded';
  if (!allowed || !isApproval || !receipt?.approval) throw new AppError(409, 'CONFLICT', loanTexts.notApproved);
  const a = receipt.approval;
  const approval: LoanApproval = {
    decisionId: latest.id,
    decisionType: latest.decisionType as LoanApproval['decisionType'],
    amount: cents(a.amount)!,
    term: a.term,
    interestRate: a.interestRate,
    paymentFrequencyId: a.paymentFrequency,
    monthlyPayment: cents(a.monthlyPayment)!,
    buyRate: a.buyRate,
    contractDate: a.contractDate,
    firstPaymentDate: a.firstPaymentDate,
    balloonAmount: cents(a.balloonAmount ?? null),
    additions: receipt.additions.map((x) => ({
      id: x.id,
      name: x.name,
      feeType: x.feeType,
      amount: cents(x.amount)!,
      selected: x.selected,
      financeCharge: x.financeCharge ?? false,
    })),
  };
  const decidedTerms = await decidedDisclosureTerms(tx, app.loanProductId, applicationId, receipt, approval.additions);
  const lenderDate = await readLenderDate(tx);
  const year = yearOf(lenderDate);
  const holidays = await holidaySet(tx, year - 1, year + 2);
  const primary = await repo.findPrimaryApplicant(tx, applicationId);
  const loan = await repo.findLoan(tx, applicationId);
  const coreService: CoreService | null = isCoreService(settingsRow.coreService) ? settingsRow.coreService : null;
  return {
    app,
    approval,
    decidedTerms,
    decidedDisclosure: receipt.disclosures,
    settings: { ...settingsRow, coreService },
    lenderDate,
    holidays,
    primary,
    loan,
  };
};
type Case = Awaited<ReturnType<typeof loadCase>>;

const primaryName = (c: Case) => {
  const p = c.primary;
  if (!p) return null;
  if (p.isBusiness && p.companyName) return p.companyName;
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || null;
};

const stateOfRow = (row: repo.LoanRow): LoanState => ({
  id: row.id,
  decisionId: row.decisionId,
  amount: cents(row.amount)!,
  monthlyPayment: cents(row.monthlyPayment),
  termMonths: row.termMonths,
  interestRate: rateOnWire(row.interestRate),
  buyRate: row.buyRate === null ? null : rateOnWire(row.buyRate),
  paymentFrequency: row.paymentFrequency as PaymentFrequency,
  direct: row.direct,
  contractDate: row.contractDate,
  firstPaymentDate: row.firstPaymentDate,
  rescissionDate: row.rescissionDate,
  fundingDate: row.fundingDate,
  loanId: row.loanId,
  shareAccountNumber: row.shareAccountNumber,
  memberNumber: row.memberNumber,
  coreLoanId: row.coreLoanId,
  reserveMatrixId: row.reserveMatrixId,
  reserveId: row.reserveId,
  reserveAmount: cents(row.reserveAmount),
  additions: row.additions as unknown as FundedAddition[],
  balloonAmount: cents(row.balloonAmount),
  disclosureTerms: {
    dayCount: row.dayCount as DayCount,
    oddDays: row.oddDays as OddDaysTreatment,
    prepaidFinanceCharges: row.prepaidFinanceCharges as unknown as PrepaidCharge[],
  },
  disclosure: row.disclosure === null ? null : loanDisclosureSchema.parse(row.disclosure),
  disbursements: row.disbursements as unknown as LoanDisbursement[],
  payoffs: row.payoffs as unknown as LoanPayoff[],
  isFunded: row.isFunded,
  fundingSequence: row.fundingSequence,
  sentToCore: row.sentToCore,
  fundedAt: row.fundedAt,
  fundedByUserId: row.fundedByUserId,
  reversedAt: row.reversedAt,
  updatedAt: row.updatedAt,
});

/* ---------------------------------------------------------------------------------------------- payoffs */

/** The lien and internal refinance payoffs at a date (the funding date, else the lender date). */
const payoffsAt = async (tx: TenantTx, c: Case, payoffDate: string): Promise<LoanPayoff[]> => {
  const liens = await repo.listLiens(tx, c.app.id);
  const refinance = await repo.findInternalRefinance(tx, c.app.id);
  const rows: LoanPayoff[] = liens.map((l) => {
    const goodThrough = c.lenderDate;
    const perDiem = cents(l.perDiem) ?? '0.00';
    const p = payoffAtDate({ payoffAmount: l.payoffAmount!, perDiem, goodThrough, payoffDate });
    return {
      kind: 'lien',
      sourceId: l.id,
      lienholder: l.lienholder ?? 'Lienholder',
      loanNumber: null,
      payoffAmount: cents(l.payoffAmount)!,
      perDiem,
      goodThrough,
      payoffDate,
      days: p.days,
      total: p.total.toFixed(2),
    };
  });
  if (refinance?.payoffAmount) {
    const goodThrough = refinance.goodThrough ?? c.lenderDate;
    const perDiem = cents(refinance.perDiem) ?? '0.00';
    const p = payoffAtDate({ payoffAmount: refinance.payoffAmount, perDiem, goodThrough, payoffDate });
    rows.push({
      kind: 'internalRefinance',
      sourceId: refinance.id,
      lienholder: refinance.loanNumber ? `Internal refinance of loan ${refinance.loanNumber}` : 'Internal refinance',
      loanNumber: refinance.loanNumber,
      payoffAmount: cents(refinance.payoffAmount)!,
      perDiem,
      goodThrough,
      payoffDate,
      days: p.days,
      total: p.total.toFixed(2),
    });
  }
  return rows;
};

/* ---------------------------------------------------------------------------------------- disbursements */

const proposedDisbursements = async (
  tx: TenantTx,
  c: Case,
  amount: string,
  additions: FundedAddition[],
  payoffs: LoanPayoff[],
): Promise<LoanDisbursement[]> => {
  const definitions = await disbursementsForProduct(tx, c.app.loanProductId);
  const definitionFor = (payeeType: LoanDisbursement['payeeType']) =>
    definitions.find((d) => d.payeeType === payeeType);
  const line = (
    payeeType: LoanDisbursement['payeeType'],
    fallbackName: string,
    payeeName: string,
  ): Omit<LoanDisbursement, 'amount'> => {
    const d = definitionFor(payeeType);
    return {
      disbursementId: d?.id ?? null,
      name: d?.name ?? fallbackName,
      payeeType,
      payeeName,
      disbursalMethodId: d?.disbursalMethodId ?? null,
      disbursalMethodName: d?.disbursalMethodName ?? null,
    };
  };
  const remainderType = c.app.direct ? 'member' : 'dealer';
  const proposed = proposeDisbursements({
    amount,
    payoffs: payoffs.map((p) => ({ ...line('lienholder', 'Lien Payoff', p.lienholder), amount: p.total })),
    additions: additions
      .filter((a) => a.selected && money(a.amount).gt(0))
      .map((a) => ({ ...line('other', a.name, a.name), amount: a.amount })),
    remainder: line(
      remainderType,
      c.app.direct ? 'To Member' : 'To Dealer',
      (c.app.direct ? primaryName(c) : c.app.dealerName) ?? (c.app.direct ? 'Member' : 'Dealer'),
    ),
  });
  return [...proposed.payoffs, ...proposed.additions, proposed.remainder].map((d) => ({
    ...d,
    amount: d.amount.toFixed(2),
  }));
};

/* --------------------------------------------------------------------------------------------- reserve */

type ReserveOutcome = { reserveId: number | null; reserveAmount: string | null };

/** A rate as the reserve request takes it (at most three decimals): "6.4900" → "6.49". */
const rateText = (rate: string) => money(rate).toDecimalPlaces(3).toString();

/** The dealer reserve of the loan through the chosen reserve matrix (buy rate vs contract rate). */
const resolveReserve = async (tx: TenantTx, c: Case, s: LoanState): Promise<ReserveOutcome> => {
  if (s.reserveMatrixId === null) return { reserveId: null, reserveAmount: null };
  try {
    const r = await resolveReserveByMatrix(tx, {
      reserveMatrixId: s.reserveMatrixId,
      loanProductId: c.app.loanProductId,
      amount: s.amount,
      termMonths: s.termMonths,
      paymentFrequency: s.paymentFrequency,
      contractRate: rateText(s.interestRate),
      buyRate: s.buyRate === null ? null : rateText(s.buyRate),
      direct: c.app.direct,
      firstPaymentDate: s.firstPaymentDate,
      contractDate: s.contractDate,
    });
    return { reserveId: r.reserveId, reserveAmount: r.reserveAmount };
  } catch (error) {
    // Another lender's or an unknown matrix: a field error of the save, not a 404 of the loan.
    if (error instanceof AppError && error.status === 404)
      throw fieldError('reserveMatrixId', loanTexts.unknownReserveMatrix);
    throw error;
  }
};

/* ---------------------------------------------------------------------------------------------- the loan */

type LoanDisclosureTerms = Omit<Loan['disclosureTerms'], 'securedByDwelling'>;

/** A home equity loan: the $100 finance charge tolerance (§1026.18(d)(1)). */
const securedByDwelling = (c: Case) => c.app.controlType === 'HEL';

/**
 * The disclosure terms of the decision of record (issue 41): as its receipt recorded them; for a decision recorded
 * before, the product's settings and the finance charges now on the application.
 */
const decidedDisclosureTerms = async (
  tx: TenantTx,
  loanProductId: number,
  applicationId: number,
  receipt: DecisionReceipt | undefined,
  additions: readonly FundedAddition[],
): Promise<LoanDisclosureTerms> => {
  const d = receipt?.disclosures;
  if (d?.dayCount && d.oddDays)
    return { dayCount: d.dayCount, oddDays: d.oddDays, prepaidFinanceCharges: d.prepaidFinanceCharges ?? [] };
  const terms = disclosureTermsOf(await readSettings(tx), loanProductId);
  const frontEnd = await listFrontEndFinanceCharges(tx, applicationId);
  return { ...terms, prepaidFinanceCharges: prepaidChargesOf(additions, frontEnd) };
};

/**
 * The Truth in Lending disclosure of the loan at its dates: the request the funding worksheet sends to
 * `POST /api/tools/truthInLending`, built alike. Throws a `DisclosureError` naming the request field.
 */
const discloseLoan = (c: Case, s: LoanState, contractDate: string, firstPaymentDate: string) =>
  disclose(
    truthInLendingRequestOf({
      amount: s.amount,
      annualRate: s.interestRate,
      term: s.termMonths,
      paymentFrequencyId: s.paymentFrequency,
      contractDate,
      firstPaymentDate,
      balloonAmount: s.balloonAmount,
      terms: { ...s.disclosureTerms, securedByDwelling: securedByDwelling(c) },
      prepaidFinanceCharges: s.disclosureTerms.prepaidFinanceCharges,
    }),
  );

/** The loan with its disclosure at its dates (none while a date is missing or the terms cannot be computed). */
const withDisclosure =
  (c: Case) =>
  (s: LoanState): LoanState => {
    if (!s.contractDate || !s.firstPaymentDate) return { ...s, disclosure: null };
    try {
      const { request, answer } = discloseLoan(c, s, s.contractDate, s.firstPaymentDate);
      return { ...s, monthlyPayment: answer.payment, disclosure: loanDisclosureOf(request, answer) };
    } catch (error) {
      if (error instanceof DisclosureError) return { ...s, disclosure: null };
      throw error;
    }
  };

/** The loan proposed from the approval before the first save. */
const proposedLoan = async (tx: TenantTx, c: Case): Promise<LoanState> => {
  const a = c.approval;
  const hasRescission = c.app.rescissionDateType !== null;
  const additions = a.additions;
  const payoffs = await payoffsAt(tx, c, c.lenderDate);
  return withDisclosure(c)({
    id: null,
    decisionId: a.decisionId,
    amount: a.amount,
    monthlyPayment: a.monthlyPayment,
    termMonths: a.term,
    interestRate: a.interestRate,
    buyRate: a.buyRate,
    paymentFrequency: a.paymentFrequencyId,
    direct: c.app.direct,
    contractDate: a.contractDate,
    firstPaymentDate: a.firstPaymentDate,
    rescissionDate: hasRescission ? rescissionDateFor(a.contractDate) : null,
    fundingDate: null,
    loanId: c.app.potentialLoanId,
    shareAccountNumber: c.app.potentialShareAccountNumber,
    memberNumber: c.primary?.memberNumber ?? null,
    coreLoanId: null,
    reserveMatrixId: null,
    reserveId: null,
    reserveAmount: null,
    additions,
    balloonAmount: a.balloonAmount,
    disclosureTerms: c.decidedTerms,
    disclosure: null,
    disbursements: await proposedDisbursements(tx, c, a.amount, additions, payoffs),
    payoffs,
    isFunded: false,
    fundingSequence: 0,
    sentToCore: null,
    fundedAt: null,
    fundedByUserId: null,
    reversedAt: null,
    updatedAt: null,
  });
};

const currentLoan = async (tx: TenantTx, c: Case): Promise<LoanState> =>
  c.loan ? stateOfRow(c.loan) : proposedLoan(tx, c);

/**
 * A saved draft whose approval changed since takes the approval's terms, add-ons and payouts again when it is
 * saved (the dates, ids and member stay the person's): a loan is booked on the decision of record only.
 */
const rebasedOnApproval = async (tx: TenantTx, c: Case, s: LoanState): Promise<LoanState> => {
  if (s.decisionId === c.approval.decisionId && termsDifferences(s, c.approval).length === 0) return s;
  const proposed = await proposedLoan(tx, c);
  return withDisclosure(c)({
    ...s,
    decisionId: proposed.decisionId,
    amount: proposed.amount,
    monthlyPayment: proposed.monthlyPayment,
    termMonths: proposed.termMonths,
    interestRate: proposed.interestRate,
    buyRate: proposed.buyRate,
    paymentFrequency: proposed.paymentFrequency,
    additions: proposed.additions,
    balloonAmount: proposed.balloonAmount,
    disclosureTerms: proposed.disclosureTerms,
    disclosure: null,
    disbursements: proposed.disbursements,
  });
};

const loanView = async (tx: TenantTx, c: Case, s: LoanState): Promise<Loan> => {
  const balance = disbursementBalance(
    s.amount,
    s.disbursements.map((d) => d.amount),
  );
  const reserve = s.reserveId !== null ? await repo.findReserve(tx, s.reserveId) : undefined;
  return {
    id: s.id,
    applicationId: c.app.id,
    decisionId: s.decisionId,
    isSaved: s.id !== null,
    isFunded: s.isFunded,
    amount: s.amount,
    monthlyPayment: s.monthlyPayment,
    term: s.termMonths,
    interestRate: s.interestRate,
    buyRate: s.buyRate,
    paymentFrequencyId: s.paymentFrequency,
    additions: s.additions,
    balloonAmount: s.balloonAmount,
    disclosureTerms: { ...s.disclosureTerms, securedByDwelling: securedByDwelling(c) },
    disclosure: s.disclosure,
    direct: s.direct,
    loanProductId: c.app.loanProductId,
    contractDate: s.contractDate,
    firstPaymentDate: s.firstPaymentDate,
    rescissionDate: s.rescissionDate,
    fundingDate: s.fundingDate,
    loanId: s.loanId,
    shareAccountNumber: s.shareAccountNumber,
    memberNumber: s.memberNumber,
    coreLoanId: s.coreLoanId,
    increaseExistingCreditLimit: c.app.increaseExistingCreditLimit,
    potentialLoanId: c.app.potentialLoanId,
    reserveMatrixId: s.reserveMatrixId,
    reserveId: s.reserveId,
    reserveName: reserve?.name ?? null,
    reserveAmount: s.reserveAmount,
    payoffs: s.payoffs,
    disbursements: s.disbursements,
    disbursementTotal: balance.total.toFixed(2),
    disbursementRemaining: balance.remaining.toFixed(2),
    fundingSequence: s.fundingSequence,
    sentToCore: s.sentToCore,
    fundedAt: s.fundedAt?.toISOString() ?? null,
    fundedBy: await repo.findUserName(tx, s.fundedByUserId),
    reversedAt: s.reversedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt?.toISOString() ?? null,
  };
};

const earliestFunding = (c: Case, s: LoanState) => {
  if (c.app.rescissionDateType !== null) {
    const rescission = s.rescissionDate ?? (s.contractDate ? rescissionDateFor(s.contractDate) : null);
    if (!rescission) return null;
    const after = nextBusinessDay(addDays(rescission, 1), c.holidays);
    return after > c.lenderDate ? after : nextBusinessDay(c.lenderDate, c.holidays);
  }
  const from = s.contractDate && s.contractDate > c.lenderDate ? s.contractDate : c.lenderDate;
  return nextBusinessDay(from, c.holidays);
};

const worksheetOf = async (tx: TenantTx, c: Case): Promise<LoanWorksheet> => {
  const s = await currentLoan(tx, c);
  const last = await repo.findLastBooking(tx, c.app.id);
  const matrices = await listEnabledReserveMatrices(tx);
  const methods = await listEnabledDisbursalMethods(tx);
  return {
    loan: await loanView(tx, c, s),
    approval: c.approval,
    application: {
      id: c.app.id,
      state: c.app.state as LoanWorksheet['application']['state'],
      direct: c.app.direct,
      loanProductId: c.app.loanProductId,
      loanProductName: c.app.loanProductName,
      controlType: c.app.controlType as LoanWorksheet['application']['controlType'],
      rescissionDateType: c.app.rescissionDateType,
      dealerId: c.app.dealerId,
      dealerName: c.app.dealerName,
      primaryApplicantId: c.primary?.id ?? null,
      primaryApplicantName: primaryName(c),
      primaryApplicantMemberNumber: c.primary?.memberNumber ?? null,
      increaseExistingCreditLimit: c.app.increaseExistingCreditLimit,
      potentialLoanId: c.app.potentialLoanId,
      potentialShareAccountNumber: c.app.potentialShareAccountNumber,
      queue: c.app.queue,
    },
    settings: {
      coreService: c.settings.coreService,
      sendLoansToCore: c.settings.sendLoansToCore,
      fundOnlyFinalizedEnvelopes: c.settings.fundOnlyFinalizedEnvelopes,
      envelopesNote: loanTexts.envelopesNotAvailable,
      exportLoanSummaryOnFunding: c.settings.exportLoanSummaryOnFunding,
    },
    conditions: s.isFunded ? [] : await conditionsOf(tx, c, s),
    lenderDate: c.lenderDate,
    earliestFundingDate: earliestFunding(c, s),
    reserveMatrices: matrices,
    disbursalMethods: methods,
    lastBooking: last
      ? {
          kind: last.booking.kind as 'book' | 'reverse',
          reference: last.booking.reference,
          coreService: last.booking.coreService,
          sentToCore: last.booking.sentToCore,
          coreLoanId: last.booking.coreLoanId,
          memberNumber: last.booking.memberNumber,
          newMemberCreated: last.booking.newMemberCreated,
          createdAt: last.booking.createdAt.toISOString(),
          createdBy: last.createdBy,
          payload: last.booking.payload,
        }
      : null,
  };
};

/* ------------------------------------------------------------------------------------------------- save */

const checkTermsUnchanged = (c: Case, body: LoanSaveParsed) => {
  const errors: FieldError[] = [];
  const a = c.approval;
  if (body.amount !== undefined && !sameDecimal(body.amount, a.amount))
    errors.push({ field: 'amount', message: loanTexts.termsNotEditable });
  if (body.term !== undefined && body.term !== a.term)
    errors.push({ field: 'term', message: loanTexts.termsNotEditable });
  if (
    body.interestRate !== undefined &&
    !(/^\d{1,3}(\.\d{1,4})?$/.test(body.interestRate) && sameDecimal(body.interestRate, a.interestRate))
  )
    errors.push({ field: 'interestRate', message: loanTexts.termsNotEditable });
  if (body.paymentFrequencyId !== undefined && body.paymentFrequencyId !== a.paymentFrequencyId)
    errors.push({ field: 'paymentFrequencyId', message: loanTexts.termsNotEditable });
  if (errors.length > 0) throw validationError(errors);
};

const validateDisbursements = async (
  tx: TenantTx,
  c: Case,
  amount: string,
  input: NonNullable<LoanSaveParsed['disbursements']>,
): Promise<LoanDisbursement[]> => {
  const definitions = new Map((await disbursementsForProduct(tx, c.app.loanProductId)).map((d) => [d.id, d] as const));
  const methods = new Map((await listEnabledDisbursalMethods(tx)).map((m) => [m.id, m.name]));
  const errors: FieldError[] = [];
  const rows = input.map((d, i): LoanDisbursement => {
    const definition = d.disbursementId === null ? undefined : definitions.get(d.disbursementId);
    if (d.disbursementId !== null && !definition)
      errors.push({ field: `disbursements.${i}.disbursementId`, message: loanTexts.unknownDisbursement });
    if (d.disbursalMethodId !== null && !methods.has(d.disbursalMethodId))
      errors.push({ field: `disbursements.${i}.disbursalMethodId`, message: loanTexts.unknownDisbursalMethod });
    return {
      disbursementId: d.disbursementId,
      name: definition?.name ?? d.payeeName,
      payeeType: d.payeeType,
      payeeName: d.payeeName,
      disbursalMethodId: d.disbursalMethodId,
      disbursalMethodName: d.disbursalMethodId === null ? null : (methods.get(d.disbursalMethodId) ?? null),
      amount: d.amount,
    };
  });
  if (errors.length > 0) throw validationError(errors);
  const balance = disbursementBalance(
    amount,
    rows.map((r) => r.amount),
  );
  if (!balance.balanced)
    throw fieldError('disbursements', loanTexts.disbursementsUnbalanced(balance.difference.toFixed(2), balance.over));
  return rows;
};

/** Saves the draft in the caller's transaction (the application row locked by the caller). */
export const saveLoanInTx = async (
  tx: TenantTx,
  actor: LoanActor,
  applicationId: number,
  body: LoanSaveParsed,
): Promise<Loan> => {
  const c = await loadCase(tx, actor.lenderId, applicationId);
  if (c.loan?.isFunded) throw new AppError(409, 'CONFLICT', loanTexts.alreadyFunded);
  checkTermsUnchanged(c, body);
  const base = await rebasedOnApproval(tx, c, await currentLoan(tx, c));
  const hasRescission = c.app.rescissionDateType !== null;
  if (!hasRescission && body.rescissionDate !== null) throw fieldError('rescissionDate', loanTexts.rescissionNotUsed);
  const rescissionDate =
    hasRescission && body.contractDate ? (body.rescissionDate ?? rescissionDateFor(body.contractDate)) : null;
  const next: LoanState = {
    ...base,
    contractDate: body.contractDate,
    firstPaymentDate: body.firstPaymentDate,
    rescissionDate,
    fundingDate: body.fundingDate,
    memberNumber: body.memberNumber,
    loanId: body.loanId,
    shareAccountNumber: body.shareAccountNumber,
    reserveMatrixId: body.reserveMatrixId,
  };
  const problems = loanDateProblems({
    contractDate: next.contractDate,
    firstPaymentDate: next.firstPaymentDate,
    rescissionDate: next.rescissionDate,
    fundingDate: next.fundingDate,
    hasRescission,
    lenderDate: c.lenderDate,
    holidays: c.holidays,
  });
  if (problems.length > 0)
    throw validationError(problems.map((p) => ({ field: p.field, message: dateMessages[p.code] })));

  // The payment and the disclosure for the dates (odd first period), by the loan maths (issue 41).
  next.disclosure = null;
  if (next.contractDate && next.firstPaymentDate) {
    try {
      const { request, answer } = discloseLoan(c, next, next.contractDate, next.firstPaymentDate);
      next.monthlyPayment = answer.payment;
      next.disclosure = loanDisclosureOf(request, answer);
    } catch (error) {
      if (error instanceof DisclosureError)
        throw fieldError(error.field === 'firstPaymentDate' ? 'firstPaymentDate' : 'contractDate', error.message);
      throw error;
    }
  }
  next.payoffs = await payoffsAt(tx, c, next.fundingDate ?? c.lenderDate);
  if (body.disbursements !== undefined)
    next.disbursements = await validateDisbursements(tx, c, next.amount, body.disbursements);
  else if (!c.loan) next.disbursements = await proposedDisbursements(tx, c, next.amount, next.additions, next.payoffs);
  const reserve = await resolveReserve(tx, c, next);
  next.reserveId = reserve.reserveId;
  next.reserveAmount = reserve.reserveAmount;

  const values = {
    decisionId: next.decisionId,
    amount: next.amount,
    monthlyPayment: next.monthlyPayment,
    termMonths: next.termMonths,
    interestRate: next.interestRate,
    buyRate: next.buyRate,
    paymentFrequency: next.paymentFrequency,
    direct: next.direct,
    contractDate: next.contractDate,
    firstPaymentDate: next.firstPaymentDate,
    rescissionDate: next.rescissionDate,
    fundingDate: next.fundingDate,
    loanId: next.loanId,
    shareAccountNumber: next.shareAccountNumber,
    memberNumber: next.memberNumber,
    reserveMatrixId: next.reserveMatrixId,
    reserveId: next.reserveId,
    reserveAmount: next.reserveAmount,
    additions: next.additions as unknown as Record<string, unknown>[],
    balloonAmount: next.balloonAmount,
    dayCount: next.disclosureTerms.dayCount,
    oddDays: next.disclosureTerms.oddDays,
    prepaidFinanceCharges: next.disclosureTerms.prepaidFinanceCharges as unknown as Record<string, unknown>[],
    disclosure: next.disclosure as unknown as Record<string, unknown> | null,
    disbursements: next.disbursements as unknown as Record<string, unknown>[],
    payoffs: next.payoffs as unknown as Record<string, unknown>[],
    updatedByUserId: actor.userId,
  };
  const row = c.loan
    ? await repo.updateLoan(tx, c.loan.id, values)
    : await repo.insertLoan(tx, { ...values, lenderId: actor.lenderId, applicationId });
  await recordHistory(tx, {
    lenderId: actor.lenderId,
    applicationId,
    userId: actor.userId,
    action: 'Loan saved',
    description: `Loan saved: funding date ${next.fundingDate ?? 'not set'}, loan id ${next.loanId ?? 'not set'}`,
    entity: 'Loan',
    changes: [],
  });
  return loanView(tx, { ...c, loan: row }, stateOfRow(row));
};

/* ---------------------------------------------------------------------------------------------- dry run */

/**
 * Where the disclosure at the loan's dates is no longer accurate against the one given with the decision (issue 41,
 * item 4): the APR decided beyond 1/8 point (1/4 irregular, §1026.22(a)) of the loan's, or the finance charge
 * decided understating the loan's beyond §1026.18(d). Each in words; none when both hold.
 */
const disclosureChanges = (c: Case, s: LoanState): string[] => {
  const decided = c.decidedDisclosure;
  const now = s.disclosure;
  if (!decided || !now) return [];
  const irregular = now.aprTolerance === '0.25';
  const dwelling = securedByDwelling(c);
  return [
    ...(isAprWithinTolerance(money(decided.apr), money(now.apr), irregular)
      ? []
      : [`APR ${formatRate(now.apr)} (disclosed ${formatRate(decided.apr)})`]),
    ...(isFinanceChargeWithinTolerance(decided.financeCharge, now.financeCharge, now.amountFinanced, dwelling)
      ? []
      : [`finance charge ${summaryMoney(now.financeCharge)} (disclosed ${summaryMoney(decided.financeCharge)})`]),
  ];
};

const mappingLabels = {
  loanProduct: 'loan product',
  paymentFrequency: 'payment frequency',
  collateralType: 'collateral type',
  disbursalMethod: 'disbursal method',
  addition: 'add-on',
} as const;

/**
 * What the loan must meet before it is funded (issue 29, items 1 and 2), as blocking dry-run problems: the terms of
 * the decision of record, every required stipulation cleared or waived (the Clear and Waive calls check that the
 * person is of its clear groups), and an indirect loan's dealer packet received. The worksheet lists them too.
 */
const conditionsOf = async (tx: TenantTx, c: Case, s: LoanState): Promise<DryRunProblem[]> => {
  const blocking = (code: DryRunProblem['code'], message: string, fixPath: string) =>
    ({ code, message, fixPath, blocking: true }) satisfies DryRunProblem;
  const requirementsPage = `/fundingRequirements/${c.app.id}`;
  const differences = termsDifferences(s, c.approval);
  return [
    ...(differences.length > 0
      ? [blocking('termsNotDecision', loanTexts.termsNotDecision(differences), '#amount')]
      : []),
    ...(await listOpenRequired(tx, c.app.id)).map((open) => {
      const status = fundingRequirementStatusLabels[open.status as keyof typeof fundingRequirementStatusLabels];
      return blocking('stipulationOpen', loanTexts.stipulationOpen(open.description, status), requirementsPage);
    }),
    ...(!c.app.direct && !c.app.packetReceivedDate
      ? [blocking('dealerPacketMissing', loanTexts.dealerPacketMissing, requirementsPage)]
      : []),
  ];
};

/**
 * The exact payload the core books for the loan (the dry run's, the funding's and the core batch file's), its codes
 * through the lender's core code mappings. A value without a mapping is `null` and named in `missingMappings`
 * (the dry run's message).
 */
const corePayloadOf = async (tx: TenantTx, c: Case, s: LoanState) => {
  const reference = bookingReference(c.app.lenderId, c.app.id, s.fundingSequence);
  const missingMappings: string[] = [];
  const mappings = await coreCodeMap(tx);
  const code = (kind: keyof typeof mappingLabels, value: string, shown: string) => {
    const found = mappings.get(kind)?.get(value);
    if (found === undefined) missingMappings.push(loanTexts.missingMapping(mappingLabels[kind], shown));
    return found ?? null;
  };
  const collateralType = await repo.findCollateralType(tx, c.app.id);
  const payload: Record<string, unknown> = {
    reference,
    coreService: c.settings.coreService,
    memberNumber: s.memberNumber,
    loanId: s.loanId,
    shareAccountNumber: s.shareAccountNumber,
    description: c.app.loanProductName,
    loanProductCode: code('loanProduct', String(c.app.loanProductId), c.app.loanProductName),
    amount: s.amount,
    interestRate: s.interestRate,
    termMonths: s.termMonths,
    paymentFrequencyCode: code('paymentFrequency', s.paymentFrequency, paymentFrequencyLabels[s.paymentFrequency]),
    monthlyPayment: s.monthlyPayment,
    contractDate: s.contractDate,
    firstPaymentDate: s.firstPaymentDate,
    fundingDate: s.fundingDate,
    rescissionDate: s.rescissionDate,
    collateralTypeCode: collateralType ? code('collateralType', collateralType, collateralType) : null,
    dealer: c.app.direct ? null : c.app.dealerName,
    reserveAmount: s.reserveAmount,
    additions: s.additions
      .filter((a) => a.selected)
      .map((a) => ({ code: code('addition', String(a.id), a.name), name: a.name, amount: a.amount })),
    disbursements: s.disbursements.map((d) => ({
      payeeType: d.payeeType,
      payee: d.payeeName,
      amount: d.amount,
      methodCode:
        d.disbursalMethodId === null
          ? null
          : code('disbursalMethod', String(d.disbursalMethodId), d.disbursalMethodName ?? String(d.disbursalMethodId)),
    })),
  };
  return { reference, payload, missingMappings };
};

/** Builds and validates the exact payload for the core (nothing is sent but the member lookup). */
const buildDryRun = async (tx: TenantTx, deps: LoanDeps, c: Case, s: LoanState): Promise<DryRunResult> => {
  const problems: DryRunProblem[] = [];
  const problem = (code: DryRunProblem['code'], message: string, fixPath: string | null, blocking = true) =>
    problems.push({ code, message, fixPath, blocking });
  const sentToCore = c.settings.sendLoansToCore;

  if (s.id === null) problem('notSaved', loanTexts.notSavedYet, null);
  problems.push(...(await conditionsOf(tx, c, s)));
  const changes = disclosureChanges(c, s);
  if (changes.length > 0) problem('disclosureChanged', loanTexts.disclosureChanged(changes), '#contractDate', false);
  if (c.settings.fundOnlyFinalizedEnvelopes) problem('envelopes', loanTexts.fundOnlyFinalizedEnvelopes, null);
  if (!s.contractDate) problem('contractDateMissing', loanTexts.contractDateMissing, '#contractDate');
  if (!s.firstPaymentDate) problem('firstPaymentDateMissing', loanTexts.firstPaymentDateMissing, '#firstPaymentDate');
  if (!s.fundingDate) problem('fundingDateMissing', loanTexts.fundingDateMissing, '#fundingDate');
  const dateProblems = loanDateProblems({
    contractDate: s.contractDate,
    firstPaymentDate: s.firstPaymentDate,
    rescissionDate: s.rescissionDate,
    fundingDate: s.fundingDate,
    hasRescission: c.app.rescissionDateType !== null,
    lenderDate: c.lenderDate,
    holidays: c.holidays,
  });
  for (const p of dateProblems) {
    if (p.code === 'fundingDateNotBusinessDay' && s.fundingDate)
      problem('fundingDateNotBusinessDay', loanTexts.fundingDateHoliday(s.fundingDate), '#fundingDate');
    else if (p.code !== 'contractDateTooEarly') problem('invalidDate', dateMessages[p.code], `#${p.field}`);
  }
  if (c.app.rescissionDateType !== null && s.rescissionDate && c.lenderDate <= s.rescissionDate)
    problem('rescissionNotPassed', loanTexts.rescissionNotPassed(s.rescissionDate), '#rescissionDate');

  const balance = disbursementBalance(
    s.amount,
    s.disbursements.map((d) => d.amount),
  );
  if (!balance.balanced)
    problem(
      'unbalanced',
      loanTexts.disbursementsUnbalanced(balance.difference.toFixed(2), balance.over),
      '#disbursements',
    );

  if (sentToCore && !s.loanId) problem('loanIdMissing', loanTexts.loanIdMissing, '#loanId');
  if (!s.memberNumber && sentToCore && !hasTaxId(c.primary))
    // The core creates a member only with a tax id (issue 29, item 3): known now, not refused at the core later.
    problem('memberTaxIdMissing', loanTexts.memberTaxIdMissing, `/application/${c.app.id}`);
  else if (!s.memberNumber) problem('memberNumberMissing', loanTexts.memberNumberMissing, '#memberNumber', false);
  if (sentToCore && s.memberNumber && c.settings.coreService) {
    const core = coreOf(deps, c.settings.coreService);
    try {
      const found = await core.lookupMembers(c.app.lenderId, { memberNumber: s.memberNumber });
      const member = found.membersList.find((m) => m.memberNumber === s.memberNumber);
      if (!member) problem('memberUnknown', loanTexts.memberUnknown(s.memberNumber), '#memberNumber');
      else if (member.status === 'closed')
        problem('memberClosed', loanTexts.memberClosed(s.memberNumber), '#memberNumber');
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      problem('memberLookupFailed', loanTexts.memberLookupFailed, '#memberNumber');
    }
  }

  const { reference, payload, missingMappings } = await corePayloadOf(tx, c, s);
  for (const message of missingMappings) problem('missingMapping', message, '/admin/corecodemappings');
  return { coreService: c.settings.coreService, sentToCore, reference, payload, problems };
};

/**
 * The core payload of a funded loan as the dry run builds it (issue 33, item 9: the core batch file of the loans
 * funded on a day, for a lender whose core takes files); undefined when the application has no funded loan.
 */
export const fundedLoanPayload = async (tx: TenantTx, lenderId: number, applicationId: number) => {
  const c = await loadCase(tx, lenderId, applicationId);
  return c.loan?.isFunded ? corePayloadOf(tx, c, stateOfRow(c.loan)) : undefined;
};

/* ---------------------------------------------------------------------------------------------- the core */

const coreOf = (deps: LoanDeps, coreService: CoreService): CoreProvider =>
  deps.coreFor?.(coreService) ??
  createCoreProvider(deps.db, coreService, deps.coreTimeoutMs === undefined ? {} : { timeoutMs: deps.coreTimeoutMs });

type Primary = Awaited<ReturnType<typeof repo.findPrimaryApplicant>>;
const einDigits = (p: Primary) => (p?.isBusiness ? (p.employerIdentificationNumber ?? '').replace(/\D/g, '') : '');

/** Whether the core can open a membership for the primary applicant: a person's SSN, or a business's EIN. */
const hasTaxId = (p: Primary) => Boolean(p?.ssnEncrypted) || einDigits(p).length === 9;

/** The tax id a new member is opened with (issue 29, item 3): the SSN when there is one, else the business's EIN. */
const taxIdOf = (deps: LoanDeps, p: Primary): CoreNewMember['taxId'] =>
  p?.ssnEncrypted
    ? { kind: 'ssn', digits: deps.protector.decrypt(p.ssnEncrypted, protectedPurposes.ssn) }
    : { kind: 'ein', digits: einDigits(p) };

const coreFailure = (error: CoreError, message: string) =>
  new AppError(
    error.kind === 'timeout' ? 504 : 502,
    'THIRD_PARTY_ERROR',
    message,
    error.coreMessages.map((m) => ({ field: 'core', message: m })),
  );

/* ------------------------------------------------------------------------------------------------- fund */

const fundResultOf = async (tx: TenantTx, c: Case, row: repo.LoanRow): Promise<FundResult> => {
  const reference = bookingReference(c.app.lenderId, c.app.id, row.fundingSequence);
  const booking = await repo.findBookingByReference(tx, reference, 'book');
  const sentToCore = row.sentToCore === true;
  return {
    loan: await loanView(tx, c, stateOfRow(row)),
    errors: [],
    newMemberCreated: booking?.newMemberCreated ?? false,
    sentToCore,
    successMessageSuffix: sentToCore && row.coreLoanId ? ` - Core Loan Id ${row.coreLoanId}` : '',
    memberNumber: row.memberNumber,
    coreLoanId: row.coreLoanId,
  };
};

/** Funds the loan in the caller's transaction (see `fundLoan`). */
export const fundLoanInTx = async (
  tx: TenantTx,
  deps: LoanDeps,
  actor: LoanActor,
  applicationId: number,
): Promise<FundResult> => {
  if (!(await repo.lockApplication(tx, applicationId))) throw notFound();
  const c = await loadCase(tx, actor.lenderId, applicationId);
  if (c.loan?.isFunded) return fundResultOf(tx, c, c.loan);
  if (c.settings.fundOnlyFinalizedEnvelopes) throw new AppError(409, 'CONFLICT', loanTexts.fundOnlyFinalizedEnvelopes);
  if (!c.loan) throw new AppError(409, 'CONFLICT', loanTexts.notSavedYet);
  const s = stateOfRow(c.loan);
  const dry = await buildDryRun(tx, deps, c, s);
  const blocking = dry.problems.filter((p) => p.blocking);
  if (blocking.length > 0)
    throw new AppError(
      422,
      'VALIDATION',
      loanTexts.dryRunProblems,
      blocking.map((p) => ({ field: p.fixPath ?? p.code, message: p.message })),
    );

  const sendToCore = c.settings.sendLoansToCore && c.settings.coreService !== null;
  let memberNumber = s.memberNumber;
  let newMemberCreated = false;
  let coreLoanId: string | null = null;
  let coreResponse: Record<string, unknown> | null = null;
  const payload = { ...dry.payload };
  if (sendToCore) {
    const core = coreOf(deps, c.settings.coreService!);
    try {
      // A booking that timed out before may have been made: reconcile before any new attempt.
      const previous = await core.findBooking(actor.lenderId, dry.reference);
      let booking = previous && previous.status === 'booked' ? previous : null;
      if (!booking) {
        if (!memberNumber) {
          const p = c.primary;
          const member = await core.createMember(actor.lenderId, {
            firstName: p?.firstName ?? p?.companyName ?? '',
            lastName: p?.lastName ?? '',
            taxId: taxIdOf(deps, p),
            address: p?.address ?? null,
          });
          memberNumber = member.memberNumber;
          newMemberCreated = true;
          payload.memberNumber = memberNumber;
        }
        booking = await core.bookLoan(actor.lenderId, {
          reference: dry.reference,
          memberNumber,
          loanId: s.loanId ?? '',
          shareAccountNumber: s.shareAccountNumber,
          payload,
        });
      }
      memberNumber = booking.memberNumber;
      coreLoanId = booking.coreLoanId;
      coreResponse = { ...booking, reconciled: previous !== null && previous.status === 'booked' };
    } catch (error) {
      if (error instanceof CoreError) throw coreFailure(error, loanTexts.unableToFund);
      throw error;
    }
  }

  const row = await repo.updateLoan(tx, c.loan.id, {
    isFunded: true,
    sentToCore: sendToCore,
    coreLoanId,
    memberNumber,
    loanId: s.loanId ?? coreLoanId,
    fundedAt: new Date(),
    fundedByUserId: actor.userId,
    stateBeforeFunding: c.app.state,
    reversedAt: null,
    reversedByUserId: null,
    updatedByUserId: actor.userId,
  });
  if (newMemberCreated && memberNumber && c.primary)
    await repo.setApplicantMemberNumber(tx, c.primary.id, memberNumber);
  await repo.updateApplicationState(tx, applicationId, 'funded');
  await repo.insertBooking(tx, {
    lenderId: actor.lenderId,
    applicationId,
    loanRowId: row.id,
    kind: 'book',
    reference: dry.reference,
    coreService: c.settings.coreService ?? 'none',
    sentToCore: sendToCore,
    payload,
    coreResponse,
    coreLoanId,
    memberNumber,
    newMemberCreated,
    createdByUserId: actor.userId,
  });
  await recordHistory(tx, {
    lenderId: actor.lenderId,
    applicationId,
    userId: actor.userId,
    action: 'Loan funded',
    description: sendToCore
      ? `Loan funded: booked to ${c.settings.coreService} as ${coreLoanId} (reference ${dry.reference})${newMemberCreated ? `, member ${memberNumber} created` : ''}`
      : `Loan funded: ${loanTexts.notSentToCore} (reference ${dry.reference})`,
    entity: 'Loan',
    changes: [
      { entity: 'Application', entityId: applicationId, property: 'state', oldValue: c.app.state, newValue: 'funded' },
    ],
  });
  await requestWidgetRefresh(tx, actor.lenderId);
  await repo.insertOutboxEvent(tx, actor.lenderId, 'loan.funded', {
    applicationId,
    loanRowId: row.id,
    reference: dry.reference,
    coreLoanId,
    sentToCore: sendToCore,
    exportLoanSummary: c.settings.exportLoanSummaryOnFunding,
    // The loan summary export's key (one attachment per funding) and whose rights it reads the summary with.
    fundingSequence: row.fundingSequence,
    fundedByUserId: actor.userId,
  });
  await emitWebhookEvent(tx, actor.lenderId, 'loan.funded', applicationId, {
    loanId: row.id,
    reference: dry.reference,
    coreLoanId,
    sentToCore: sendToCore,
    fundingSequence: row.fundingSequence,
  });
  await notifyBorrower(tx, actor.lenderId, applicationId, 'funded');
  const result = await fundResultOf(tx, c, row);
  return { ...result, newMemberCreated };
};

/* ---------------------------------------------------------------------------------------------- reverse */

export const reverseLoanInTx = async (
  tx: TenantTx,
  deps: LoanDeps,
  actor: LoanActor,
  applicationId: number,
): Promise<ReverseResult> => {
  if (!(await repo.lockApplication(tx, applicationId))) throw notFound();
  const c = await loadCase(tx, actor.lenderId, applicationId);
  if (!c.loan?.isFunded) throw new AppError(409, 'CONFLICT', loanTexts.notFundedCannotReverse);
  const loan = c.loan;
  const reference = bookingReference(c.app.lenderId, c.app.id, loan.fundingSequence);
  let coreResponse: Record<string, unknown> | null = null;
  const sent = loan.sentToCore === true && c.settings.coreService !== null;
  if (sent) {
    const core = coreOf(deps, c.settings.coreService!);
    try {
      const booking = await core.findBooking(actor.lenderId, reference);
      const reversed = booking?.status === 'reversed' ? booking : await core.reverseBooking(actor.lenderId, reference);
      coreResponse = { ...reversed };
    } catch (error) {
      if (error instanceof CoreError) throw coreFailure(error, loanTexts.unableToReverse);
      throw error;
    }
  }
  const backTo = loan.stateBeforeFunding ?? (c.approval.decisionType === 'counteroffer' ? 'counteroffer' : 'approved');
  const row = await repo.updateLoan(tx, loan.id, {
    isFunded: false,
    fundingSequence: loan.fundingSequence + 1,
    // The core keeps the reversed loan under its id (issue 29, item 4): funding again needs a new one, which the
    // dry run asks for ('The loan id is missing: get or generate it in the Loan Id dialog.').
    ...(sent ? { loanId: null } : {}),
    reversedAt: new Date(),
    reversedByUserId: actor.userId,
    coreLoanId: null,
    sentToCore: null,
    updatedByUserId: actor.userId,
  });
  await repo.updateApplicationState(tx, applicationId, backTo);
  await repo.insertBooking(tx, {
    lenderId: actor.lenderId,
    applicationId,
    loanRowId: loan.id,
    kind: 'reverse',
    reference,
    coreService: c.settings.coreService ?? 'none',
    sentToCore: sent,
    payload: { reference, coreLoanId: loan.coreLoanId },
    coreResponse,
    coreLoanId: loan.coreLoanId,
    memberNumber: loan.memberNumber,
    newMemberCreated: false,
    createdByUserId: actor.userId,
  });
  await recordHistory(tx, {
    lenderId: actor.lenderId,
    applicationId,
    userId: actor.userId,
    action: 'Loan funding reversed',
    description: `Loan funding reversed (reference ${reference}${loan.coreLoanId ? `, core loan ${loan.coreLoanId}` : ''})`,
    entity: 'Loan',
    changes: [
      { entity: 'Application', entityId: applicationId, property: 'state', oldValue: 'funded', newValue: backTo },
    ],
  });
  await requestWidgetRefresh(tx, actor.lenderId);
  await repo.insertOutboxEvent(tx, actor.lenderId, 'loan.reversed', {
    applicationId,
    loanRowId: loan.id,
    reference,
    coreLoanId: loan.coreLoanId,
  });
  await emitWebhookEvent(tx, actor.lenderId, 'loan.reversed', applicationId, {
    loanId: loan.id,
    reference,
    coreLoanId: loan.coreLoanId,
  });
  return { loan: await loanView(tx, { ...c, loan: row }, stateOfRow(row)), reference, sentToCore: sent };
};

/* ------------------------------------------------------------------------------------------------ calls */

const actorOf = (auth: AuthContext): LoanActor => ({ lenderId: auth.lenderId, userId: auth.userId });
const depsOf = (ctx: ApplicationContext): LoanDeps => ({
  db: ctx.db,
  protector: ctx.protector,
  coreTimeoutMs: coreTimeoutMs,
});

/** The core's answer time limit of the loan calls (tests shorten it); undefined: the adapter's default. */
let coreTimeoutMs: number | undefined;
export const setLoanCoreTimeoutMs = (ms: number | undefined) => {
  coreTimeoutMs = ms;
};

/** `GET applicationloan/{id}`. */
export const getLoanWorksheet = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => worksheetOf(tx, await loadCase(tx, auth.lenderId, applicationId)));

/** `POST`/`PUT applications/{id}/loans`. */
export const saveLoan = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, body: LoanSaveParsed) =>
  serialised(`${auth.lenderId}:${applicationId}`, () =>
    ctx.annotate(auth, applicationId, (tx) => saveLoanInTx(tx, actorOf(auth), applicationId, body)),
  );

/** `PUT applications/{id}/loans/rescissionDate`. */
export const getRescissionDate = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  contractDate: string,
) =>
  ctx.open(auth, applicationId, async (tx) => {
    const app = await repo.findApplication(tx, applicationId);
    if (!app) throw notFound();
    if (app.rescissionDateType === null) throw fieldError('contractDate', loanTexts.rescissionNotUsed);
    return { rescissionDate: rescissionDateFor(contractDate) };
  });

/** `POST applications/loans/fundingDate`: the first lender business day after the rescission date. */
export const getFundingDate = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  rescissionDate: string,
) =>
  ctx.open(auth, applicationId, async (tx) => {
    const year = yearOf(rescissionDate);
    const holidays = await holidaySet(tx, year, year + 1);
    return { fundingDate: nextBusinessDay(addDays(rescissionDate, 1), holidays) };
  });

/** `GET applications/{id}/loans/{loanId}/disbursements`. */
export const getProposedDisbursements = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  loanRowId: number,
  fundingDate: string | undefined,
): Promise<ProposedDisbursements> =>
  ctx.open(auth, applicationId, async (tx) => {
    const c = await loadCase(tx, auth.lenderId, applicationId);
    if (loanRowId !== 0 && c.loan?.id !== loanRowId) throw notFound();
    const s = await currentLoan(tx, c);
    const date = fundingDate ?? s.fundingDate ?? c.lenderDate;
    const payoffs = await payoffsAt(tx, c, date);
    return {
      amount: s.amount,
      fundingDate: date,
      payoffs,
      disbursements: await proposedDisbursements(tx, c, s.amount, s.additions, payoffs),
    };
  });

/** `POST applications/{id}/loans/dryRun`. */
export const dryRunLoan = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const c = await loadCase(tx, auth.lenderId, applicationId);
    return buildDryRun(tx, depsOf(ctx), c, await currentLoan(tx, c));
  });

/**
 * Issue 36: the audit row of a funding or a reversal names the authentication that covered it (the step-up the
 * route required), in the transaction of the work.
 */
const auditFunding = (
  tx: TenantTx,
  auth: AuthContext,
  action: 'loanFunded' | 'loanFundingReversed',
  applicationId: number,
  details: Record<string, unknown>,
  authentication?: StepUpAuthentication,
) =>
  authentication
    ? recordAudit(tx, auth, {
        area: 'applications',
        action,
        recordId: applicationId,
        details: { ...details, authentication },
      })
    : Promise.resolve();

/** `POST`/`PUT applications/{id}/loans/fund`. */
export const fundLoan = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  authentication?: StepUpAuthentication,
) =>
  serialised(`${auth.lenderId}:${applicationId}`, () =>
    ctx.annotate(auth, applicationId, async (tx) => {
      const result = await fundLoanInTx(tx, depsOf(ctx), actorOf(auth), applicationId);
      await auditFunding(tx, auth, 'loanFunded', applicationId, { coreLoanId: result.coreLoanId }, authentication);
      return result;
    }),
  );

/** `PUT applications/{id}/loans/reverseFundedLoan`. */
export const reverseLoan = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  authentication?: StepUpAuthentication,
) =>
  serialised(`${auth.lenderId}:${applicationId}`, () =>
    ctx.annotate(auth, applicationId, async (tx) => {
      const result = await reverseLoanInTx(tx, depsOf(ctx), actorOf(auth), applicationId);
      await auditFunding(
        tx,
        auth,
        'loanFundingReversed',
        applicationId,
        { reference: result.reference },
        authentication,
      );
      return result;
    }),
  );
