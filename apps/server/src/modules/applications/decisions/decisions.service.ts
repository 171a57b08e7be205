import {
  creditScoreRanges,
  decisionStates,
  dealerRateOf,
  decisionTexts,
  decisionTypeLabels,
  decisionTypesWithTerms,
  paymentFrequencyLabels,
  paymentMethodIds,
  paymentMethods,
  type CreditScore,
  type DecisionHistoryRow,
  type DecisionReceipt,
  type DecisionRecord,
  type DecisionSubmitParsed,
  type DecisionSummary,
  type DecisionType,
  type DecisionWorksheet,
  type FieldError,
  type LastApproval,
  type PolicyFacts,
  type PolicyResult,
  type WorksheetAddition,
  type WorksheetTerms,
  type ApprovalInput,
  type ControlType,
  type ApplicationState,
  approvalInputSchema,
  lastApprovalUpdateSchema,
  disclosureTermsOf,
  loanDisclosureOf,
  prepaidChargesOf,
  truthInLendingRequestOf,
} from '@credence/contracts';
import {
  addMonths,
  buyRate,
  calculatePayment,
  decisionAdditions,
  decisionDerivedValues,
  derivedValuesForReceipt,
  invalidTermMessage,
  isValidTerm,
  money,
  monthlyEquivalent,
  paymentFrequencies,
  paymentToIncome,
  type Money,
  type PaymentFrequency,
} from '@credence/domain';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { AppError, fieldError, notFound, validationError } from '../../../platform/errors.ts';
import { readSettings } from '../../decision-engine/decision-engine.service.ts';
import { lenderDate } from '../../lender-calendar/lender-calendar.service.ts';
import { listOfferedAdditions } from '../../loan-additions/loan-additions.repository.ts';
import { disclose, DisclosureError, type RequestField } from '../../truth-in-lending/truth-in-lending.service.ts';
import { listFrontEndFinanceCharges } from '../applications.repository.ts';
import type { ApplicationContext, HistoryWriter } from '../application-context.ts';
import { applicantName } from '../applicants/applicants.service.ts';
import {
  carryRequirementsToApplication,
  refreshRequirementsOutstanding,
} from '../funding-requirements/funding-requirements.service.ts';
import { loadPolicyFacts } from '../policy-facts/policy-facts.service.ts';
import { lenderProtectionForReceipt } from '../../lender-protection/lender-protection.service.ts';
import { usd } from './decision-format.ts';
import { evaluateAutoApproval, rateGridOf, type EvaluatedPolicy } from './decision-policy.ts';
import * as repo from './decisions.repository.ts';
import { notifyBorrowerOfDecision } from '../../borrower-notifications/borrower-notifications.service.ts';
import { emitWebhookEvent } from '../../webhooks/webhook-events.service.ts';
import { limitsPassed, policyExceptionOf } from './policy-exceptions.ts';

/* ----------------------------------------------------------------------------------------------- helpers */

const isFrequency = (value: string | null | undefined): value is PaymentFrequency =>
  typeof value === 'string' && Object.hasOwn(paymentFrequencies, value);
const moneyText = (value: Money | null) => (value === null ? null : value.toFixed(2));
const pctText = (value: Money | null) => (value === null ? null : value.toDecimalPlaces(2).toFixed(2));
const sameMoney = (a: string | null, b: string | null) => a !== null && b !== null && money(a).eq(money(b));
/** The applicants a decision decides (a non-applicant spouse is not a party to the credit). */
const isParty = (a: repo.DecisionApplicantRow) => a.role !== 'NON_APPLICANT_SPOUSE';

/**
 * An add-on's price as the worksheet edits it (spec 3 §3 "additions"): a flat add-on's amount ("595.00"), or a
 * per-$1,000 add-on's rate with two to four decimals ("3.50", "3.125").
 */
const priceText = (a: { feeType: 'flat' | 'per1000'; flatAmount: string | null; ratePer1000: string | null }) => {
  const price = a.feeType === 'per1000' ? a.ratePer1000 : a.flatAmount;
  if (price === null) return null;
  const exact = money(price).toFixed();
  return money(price).decimalPlaces() <= 2 ? money(price).toFixed(2) : exact;
};

/* --------------------------------------------------------------------------------------------- the case */

/** Everything a decision on the application reads, loaded once per request under the tenant transaction. */
const loadCase = async (tx: TenantTx, applicationId: number) => {
  const found = await repo.findApplication(tx, applicationId);
  if (!found) throw notFound();
  const people = await repo.listApplicants(tx, applicationId);
  const salaries = await repo.listSalaries(tx, applicationId);
  const finances = await repo.listFinances(tx, applicationId);
  const tradelineDebts = await repo.listTradelineDebts(tx, applicationId);
  const collateral = await repo.findCollateralSummary(tx, applicationId);
  const reports = await repo.listActiveReports(tx, applicationId);
  const codes = await repo.listEnabledCodes(tx);
  const decisions = await repo.listDecisions(tx, applicationId);
  // The add-ons catalogue (Administration › Add-Ons): what the product offers, the defaults marked.
  const offeredAdditions = await listOfferedAdditions(tx, found.application.loanProductId);
  const facts = await loadPolicyFacts(tx, applicationId, { stage: 'Decision' });
  if (!facts) throw notFound();
  // Dates proposed and ages counted on the lender's calendar, not the server's (issue 29, item 10).
  const today = await lenderDate(tx);
  // What the disclosure takes besides the terms (issue 41).
  const disclosureTerms = {
    ...disclosureTermsOf(await readSettings(tx), found.application.loanProductId),
    securedByDwelling: found.controlType === 'HEL',
  };
  const frontEndFinanceCharges = await listFrontEndFinanceCharges(tx, applicationId);

  const income = new Map<number, Money>();
  const debts = new Map<number, Money>();
  const add = (map: Map<number, Money>, id: number, amount: Money) =>
    map.set(id, (map.get(id) ?? money(0)).plus(amount));
  for (const s of salaries)
    if (s.salary !== null && isFrequency(s.payPeriod))
      add(income, s.applicantId, monthlyEquivalent(s.salary, s.payPeriod));
  for (const f of finances) add(f.isIncome ? income : debts, f.applicantId, money(f.amount));
  for (const p of people) {
    if (p.companyGrossIncome !== null && isFrequency(p.companyGrossIncomeFrequency))
      add(income, p.id, monthlyEquivalent(p.companyGrossIncome, p.companyGrossIncomeFrequency));
    if (p.companyDebt !== null) add(debts, p.id, money(p.companyDebt));
  }
  for (const t of tradelineDebts) add(debts, t.applicantId, money(t.total));

  const app = found.application;
  const valued = collateral.rows.filter((c) => c.value !== null);
  const collateralValue =
    valued.length > 0 ? valued.reduce((sum, c) => sum.plus(c.value!), money(0)).toFixed(2) : app.value;
  const vehicle = collateral.rows.find((c) => c.year !== null);
  return {
    found,
    app,
    controlType: found.controlType as ControlType,
    people,
    income,
    debts,
    collateralValue,
    year: vehicle?.year ?? null,
    mileage: vehicle?.mileage ?? null,
    existingLienBalance: collateral.lienCount > 0 ? money(collateral.lienTotal).toFixed(2) : null,
    reports,
    codes,
    decisions,
    offeredAdditions,
    facts: facts as PolicyFacts,
    today,
    disclosureTerms,
    frontEndFinanceCharges,
  };
};
type Case = Awaited<ReturnType<typeof loadCase>>;

const derivedOf = (c: Case, decidedAmount?: string | null) =>
  decisionDerivedValues(
    {
      controlType: c.controlType,
      negotiatedPrice: c.app.negotiatedPrice,
      otherFees: c.app.otherFees,
      saleTax: c.app.ttlEstimate,
      cashDown: c.app.cashDown,
      netTradeIn: c.app.netTradeIn,
      rebate: c.app.rebate,
      gap: c.app.gap,
      creditDisability: c.app.creditDisability,
      creditLife: c.app.creditLife,
      warranty: c.app.warranty,
      otherBackEndFees: c.app.otherBackEndFees,
      totalFrontEndAmount: c.app.totalFrontEndAmountOverride,
      requestedAmount: c.app.requestedAmount,
      estAmtFinanced: c.app.estAmtFinanced,
      value: c.collateralValue,
      year: c.year,
    },
    { asOf: c.today, decidedAmount: decidedAmount ?? null },
  );

/** The receipt row whose decision is still standing: the newest row, unless it is a retraction. */
const standingDecision = (c: Case) => {
  const latest = c.decisions[0];
  return latest && latest.decision.entryKind === 'decision' ? latest : undefined;
};
const receiptOf = (row: repo.DecisionRow) => row.decision.receipt as unknown as DecisionReceipt;

/* --------------------------------------------------------------------------------------------- worksheet */

const emptyTerms = (frequency: PaymentFrequency | null): WorksheetTerms => ({
  contractDate: null,
  firstPaymentDate: null,
  amount: null,
  monthlyPayment: null,
  term: null,
  interestRate: null,
  paymentFrequencyId: frequency,
  paymentFrequency: frequency ? paymentFrequencyLabels[frequency] : null,
  paymentMethodId: null,
  balloonAmount: null,
  approvalConditionCodeIds: [],
  fundingRequirements: [],
});

const termsOfReceipt = (receipt: DecisionReceipt): WorksheetTerms => {
  const a = receipt.approval!;
  return {
    contractDate: a.contractDate,
    firstPaymentDate: a.firstPaymentDate,
    amount: a.amount,
    monthlyPayment: a.monthlyPayment,
    term: a.term,
    interestRate: a.interestRate,
    paymentFrequencyId: a.paymentFrequency,
    paymentFrequency: paymentFrequencyLabels[a.paymentFrequency],
    paymentMethodId: a.paymentMethodId,
    balloonAmount: a.balloonAmount ?? null,
    approvalConditionCodeIds: a.approvalConditions.map((x) => x.codeId),
    fundingRequirements: receipt.fundingRequirements.map((f) => ({ description: f.description })),
  };
};

const paymentOrNull = (amount: string, rate: string, term: number, frequency: PaymentFrequency) => {
  try {
    return calculatePayment({ amount, annualRatePercent: rate, termMonths: term, frequency }).toFixed(2);
  } catch {
    return null;
  }
};

/** Terms proposed for a new approval: the request's amount and term at the policy's rate, from today. */
const proposedTerms = (c: Case, loanAmount: string | null, rate: string | null): WorksheetTerms => {
  const frequency: PaymentFrequency = isFrequency(c.app.paymentFrequency) ? c.app.paymentFrequency : 'Monthly';
  const today = c.today;
  const term = c.app.termMonths;
  return {
    ...emptyTerms(frequency),
    contractDate: today,
    firstPaymentDate: addMonths(today, 1),
    amount: loanAmount,
    term,
    interestRate: rate,
    // Spec 3: the request's residual amount ('Ballon Amount') is the balloon proposed.
    balloonAmount: c.app.residualAmount !== null && money(c.app.residualAmount).gt(0) ? c.app.residualAmount : null,
    monthlyPayment:
      loanAmount !== null && rate !== null && term !== null && money(loanAmount).gt(0)
        ? paymentOrNull(loanAmount, rate, term, frequency)
        : null,
  };
};

const worksheetAdditions = (c: Case): WorksheetAddition[] => {
  // A standing decision shows what it chose, at the price it was decided with; otherwise the default add-ons
  // are selected at the catalogue's price.
  const standing = standingDecision(c);
  const decided = new Map((standing ? receiptOf(standing).additions : []).map((a) => [a.id, a]));
  return c.offeredAdditions.map((a) => {
    const chosen = decided.get(a.id);
    return {
      id: a.id,
      name: a.name,
      flatAmount: priceText(
        chosen && chosen.feeType === a.feeType ? { ...chosen, ratePer1000: chosen.ratePer1000 ?? null } : a,
      ),
      feeType: a.feeType,
      selected: standing ? (chosen?.selected ?? false) : a.isDefault,
      isDefault: a.isDefault,
      financeCharge: a.financeCharge,
    };
  });
};

const summaryOf = (row: repo.DecisionRow): DecisionSummary => {
  const receipt = receiptOf(row);
  const withTerms = decisionTypesWithTerms.includes(receipt.decisionType);
  return {
    decisionId: row.decision.id,
    decisionType: receipt.decisionType,
    source: receipt.source,
    decidedAt: receipt.decidedAt,
    decidedBy: receipt.decidedBy.name,
    rate: withTerms ? (receipt.approval?.interestRate ?? null) : null,
    payment: withTerms ? (receipt.approval?.monthlyPayment ?? null) : null,
    tier: withTerms ? (receipt.policy?.tier ?? null) : null,
  };
};

const policyView = async (tx: TenantTx, applicationId: number, evaluated: EvaluatedPolicy | null) => {
  const stored = await repo.findLatestPolicyRun(tx, applicationId);
  const storedResult = (stored?.result as { result?: PolicyResult; workflowName?: string } | undefined) ?? undefined;
  const result = storedResult?.result ?? evaluated?.result;
  if (!result) return null;
  const fromStored = storedResult?.result !== undefined;
  return {
    policyRunId: fromStored ? stored!.id : null,
    workflowName: fromStored ? (storedResult?.workflowName ?? null) : (evaluated?.workflowName ?? null),
    outcome: result.outcome,
    tier: result.values.tier,
    suggestedRate: result.values.rate,
    maxAmount: result.values.maxAmount,
    maxLtv: result.values.maxLtv,
    terms: result.values.terms,
    reasonCodes: result.reasonCodes,
    trace: result.trace.map((s) => ({ nodeName: s.nodeName, result: s.result, explanation: s.explanation })),
    ranAt: fromStored ? stored!.createdAt.toISOString() : null,
  };
};

const buildWorksheet = async (tx: TenantTx, lenderId: number, applicationId: number): Promise<DecisionWorksheet> => {
  const c = await loadCase(tx, applicationId);
  const evaluated = await evaluateAutoApproval(tx, lenderId, c.app.loanProductId, c.facts);
  const grid = evaluated ? await rateGridOf(tx, evaluated, c.facts) : { hasLoanLimitMatrix: false, rows: [] };
  const standing = standingDecision(c);
  const dealerRate = dealerRateOf(await readSettings(tx), c.app.loanProductId);
  const latestOf = (types: DecisionType[]) =>
    c.decisions.find((d) => d.decision.entryKind === 'decision' && types.includes(receiptOf(d).decisionType));
  const approvalRow = latestOf(['approve', 'counteroffer']);
  const pendingRow = latestOf(['pending']);
  const approval = approvalRow ? receiptOf(approvalRow) : null;
  const derived = derivedOf(c, approval?.approval?.amount ?? null);
  const loanAmount = moneyText(derived.loanAmount);
  const frequency = isFrequency(c.app.paymentFrequency) ? c.app.paymentFrequency : null;
  const decline =
    standing && receiptOf(standing).decisionType === 'decline'
      ? { id: standing.decision.id, ...receiptOf(standing) }
      : null;
  return {
    id: c.app.id,
    state: c.app.state as ApplicationState,
    loanProductId: c.app.loanProductId,
    loanProductName: c.found.productName,
    loanProductControlType: c.controlType,
    direct: c.app.direct,
    policyException: approval?.policyException ?? null,
    approval: approval?.approval
      ? termsOfReceipt(approval)
      : proposedTerms(c, loanAmount, evaluated?.result.values.rate ?? null),
    pending: pendingRow ? termsOfReceipt(receiptOf(pendingRow)) : emptyTerms(frequency),
    additions: worksheetAdditions(c),
    negotiatedPrice: c.app.negotiatedPrice,
    otherFees: c.app.otherFees,
    saleTax: c.app.ttlEstimate,
    cashDown: c.app.cashDown,
    netTradeIn: c.app.netTradeIn,
    rebate: c.app.rebate,
    estAmtFinanced: c.app.estAmtFinanced,
    requestedAmount: c.app.requestedAmount,
    requestedTerm: c.app.termMonths,
    requestedPaymentFrequencyId: frequency,
    value: c.collateralValue,
    existingLienBalance: c.existingLienBalance,
    year: c.year,
    mileage: c.mileage,
    maximumSpread: dealerRate.maximumSpread,
    rateMatching: dealerRate.rateMatching,
    hasLoanLimitMatrix: grid.hasLoanLimitMatrix,
    rateGrid: grid.rows,
    disclosureTerms: c.disclosureTerms,
    frontEndFinanceCharges: c.frontEndFinanceCharges,
    derived: derivedValuesForReceipt(derived),
    policy: await policyView(tx, applicationId, evaluated),
    applicants: c.people.filter(isParty).map((p) => ({
      id: p.id,
      name: applicantName(p),
      role: p.role,
      monthlyIncome: moneyText(c.income.get(p.id)?.toDecimalPlaces(2) ?? null),
      monthlyDebts: moneyText(c.debts.get(p.id)?.toDecimalPlaces(2) ?? null),
      declineReasons: decline?.decisionApplicants.find((d) => d.applicantId === p.id)?.declineReasons ?? [],
    })),
    decline: decline ? { id: decline.id } : null,
    decision: standing ? summaryOf(standing) : null,
    codes: c.codes.map((code) => ({
      ...code,
      codeType: code.codeType as DecisionWorksheet['codes'][number]['codeType'],
    })),
    paymentMethods: paymentMethods.map((m) => ({ id: m.id, name: m.name })),
  };
};

/* ---------------------------------------------------------------------------------------------- deciding */

type Decided = {
  decisionType: DecisionType;
  source: 'manual' | 'auto';
  decidedBy: { userId: number | null; name: string };
  approval: DecisionSubmitParsed['approval'];
  additions: DecisionSubmitParsed['additions'];
  /** Add-ons a new version of a decision carries over at their decided price (offered or not any more). */
  carriedAdditions?: DecisionReceipt['additions'];
  decisionApplicants: {
    applicantId: number;
    declineReasons: ({ codeId: number } | { freeFormatName: string } | { text: string; code: string | null })[];
  }[];
  fundingRequirements: { description: string }[];
  reasons: number[];
  insuranceDecision: boolean;
  policySettingsType: string | null;
  /** The policy run the decision rests on (auto-decisions: the run that decided). */
  policy?: { runId: number; evaluated: EvaluatedPolicy } | null;
  /** Terms outside the policy: the reason of an officer allowed to except them (issue 29, item 5). */
  policyException?: { reason: string } | null;
  historyAction: string;
};

/** Business rules of a decision (spec 3 §5 and issue 13): every broken rule a 422 at its field path. */
const validate = (c: Case, d: Decided, suggestedRate: string | null, requestedAmount: string | null) => {
  const errors: FieldError[] = [];
  const codesOf = (type: string) => new Map(c.codes.filter((x) => x.codeType === type).map((x) => [x.id, x]));
  const a = d.approval;
  if (decisionTypesWithTerms.includes(d.decisionType)) {
    if (!a) errors.push({ field: 'approval', message: decisionTexts.approvalRequired });
    else {
      if (a.firstPaymentDate < a.contractDate)
        errors.push({ field: 'approval.firstPaymentDate', message: decisionTexts.firstPaymentBeforeContract });
      if (!isValidTerm(a.term, a.paymentFrequencyId))
        errors.push({ field: 'approval.term', message: invalidTermMessage(a.paymentFrequencyId) });
      if (a.paymentMethodId !== null && !(paymentMethodIds as readonly number[]).includes(a.paymentMethodId))
        errors.push({ field: 'approval.paymentMethodId', message: decisionTexts.unknownCode });
      const conditions = codesOf('approvalCondition');
      a.approvalConditionCodeIds.forEach((id, i) => {
        if (!conditions.has(id))
          errors.push({ field: `approval.approvalConditionCodeIds.${i}`, message: decisionTexts.unknownCode });
      });
      if (
        d.decisionType === 'counteroffer' &&
        sameMoney(a.amount, requestedAmount) &&
        a.term === c.app.termMonths &&
        (suggestedRate === null || money(a.interestRate).eq(money(suggestedRate)))
      )
        errors.push({ field: 'approval.amount', message: decisionTexts.counterMustDiffer });
    }
  }
  const partyIds = new Set(c.people.filter(isParty).map((p) => p.id));
  d.decisionApplicants.forEach((x, i) => {
    if (!partyIds.has(x.applicantId))
      errors.push({ field: `decisionApplicants.${i}.applicantId`, message: decisionTexts.unknownApplicant });
  });
  if (d.decisionType === 'decline') {
    const declineCodes = codesOf('declineReason');
    for (const id of partyIds) {
      const i = d.decisionApplicants.findIndex((x) => x.applicantId === id);
      if (i < 0) errors.push({ field: 'decisionApplicants', message: decisionTexts.declineReasonRequired });
      else if (d.decisionApplicants[i]!.declineReasons.length === 0)
        errors.push({ field: `decisionApplicants.${i}.declineReasons`, message: decisionTexts.declineReasonRequired });
    }
    d.decisionApplicants.forEach((x, i) =>
      x.declineReasons.forEach((r, j) => {
        if ('codeId' in r && !declineCodes.has(r.codeId))
          errors.push({
            field: `decisionApplicants.${i}.declineReasons.${j}.codeId`,
            message: decisionTexts.unknownCode,
          });
      }),
    );
  }
  const reasonType = d.decisionType === 'cancel' ? 'cancelReason' : 'counterReason';
  const reasonCodes = codesOf(reasonType);
  d.reasons.forEach((id, i) => {
    if (!reasonCodes.has(id)) errors.push({ field: `reasons.${i}`, message: decisionTexts.unknownCode });
  });
  if (d.decisionType === 'cancel' && d.reasons.length === 0)
    errors.push({ field: 'reasons', message: decisionTexts.cancelReasonRequired });
  // Regulation B: a counter-offer is an adverse action whose notice names its reasons (issue 29, item 7).
  if (d.decisionType === 'counteroffer' && d.reasons.length === 0)
    errors.push({ field: 'reasons', message: decisionTexts.counterReasonRequired });
  const known = new Set<number>(additionCatalogueOf(c, d).keys());
  d.additions.forEach((x, i) => {
    const twice = d.additions.findIndex((y) => y.id === x.id) !== i;
    if (!known.has(x.id) || twice) errors.push({ field: `additions.${i}.id`, message: decisionTexts.unknownAddition });
  });
  // Dedupe the "every applicant" error (several applicants may be missing).
  const unique = errors.filter((e, i) => errors.findIndex((f) => f.field === e.field) === i);
  if (unique.length > 0) throw validationError(unique);
};

type CatalogueItem = {
  name: string;
  feeType: 'flat' | 'per1000';
  flatAmount: string | null;
  ratePer1000: string | null;
  financeCharge: boolean;
};

/** The add-ons a decision may carry, by id: those the product offers, and those its earlier version carried. */
const additionCatalogueOf = (c: Case, d: Decided) => {
  const catalogue = new Map<number, CatalogueItem>(c.offeredAdditions.map((a) => [a.id, a]));
  for (const a of d.carriedAdditions ?? [])
    catalogue.set(a.id, {
      name: a.name,
      feeType: a.feeType,
      flatAmount: a.flatAmount,
      ratePer1000: a.ratePer1000 ?? null,
      financeCharge: a.financeCharge ?? false,
    });
  return catalogue;
};

/**
 * The decision's add-ons priced on the decided amount (domain `additionAmount`: the flat amount, or the rate per
 * $1,000 of the amount, half-up to the cent). The price is the one the officer set, else the catalogue's.
 */
const pricedAdditions = (c: Case, d: Decided, amount: Money | string | null): DecisionReceipt['additions'] => {
  const catalogue = additionCatalogueOf(c, d);
  const chosen = d.additions.map((x) => {
    const item = catalogue.get(x.id)!;
    const price = x.flatAmount ?? (item.feeType === 'per1000' ? item.ratePer1000 : item.flatAmount);
    return {
      id: x.id,
      name: item.name,
      feeType: item.feeType,
      flatAmount: price,
      selected: x.selected,
      financeCharge: item.financeCharge,
    };
  });
  return decisionAdditions(chosen, amount).additions.map((x) => ({
    id: x.id,
    name: x.name,
    feeType: x.feeType,
    flatAmount: x.feeType === 'flat' && x.flatAmount !== null ? money(x.flatAmount).toFixed(2) : null,
    ratePer1000: x.feeType === 'per1000' && x.flatAmount !== null ? money(x.flatAmount).toFixed(4) : null,
    amount: x.amount.toFixed(2),
    selected: x.selected,
    financeCharge: x.financeCharge,
  }));
};

/**
 * The Truth in Lending disclosure of the decided terms (issue 41): the request the worksheet sends to
 * `POST /api/tools/truthInLending`, built alike — the product's day count and odd-days treatment, the itemization's
 * and the add-ons' finance charges, the balloon. A term it cannot compute is a 422 on the approval's field.
 */
const discloseDecision = (c: Case, a: NonNullable<Decided['approval']>, additions: DecisionReceipt['additions']) => {
  try {
    return disclose(
      truthInLendingRequestOf({
        amount: a.amount,
        annualRate: a.interestRate,
        term: a.term,
        paymentFrequencyId: a.paymentFrequencyId,
        contractDate: a.contractDate,
        firstPaymentDate: a.firstPaymentDate,
        balloonAmount: a.balloonAmount,
        terms: c.disclosureTerms,
        prepaidFinanceCharges: prepaidChargesOf(additions, c.frontEndFinanceCharges),
      }),
    );
  } catch (error) {
    if (error instanceof DisclosureError) throw fieldError(`approval.${approvalFieldOf(error.field)}`, error.message);
    throw error;
  }
};

/** The approval field a disclosure request field is typed in. */
const approvalFieldOf = (field: RequestField): string => {
  switch (field) {
    case 'annualRate':
      return 'interestRate';
    case 'prepaidFinanceCharges':
      return 'amount';
    case 'dayCount':
    case 'oddDays':
      return 'contractDate';
    default:
      return field;
  }
};

const codeRef = (code: repo.DecisionCodeRow) => ({ codeId: code.id, code: code.code, text: code.description });

/**
 * Decides the application in the caller's transaction (the application row is locked by the write): validates,
 * computes the terms' payment and disclosures with the loan maths, stores the receipt (the next version), the
 * stipulations carried to funding, the new state, a history row and an audit row. Answers the receipt row id.
 */
const decide = async (
  tx: TenantTx,
  auth: AuthContext,
  history: HistoryWriter,
  application: { id: number; state: string },
  d: Decided,
): Promise<number> => {
  const c = await loadCase(tx, application.id);
  const evaluated =
    d.policy?.evaluated ?? (await evaluateAutoApproval(tx, auth.lenderId, c.app.loanProductId, c.facts));
  const requested = derivedOf(c);
  validate(c, d, evaluated?.result.values.rate ?? null, moneyText(requested.loanAmount));

  const a = decisionTypesWithTerms.includes(d.decisionType) ? d.approval : null;
  let approval: DecisionReceipt['approval'] = null;
  let disclosures: DecisionReceipt['disclosures'] = null;
  let monthlyPayment: Money | null = null;
  let additions: DecisionReceipt['additions'] = [];
  if (a) {
    // Add-ons go with terms (an approval, counter-offer or pending decision), as the stipulations do.
    additions = pricedAdditions(c, d, a.amount);
    const { request, answer } = discloseDecision(c, a, additions);
    const conditions = new Map(c.codes.map((x) => [x.id, x]));
    // Spec 3 §5: the buy rate is the approved rate with rate matching on, else the rate less the maximum spread.
    const dealerRate = dealerRateOf(await readSettings(tx), c.app.loanProductId);
    const bought = buyRate(a.interestRate, {
      rateMatching: dealerRate.rateMatching,
      maximumSpread: dealerRate.maximumSpread ?? undefined,
    });
    approval = {
      contractDate: a.contractDate,
      firstPaymentDate: a.firstPaymentDate,
      lastPaymentDate: answer.lastPaymentDate,
      amount: money(a.amount).toFixed(2),
      term: a.term,
      interestRate: money(a.interestRate).toFixed(3),
      buyRate: bought === null ? null : bought.toFixed(3),
      paymentFrequency: a.paymentFrequencyId,
      paymentMethodId: a.paymentMethodId,
      monthlyPayment: answer.payment,
      balloonAmount: request.balloonAmount ?? null,
      approvalConditions: a.approvalConditionCodeIds.map((id) => codeRef(conditions.get(id)!)),
    };
    disclosures = loanDisclosureOf(request, answer);
    monthlyPayment = monthlyEquivalent(answer.payment, a.paymentFrequencyId);
  }

  const derived = derivedOf(c, approval?.amount ?? null);
  const policyException =
    approval && d.source === 'manual' && (d.decisionType === 'approve' || d.decisionType === 'counteroffer')
      ? policyExceptionOf(
          auth,
          limitsPassed(evaluated, c.facts, {
            ...approval,
            decisionType: d.decisionType,
            ltv: derivedValuesForReceipt(derived).ltv,
          }),
          d.policyException,
          d.decidedBy,
        )
      : null;
  const codesById = new Map(c.codes.map((x) => [x.id, x]));

  const version = await repo.nextVersion(tx, application.id);
  const stateAfter = decisionStates[d.decisionType];
  const run = d.policy ?? null;
  const policyResult = run ? run.evaluated : evaluated;
  let policyRunId = run?.runId ?? null;
  if (policyResult && policyRunId === null) {
    // The policy as it stood at the decision: stored as a suggested-values run the receipt names.
    policyRunId = await repo.insertPolicyRun(tx, {
      lenderId: auth.lenderId,
      applicationId: application.id,
      kind: 'suggestedValues',
      policyObjectId: policyResult.workflowObjectId,
      policyVersionId: policyResult.versionId,
      outcome: policyResult.result.outcome,
      result: {
        result: policyResult.result,
        draft: false,
        workflowName: policyResult.workflowName,
        version: policyResult.version,
      },
      createdByUserId: auth.userId,
    });
  }
  const metricsFacts = await loadPolicyFacts(tx, application.id, {
    stage: 'Decision',
    ...(approval ? { ratePercent: approval.interestRate } : {}),
  });
  const receipt: DecisionReceipt = {
    decisionType: d.decisionType,
    entryKind: 'decision',
    version,
    decidedAt: new Date().toISOString(),
    decidedBy: d.decidedBy,
    source: d.source,
    application: {
      applicationId: application.id,
      loanProductId: c.app.loanProductId,
      loanProductName: c.found.productName,
      controlType: c.controlType,
      requestedAmount: c.app.requestedAmount ?? c.app.estAmtFinanced,
      requestedTerm: c.app.termMonths,
      collateralValue: c.collateralValue,
      year: c.year,
      mileage: c.mileage,
      derived: derivedValuesForReceipt(derived),
    },
    decisionApplicants: c.people.filter(isParty).map((p) => {
      const sent = d.decisionApplicants.find((x) => x.applicantId === p.id);
      const income = c.income.get(p.id);
      const pti = monthlyPayment && income && income.gt(0) ? pctText(paymentToIncome(monthlyPayment, income)) : null;
      return {
        applicantId: p.id,
        name: applicantName(p),
        role: p.role,
        pti,
        declineReasons:
          d.decisionType !== 'decline'
            ? []
            : (sent?.declineReasons ?? []).map((r) => {
                if ('codeId' in r) {
                  const code = codesById.get(r.codeId)!;
                  return { codeId: code.id, code: code.code, text: code.description };
                }
                if ('freeFormatName' in r) return { codeId: null, code: null, text: r.freeFormatName };
                return { codeId: null, code: r.code, text: r.text };
              }),
      };
    }),
    creditReports: c.reports.map((r) => {
      const score = (r.scores as CreditScore[]).find((s) => s.model === r.defaultScoreModel);
      const range = creditScoreRanges[r.defaultScoreModel as keyof typeof creditScoreRanges];
      return {
        applicantId: r.applicantId,
        creditReportRowId: r.id,
        creditReportId: r.creditReportId,
        bureau: r.bureau,
        providerName: r.providerName,
        pulledAt: r.pulledAt.toISOString(),
        scoreModel: r.defaultScoreModel,
        score: r.defaultScore,
        scoreRange: range ? { min: range.min, max: range.max } : null,
        keyFactors: (score?.factors ?? []).map((f) => f.text),
      };
    }),
    policy:
      policyResult && policyRunId !== null
        ? {
            policyRunId,
            policyObjectId: policyResult.workflowObjectId,
            policyVersionId: policyResult.versionId,
            policyVersion: policyResult.version,
            outcome: policyResult.result.outcome,
            tier: policyResult.result.values.tier,
            trace: policyResult.result.trace,
          }
        : null,
    metrics: Object.fromEntries(Object.entries(metricsFacts?.metrics ?? {}).map(([k, v]) => [k, v ?? null])),
    approval,
    disclosures,
    additions,
    fundingRequirements: approval ? d.fundingRequirements.map((f) => ({ description: f.description })) : [],
    reasons: d.reasons.map((id) => codeRef(codesById.get(id)!)),
    retraction: null,
    policyException,
    // The Lend Pro answer in force (issue 35), only when there is one: other receipts stay as they were.
    ...((lenderProtection) => (lenderProtection ? { lenderProtection } : {}))(
      await lenderProtectionForReceipt(tx, application.id),
    ),
  };
  const decisionId = await repo.insertDecision(tx, {
    lenderId: auth.lenderId,
    applicationId: application.id,
    version,
    entryKind: 'decision',
    decisionType: d.decisionType,
    source: d.source,
    stateBefore: application.state,
    stateAfter,
    receipt: receipt as unknown as Record<string, unknown>,
    createdByUserId: d.decidedBy.userId,
  });
  await repo.withdrawOpenDecisionRequirements(tx, application.id);
  await emitWebhookEvent(tx, auth.lenderId, 'decision.made', application.id, {
    decisionId,
    version,
    decisionType: d.decisionType,
    source: d.source,
    stateBefore: application.state,
    stateAfter,
    approval: approval
      ? {
          amount: approval.amount,
          term: approval.term,
          interestRate: approval.interestRate,
          monthlyPayment: approval.monthlyPayment,
        }
      : null,
  });
  if (d.decisionType === 'approve' || d.decisionType === 'counteroffer') {
    // Issue 14: the stipulations and the product's funding requirements go to the requirements worksheet.
    await carryRequirementsToApplication(tx, {
      applicationId: application.id,
      loanProductId: c.app.loanProductId,
      decisionId,
      stipulations: receipt.fundingRequirements,
      userId: d.decidedBy.userId,
    });
  } else {
    await repo.insertFundingRequirements(
      tx,
      receipt.fundingRequirements.map((f, i) => ({
        lenderId: auth.lenderId,
        applicationId: application.id,
        decisionId,
        description: f.description,
        source: 'decision',
        status: 'outstanding',
        sortOrder: i,
        createdByUserId: d.decidedBy.userId,
      })),
    );
    await refreshRequirementsOutstanding(tx, application.id);
  }
  if (stateAfter !== application.state) await repo.updateState(tx, application.id, stateAfter);
  await notifyBorrowerOfDecision(tx, auth.lenderId, application.id, d.decisionType);

  const label = decisionTypeLabels[d.decisionType];
  const terms = approval
    ? `: ${usd(approval.amount)} for ${approval.term} months at ${approval.interestRate}%, payment ${usd(approval.monthlyPayment)}`
    : '';
  const excepted = policyException
    ? ` — exception to policy: ${policyException.limits.map((l) => l.label).join(', ')}`
    : '';
  await history({
    action: d.historyAction,
    description: `${label}${d.source === 'auto' ? ' (decision engine)' : ''}${terms}${excepted} — decision version ${version}`,
    entity: 'Decision',
    changes: [
      {
        entity: 'Application',
        entityId: application.id,
        property: 'state',
        oldValue: application.state,
        newValue: stateAfter,
      },
    ],
  });
  await recordAudit(tx, auth, {
    area: 'applications',
    action: 'decide',
    recordId: application.id,
    details: {
      label: `Application ${application.id}`,
      decisionId,
      decisionType: d.decisionType,
      source: d.source,
      version,
      changes: { state: { old: application.state, new: stateAfter } },
      ...(policyException
        ? { policyException: { limits: policyException.limits, reason: policyException.reason } }
        : {}),
    },
  });
  return decisionId;
};

/* --------------------------------------------------------------------------------------------- the calls */

/** `GET ApplicationDecision/{id}`. */
export const getWorksheet = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, (tx) => buildWorksheet(tx, auth.lenderId, applicationId));

/** Spec 3 §7 "default additions": the add-ons the application's product offers, the default ones marked. */
export const getDefaultAdditions = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const found = await repo.findApplication(tx, applicationId);
    if (!found) throw notFound();
    return listOfferedAdditions(tx, found.application.loanProductId);
  });

/** `POST applications/{applicationId}/decisions`. */
export const submitDecision = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: DecisionSubmitParsed,
) => {
  if (body.applicationId !== undefined && body.applicationId !== applicationId)
    throw fieldError('applicationId', decisionTexts.applicationIdMismatch);
  return ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const name = (await repo.findUserName(tx, auth.userId)) ?? '';
    const decisionId = await decide(tx, auth, history, application, {
      ...body,
      source: 'manual',
      decidedBy: { userId: auth.userId, name },
      historyAction: 'Decision Saved',
    });
    return {
      decisionId,
      autoApprovalOutcomeType: null,
      worksheet: await buildWorksheet(tx, auth.lenderId, applicationId),
    };
  });
};

/** The columns of a receipt row, as the history and the receipt answer them. */
const rowHead = ({ decision: d, createdBy }: repo.DecisionRow) => ({
  id: d.id,
  version: d.version,
  entryKind: d.entryKind as DecisionRecord['entryKind'],
  decisionType: d.decisionType as DecisionType,
  retractsDecisionId: d.retractsDecisionId,
  source: d.source as DecisionRecord['source'],
  stateBefore: d.stateBefore,
  stateAfter: d.stateAfter,
  createdAt: d.createdAt.toISOString(),
  createdBy,
});

const toRecord = (row: repo.DecisionRow): DecisionRecord => ({
  ...rowHead(row),
  applicationId: row.decision.applicationId,
  receipt: receiptOf(row),
});

/** One receipt row of the application (null when the application has no such row): the letters read declines here. */
export const loadReceipt = async (
  tx: TenantTx,
  applicationId: number,
  decisionId: number,
): Promise<DecisionRecord | null> => {
  const row = await repo.findDecision(tx, applicationId, decisionId);
  return row ? toRecord(row) : null;
};

/** The newest receipt row of the application (a decision or a retraction), or null. */
export const latestDecision = async (tx: TenantTx, applicationId: number): Promise<DecisionRecord | null> => {
  const row = await repo.findLatestDecision(tx, applicationId);
  return row ? toRecord(row) : null;
};

/** `GET applications/{id}/decisions`: every receipt version, newest first. */
export const listDecisionHistory = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx): Promise<DecisionHistoryRow[]> =>
    (await repo.listDecisions(tx, applicationId)).map((row) => {
      const receipt = receiptOf(row);
      return {
        ...rowHead(row),
        createdBy: row.createdBy ?? receipt.decidedBy?.name ?? null,
        amount: receipt.approval?.amount ?? null,
        term: receipt.approval?.term ?? null,
        interestRate: receipt.approval?.interestRate ?? null,
        monthlyPayment: receipt.approval?.monthlyPayment ?? null,
        apr: receipt.disclosures?.apr ?? null,
        tier: receipt.policy?.tier ?? null,
        reason: receipt.retraction?.reason ?? null,
      };
    }),
  );

/** `GET applications/{id}/decisions/{decisionId}`. */
export const getDecision = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, decisionId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const record = await loadReceipt(tx, applicationId, decisionId);
    if (!record) throw notFound();
    return record;
  });

/** The newest approve or counter-offer that no retraction names. */
const findLastApproval = async (tx: TenantTx, applicationId: number) => {
  const rows = await repo.listDecisions(tx, applicationId);
  const retracted = new Set(
    rows.flatMap((d) => (d.decision.retractsDecisionId === null ? [] : [d.decision.retractsDecisionId])),
  );
  return rows.find(
    (r) =>
      r.decision.entryKind === 'decision' &&
      (r.decision.decisionType === 'approve' || r.decision.decisionType === 'counteroffer') &&
      !retracted.has(r.decision.id),
  );
};

const lastApprovalOf = (row: repo.DecisionRow | undefined): LastApproval => {
  const receipt = row ? receiptOf(row) : null;
  if (!row || !receipt?.approval) return null;
  const a = receipt.approval;
  return {
    decisionId: row.decision.id,
    decisionType: receipt.decisionType,
    contractDate: a.contractDate,
    firstPaymentDate: a.firstPaymentDate,
    lastPaymentDate: a.lastPaymentDate,
    amount: a.amount,
    term: a.term,
    interestRate: a.interestRate,
    buyRate: a.buyRate,
    paymentFrequencyId: a.paymentFrequency,
    paymentMethodId: a.paymentMethodId,
    monthlyPayment: a.monthlyPayment,
    balloonAmount: a.balloonAmount ?? null,
    apr: receipt.disclosures?.apr ?? null,
    approvalConditionCodeIds: a.approvalConditions.map((x) => x.codeId),
  };
};

/** `GET applications/{id}/lastapproval`. */
export const getLastApproval = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => lastApprovalOf(await findLastApproval(tx, applicationId)));

/** The PUT's body is the approval itself: a rule's error on `approval.term` is on `term` there. */
const onTheBody = async <T>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 422 && error.errors) {
      const errors = error.errors.map((e) => ({ ...e, field: e.field.replace(/^approval\.?/, '') || 'body' }));
      throw new AppError(422, error.code, error.message, errors, undefined, error.details);
    }
    throw error;
  }
};

/**
 * `PUT applications/{id}/lastapproval`: the changed terms of the last approval or counter-offer, saved as a new
 * receipt version of the same decision (its applicants, add-ons, stipulations and reasons carried over). Credence
 * keeps no editable copy of the approved terms on the application: the receipt history is the only record.
 */
export const updateLastApproval = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  terms: ReturnType<typeof lastApprovalUpdateSchema.parse>,
) =>
  ctx.write(auth, applicationId, undefined, async (tx, application, history) => {
    const last = await findLastApproval(tx, applicationId);
    if (!last || !['approved', 'counteroffer'].includes(application.state))
      throw new AppError(409, 'CONFLICT', decisionTexts.noDecisionToUpdate);
    const receipt = receiptOf(last);
    const name = (await repo.findUserName(tx, auth.userId)) ?? '';
    await onTheBody(() =>
      decide(tx, auth, history, application, {
        decisionType: receipt.decisionType,
        source: 'manual',
        decidedBy: { userId: auth.userId, name },
        approval: terms,
        additions: receipt.additions.map((x) => ({ id: x.id, flatAmount: null, selected: x.selected })),
        carriedAdditions: receipt.additions,
        decisionApplicants: receipt.decisionApplicants.map((x) => ({ applicantId: x.applicantId, declineReasons: [] })),
        fundingRequirements: receipt.fundingRequirements,
        reasons: receipt.reasons.map((x) => x.codeId),
        insuranceDecision: false,
        policySettingsType: null,
        policyException: terms.policyException,
        historyAction: 'Approval Updated',
      }),
    );
    return lastApprovalOf(await findLastApproval(tx, applicationId));
  });

/* ---------------------------------------------------------------------------------------- auto-decision */

/** The term an automatic approval takes: the requested one when the policy allows it, else the longest below. */
const autoTerm = (requested: number | null, allowed: number[] | null, frequency: PaymentFrequency) => {
  const fits = (t: number) => isValidTerm(t, frequency);
  if (!allowed || allowed.length === 0) return requested !== null && fits(requested) ? requested : null;
  if (requested !== null && allowed.includes(requested) && fits(requested)) return requested;
  const below = allowed.filter((t) => fits(t) && (requested === null || t <= requested));
  const candidates = below.length > 0 ? below : allowed.filter(fits);
  return candidates.length === 0 ? null : Math.max(...candidates);
};

export type AutoDecision = { outcome: string; decisionId: number | null } | null;

/** An automatic decision the rules refuse (terms the loan maths cannot price, say) is left for a person. */
const decideOrLeave = async (...args: Parameters<typeof decide>) => {
  try {
    return await decide(...args);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return null;
    throw error;
  }
};

/**
 * Auto-decision (issue 13, item 3): when the lender's decision-engine settings have auto-decision on, the
 * product's auto-approval workflow runs (stored as an auto-approval run with a history row, as the engine's own
 * runs are); an Approve outcome whose action is Apply approves with the suggested terms (amount within the
 * policy's maximum, the requested term when allowed, the suggested rate, from today), a Decline whose action is
 * Apply declines each applicant with the policy's reasons (the lender's decline code of the same code when there
 * is one), and ManualReview — or a Suggest action — leaves the application for a person. Runs in the caller's
 * transaction, on an application the caller holds for writing. Answers null when auto-decision is off or the
 * product has no workflow.
 */
export const decideAutomatically = async (
  tx: TenantTx,
  auth: AuthContext,
  history: HistoryWriter,
  application: { id: number; state: string },
): Promise<AutoDecision> => {
  const settings = await readSettings(tx);
  if (!settings.autoDecisionEnabled) return null;
  const c = await loadCase(tx, application.id);
  const evaluated = await evaluateAutoApproval(tx, auth.lenderId, c.app.loanProductId, c.facts);
  if (!evaluated) return null;
  const { result } = evaluated;
  const runId = await repo.insertPolicyRun(tx, {
    lenderId: auth.lenderId,
    applicationId: application.id,
    kind: 'autoApproval',
    policyObjectId: evaluated.workflowObjectId,
    policyVersionId: evaluated.versionId,
    outcome: result.outcome,
    result: { result, draft: false, workflowName: evaluated.workflowName, version: evaluated.version },
    createdByUserId: auth.userId,
  });
  await history({
    action: 'Decision engine',
    description: `${evaluated.workflowName}: ${result.outcome}`,
    entity: 'Decision',
    changes: [],
  });
  const base = {
    source: 'auto' as const,
    decidedBy: { userId: null, name: 'Decision Engine' },
    additions: [],
    fundingRequirements: [],
    reasons: [],
    insuranceDecision: false,
    policySettingsType: null,
    policy: { runId, evaluated },
    historyAction: 'Decision Saved',
  };
  if (result.outcome === 'Approve' && settings.approveAction === 'Apply') {
    const frequency: PaymentFrequency = isFrequency(c.app.paymentFrequency) ? c.app.paymentFrequency : 'Monthly';
    const requested = derivedOf(c).loanAmount;
    const max = result.values.maxAmount === null ? null : money(result.values.maxAmount);
    const amount = requested === null ? null : max !== null && requested.gt(max) ? max : requested;
    const term = autoTerm(c.app.termMonths, result.values.terms, frequency);
    const rate = result.values.rate;
    if (amount === null || amount.lte(0) || term === null || rate === null)
      return { outcome: result.outcome, decisionId: null };
    const today = c.today;
    const approval = approvalInputSchema.parse({
      contractDate: today,
      firstPaymentDate: addMonths(today, 1),
      amount: amount.toFixed(2),
      term,
      interestRate: money(rate).toDecimalPlaces(3).toString(),
      paymentFrequencyId: frequency,
    } satisfies ApprovalInput);
    const decisionId = await decideOrLeave(tx, auth, history, application, {
      ...base,
      decisionType: 'approve',
      approval,
      // As on a new decision by hand: the product's default add-ons are selected.
      additions: c.offeredAdditions
        .filter((x) => x.isDefault)
        .map((x) => ({ id: x.id, flatAmount: null, selected: true })),
      decisionApplicants: [],
    });
    return { outcome: result.outcome, decisionId };
  }
  if (result.outcome === 'Decline' && settings.declineAction === 'Apply') {
    const declineCodes = c.codes.filter((x) => x.codeType === 'declineReason');
    const failed = result.trace.filter((s) => s.result === 'fail' || s.result === 'outcome');
    const reasons =
      result.reasonCodes.length > 0
        ? result.reasonCodes.map((reasonCode) => {
            const code = declineCodes.find((x) => x.code.toLowerCase() === reasonCode.toLowerCase());
            return code ? { codeId: code.id } : { code: reasonCode, text: reasonCode };
          })
        : [{ code: null, text: failed[0]?.explanation ?? result.outcome }];
    const decisionId = await decideOrLeave(tx, auth, history, application, {
      ...base,
      decisionType: 'decline',
      approval: null,
      decisionApplicants: c.people.filter(isParty).map((p) => ({ applicantId: p.id, declineReasons: reasons })),
    });
    return { outcome: result.outcome, decisionId };
  }
  return { outcome: result.outcome, decisionId: null };
};
