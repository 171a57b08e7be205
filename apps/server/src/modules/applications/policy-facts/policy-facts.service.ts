/**
 * The facts a credit policy is evaluated on (issue 12; contracts `PolicyFacts`), read under the tenant transaction
 * from the applications' rows: the request, the applicants' income and debts, the collateral and the active credit
 * reports. Read-only. One computation, `policyFactsOf`, on the rows of one application, whichever loader read them:
 * `loadPolicyFactsBatch` reads many applications in seven queries (the policy sandbox's replay, in batches), and
 * `loadPolicyFacts` is a batch of one (the Decision Engine card's run, the rate lookup). Every decimal is an exact
 * string rounded half up (money and percentages to two decimals); a metric whose inputs are missing is left out,
 * and the engine then fails a condition on it.
 *
 * What each measure is computed from:
 * - Income: the applicants' gross monthly income — current employments' salaries at their pay period, income
 *   lines of the finances (per month) and a business applicant's gross income at its frequency.
 * - Dti: (included tradelines' monthly payments + debt lines of the finances + business monthly debt + the new
 *   monthly payment) / income. Included tradelines: open with a balance owed (a closed, paid or zero-balance
 *   account has no payment), not excluded, not paid off by this loan, the applicant's obligation (not an
 *   authorized-user or terminated account), and not a 30-day charge account (portfolio OPEN: its balance is paid
 *   in full each month, as the agencies' underwriting guides leave it out of the ratio).
 * - Pti: the new monthly payment / income. Ndi: income − debts − the new monthly payment.
 * - FrontEndLtv: the amount before back-end products (amount financed − back-end fees) / collateral value;
 *   BackEndLtv: the whole amount financed / collateral value. The value is the sum of the collaterals' values
 *   (the request's value when no collateral has one).
 * - Credit: the borrowers' active reports only (a non-applicant spouse's report is left out).
 * - CreditScore: the application's average of the active reports' default-model scores.
 * - CreditUtilization: the balances of the open, not excluded revolving tradelines over their limits (a
 *   tradeline this loan pays off counts with a zero balance).
 * - VehicleAge, VehicleMileage: the first collateral with a model year (its age at `asOf`) and its mileage.
 * - LoanAmount, TermMonths: the amount financed and the term asked for.
 * FloorAmount, CeilingAmount, IntroRate and MarginRate have no source before the decision worksheet: left out.
 */
import {
  creditScoreModelSchema,
  metricStages,
  POLICY_DECIMAL_PATTERN,
  type BooleanFact,
  type MetricStage,
  type MetricType,
  type PolicyFacts,
} from '@credence/contracts';
import {
  calculatePayment,
  debtToIncome,
  loanToValue,
  money,
  Money,
  monthlyEquivalent,
  netDisposableIncome,
  paymentFrequencies,
  paymentToIncome,
  vehicleAge,
  type PaymentFrequency,
} from '@credence/domain';
import { and, asc, eq, inArray, type Column, type GetColumnData } from 'drizzle-orm';
import {
  applicantEmployments,
  applicantFinances,
  applicants,
  applications,
  collaterals,
  creditReports,
  creditReportTradelines,
} from '../../../db/schema/index.ts';

import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TenantTx } from '../../../db/tenancy.ts';
import { lenderDate } from '../../lender-calendar/lender-calendar.service.ts';

/**
 * The annual rate the new payment is computed at while the application carries no rate of its own (the request
 * has none; the rate comes from the policy's rate matrix or the decision worksheet). A mid-market auto rate;
 * `options.ratePercent` overrides it (e.g. with the rate a rate-matrix lookup found).
 */
export const DEFAULT_POLICY_RATE_PERCENT = '8.00';

export type PolicyFactsOptions = {
  /** Also compute the metrics of this stage (the Application stage is always computed). */
  stage?: MetricStage;
  /** The date vehicle age is counted at (yyyy-mm-dd); today (UTC) by default. */
  asOf?: string;
  /** The annual rate of the new payment (percent, e.g. '6.49'); `DEFAULT_POLICY_RATE_PERCENT` by default. */
  ratePercent?: string;
};

/** Accounts that are not the applicant's obligation: they count for the score, not for the debt ratios. */
const notObligated = new Set(['AuthorizedUser', 'Terminated']);

/** A tradeline whose monthly payment is one of the applicant's monthly debts (see the Dti rule above). */
const isMonthlyDebt = (t: {
  portfolioType: string;
  ecoa: string;
  isOpen: boolean;
  balance: string;
  monthlyPayment: string | null;
  paidOff: boolean;
}) =>
  t.isOpen &&
  !t.paidOff &&
  t.portfolioType !== 'OPEN' &&
  !notObligated.has(t.ecoa) &&
  t.monthlyPayment !== null &&
  money(t.balance).gt(0);
/** Tradeline statuses that are a repossession (a voluntary surrender is one the borrower hands over). */
const repossessionStatuses = new Set(['REPOSSESSED', 'VOLUNTARY_SURRENDER']);
/** Applicants who are not borrowers on the loan. */
const notCoBorrowers = new Set(['PRIMARY', 'NON_APPLICANT_SPOUSE']);

const isFrequency = (value: string | null): value is PaymentFrequency =>
  value !== null && Object.hasOwn(paymentFrequencies, value);

/** A policy decimal rounded half up to `places`, or undefined when it does not fit the policy's decimals. */
const decimal = (value: Money | null | undefined, places: number): string | undefined => {
  if (value === null || value === undefined || !value.isFinite()) return undefined;
  const text = value.toDecimalPlaces(places, Money.ROUND_HALF_UP).toFixed(places);
  return POLICY_DECIMAL_PATTERN.test(text) ? text : undefined;
};

const sum = (values: readonly Money[]) => values.reduce((total, v) => total.plus(v), money(0));

/** The new loan's payment as a monthly amount, or null when the request cannot be priced. */
const newMonthlyPayment = (amount: Money | null, termMonths: number | null, frequency: string | null, rate: string) => {
  if (amount === null || termMonths === null || amount.lte(0)) return null;
  const paymentFrequency: PaymentFrequency = isFrequency(frequency) ? frequency : 'Monthly';
  try {
    const payment = calculatePayment({ amount, annualRatePercent: rate, termMonths, frequency: paymentFrequency });
    return monthlyEquivalent(payment, paymentFrequency);
  } catch {
    // A term that is not a whole number of payments at the frequency, or a payment that rounds to zero.
    return null;
  }
};

/** A whole number within the bounds the facts schema accepts, else null (a missing fact). */
const within = (value: number | null | undefined, min: number, max: number) =>
  value !== null && value !== undefined && value >= min && value <= max ? value : null;

/* ------------------------------------------------------------------------------------------- the rows */

/**
 * The columns the facts are computed from, by table. Every list carries its application's id (employments and
 * finances through their applicant), so that a loader reading many applications at once can group them.
 */
const columns = {
  application: {
    id: applications.id,
    loanProductId: applications.loanProductId,
    direct: applications.direct,
    estAmtFinanced: applications.estAmtFinanced,
    totalBackEndFees: applications.totalBackEndFees,
    value: applications.value,
    termMonths: applications.termMonths,
    paymentFrequency: applications.paymentFrequency,
    averageCreditScore: applications.averageCreditScore,
  },
  people: {
    id: applicants.id,
    applicationId: applicants.applicationId,
    role: applicants.role,
    companyGrossIncome: applicants.companyGrossIncome,
    companyGrossIncomeFrequency: applicants.companyGrossIncomeFrequency,
    companyDebt: applicants.companyDebt,
  },
  employments: {
    applicationId: applicants.applicationId,
    salary: applicantEmployments.salary,
    payPeriod: applicantEmployments.payPeriod,
    isCurrent: applicantEmployments.isCurrent,
  },
  finances: {
    applicationId: applicants.applicationId,
    amount: applicantFinances.amount,
    isIncome: applicantFinances.isIncome,
  },
  collaterals: {
    applicationId: collaterals.applicationId,
    value: collaterals.value,
    year: collaterals.year,
    mileage: collaterals.mileage,
    isNew: collaterals.isNew,
    isUsed: collaterals.isUsed,
  },
  reports: {
    id: creditReports.id,
    applicationId: creditReports.applicationId,
    applicantId: creditReports.applicantId,
    frozen: creditReports.frozen,
    ofac: creditReports.ofac,
    defaultScore: creditReports.defaultScore,
    defaultScoreModel: creditReports.defaultScoreModel,
    alerts: creditReports.alerts,
    publicRecords: creditReports.publicRecords,
  },
  tradelines: {
    creditReportId: creditReportTradelines.creditReportId,
    portfolioType: creditReportTradelines.portfolioType,
    tradelineStatus: creditReportTradelines.tradelineStatus,
    ecoa: creditReportTradelines.ecoa,
    isOpen: creditReportTradelines.isOpen,
    balance: creditReportTradelines.balance,
    creditLimit: creditReportTradelines.creditLimit,
    monthlyPayment: creditReportTradelines.monthlyPayment,
    excluded: creditReportTradelines.excluded,
    paidOff: creditReportTradelines.paidOff,
  },
};

type Columns = typeof columns;
type Row<C extends Record<string, Column>> = { [K in keyof C]: GetColumnData<C[K]> };

/**
 * One application's rows: its own row, and its lists of the others — people and collaterals in their sort order,
 * the active credit reports (every applicant's) and those reports' tradelines.
 */
type PolicyFactRows = { application: Row<Columns['application']> } & {
  [K in Exclude<keyof Columns, 'application'>]: Row<Columns[K]>[];
};

/* -------------------------------------------------------------------------------------- the computation */

/**
 * The policy facts of one application's rows.
 *
 * Stages: the Application stage reads the request as entered. Until the decision worksheet stores proposed,
 * decided and funded terms, the Proposed, Decision and Funding stages asked for through `options.stage` are
 * computed from the same application terms.
 */
const policyFactsOf = (rows: PolicyFactRows, options: PolicyFactsOptions & { asOf: string }): PolicyFacts => {
  const { application, people, employments, finances, collaterals: collateralRows } = rows;
  // The borrowers' credit only: a non-applicant spouse's report (pulled where community property asks for it)
  // holds neither the borrowers' debts, nor their score, nor their alerts.
  const borrowerIds = new Set(people.filter((p) => p.role !== 'NON_APPLICANT_SPOUSE').map((p) => p.id));
  const reports = rows.reports.filter((r) => borrowerIds.has(r.applicantId));
  const reportIds = new Set(reports.map((r) => r.id));
  const tradelines = rows.tradelines.filter((t) => reportIds.has(t.creditReportId));

  /* ---------------------------------------------------------------------------------- income and debts */

  const incomeLines: Money[] = [
    ...employments.flatMap((e) =>
      e.isCurrent && e.salary !== null && isFrequency(e.payPeriod) ? [monthlyEquivalent(e.salary, e.payPeriod)] : [],
    ),
    ...finances.filter((f) => f.isIncome).map((f) => money(f.amount)),
    ...people.flatMap((p) =>
      p.companyGrossIncome !== null && isFrequency(p.companyGrossIncomeFrequency)
        ? [monthlyEquivalent(p.companyGrossIncome, p.companyGrossIncomeFrequency)]
        : [],
    ),
  ];
  const income = incomeLines.length === 0 ? null : sum(incomeLines);
  const included = tradelines.filter((t) => !t.excluded);
  const debts = sum([
    ...included.filter(isMonthlyDebt).map((t) => money(t.monthlyPayment!)),
    ...finances.filter((f) => !f.isIncome).map((f) => money(f.amount)),
    ...people.flatMap((p) => (p.companyDebt === null ? [] : [money(p.companyDebt)])),
  ]);

  /* ------------------------------------------------------------------------------------- the request */

  const amount = application.estAmtFinanced === null ? null : money(application.estAmtFinanced);
  const frontEndAmount = amount === null ? null : amount.minus(application.totalBackEndFees);
  const termMonths = within(application.termMonths, 1, 600);
  const payment = newMonthlyPayment(
    amount,
    termMonths,
    application.paymentFrequency,
    options.ratePercent ?? DEFAULT_POLICY_RATE_PERCENT,
  );

  const valued = collateralRows.filter((c) => c.value !== null);
  const collateralValue =
    valued.length > 0
      ? sum(valued.map((c) => money(c.value!)))
      : application.value === null
        ? null
        : money(application.value);
  const ltvOf = (loan: Money | null) =>
    loan === null || collateralValue === null ? null : loanToValue(loan, collateralValue);
  const frontEndLtv = decimal(ltvOf(frontEndAmount), 2);
  const backEndLtv = decimal(ltvOf(amount), 2);

  const vehicle = collateralRows.find((c) => c.year !== null);
  const age = vehicle ? within(vehicleAge(vehicle.year!, options.asOf), 0, 200) : null;
  const mileage = within(vehicle?.mileage, 0, 10_000_000);
  const newUsed = vehicle?.isNew ? 'New' : vehicle?.isUsed ? 'Used' : null;

  /* ---------------------------------------------------------------------------------------- credit */

  const scores = reports.flatMap((r) => (r.defaultScore === null ? [] : [r.defaultScore]));
  const averageOfReports =
    scores.length === 0
      ? null
      : Number(
          money(scores.reduce((a, b) => a + b, 0))
            .div(scores.length)
            .toDecimalPlaces(0, Money.ROUND_HALF_UP),
        );
  const creditScore = within(application.averageCreditScore ?? averageOfReports, 0, 1000);
  // The score model the tier set reads its ranges of: the reports' default model when they agree (else the set's
  // first model, as the engine falls back to).
  const reportModels = new Set(reports.flatMap((r) => (r.defaultScore === null ? [] : [r.defaultScoreModel])));
  const scoreModel =
    reportModels.size === 1 ? (creditScoreModelSchema.safeParse([...reportModels][0]).data ?? null) : null;
  const revolving = included.filter(
    (t) => t.isOpen && t.portfolioType === 'REVOLVING' && t.creditLimit !== null && money(t.creditLimit).gt(0),
  );
  const limits = sum(revolving.map((t) => money(t.creditLimit!)));
  const utilization = limits.gt(0)
    ? sum(revolving.map((t) => (t.paidOff ? money(0) : money(t.balance))))
        .div(limits)
        .times(100)
    : null;

  /* --------------------------------------------------------------------------------------- metrics */

  const measures = {
    Income: decimal(income, 2),
    Dti: income === null || payment === null ? undefined : decimal(debtToIncome(debts, payment, income), 2),
    Pti: income === null || payment === null ? undefined : decimal(paymentToIncome(payment, income), 2),
    Ndi: income === null || payment === null ? undefined : decimal(netDisposableIncome(income, debts, payment), 2),
    FrontEndLtv: frontEndLtv,
    BackEndLtv: backEndLtv,
    CreditScore: creditScore === null ? undefined : String(creditScore),
    CreditUtilization: decimal(utilization, 2),
    VehicleAge: age === null ? undefined : String(age),
    VehicleMileage: mileage === null ? undefined : String(mileage),
    LoanAmount: decimal(amount, 2),
    TermMonths: termMonths === null ? undefined : String(termMonths),
  };
  const stages = metricStages.filter((s) => s === 'Application' || s === options.stage);
  const metrics: Partial<Record<MetricType, string>> = {};
  for (const stage of stages) {
    for (const [measure, value] of Object.entries(measures)) {
      if (value !== undefined) metrics[`${stage}${measure as keyof typeof measures}`] = value;
    }
  }

  /* ----------------------------------------------------------------------------------------- flags */

  const flags: Partial<Record<BooleanFact, boolean>> = {
    hasCoApplicant: people.some((p) => !notCoBorrowers.has(p.role)),
  };
  // The credit flags are known only once a report is on file; absent, the engine reads them as false.
  if (reports.length > 0) {
    flags.hasOfacAlert = reports.some((r) => r.ofac || r.alerts.some((a) => a.kind === 'ofac'));
    flags.hasFraudAlert = reports.some(
      (r) => r.frozen || r.alerts.some((a) => a.kind === 'fraud' || a.kind === 'freeze'),
    );
    flags.hasBankruptcy = reports.some((r) => r.publicRecords.some((p) => p.type.startsWith('BANKRUPTCY')));
    flags.hasRepossession = tradelines.some((t) => repossessionStatuses.has(t.tradelineStatus));
  }

  const amountText = amount === null || amount.isNegative() ? undefined : decimal(amount, 2);
  return {
    metrics,
    flags,
    creditScore,
    scoreModel,
    amount: amountText ?? null,
    termMonths,
    ltv: frontEndLtv ?? null,
    collateralAge: age,
    collateralMileage: mileage,
    newUsed,
    productId: String(application.loanProductId),
    channel: application.direct ? 'Direct' : 'Indirect',
  };
};

/* ------------------------------------------------------------------------------------------ the loaders */

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

/**
 * The policy facts of the given applications under the tenant transaction (row-level security: another
 * lender's are simply absent from the map), by application id.
 */
export const loadPolicyFactsBatch = async (
  tx: TenantTx,
  applicationIds: readonly number[],
  options: PolicyFactsOptions = {},
): Promise<Map<number, PolicyFacts>> => {
  const facts = new Map<number, PolicyFacts>();
  if (applicationIds.length === 0) return facts;
  const ids = [...applicationIds];
  // A vehicle's age is counted at the lender's today (its people's date, not the server's UTC one).
  const asOf = options.asOf ?? (await lenderDate(tx));
  // One after another: the transaction is one connection (queries sent together would only queue there).
  const apps = await tx.select(columns.application).from(applications).where(inArray(applications.id, ids));
  // An application's lists in their sort order (its applicants, its collaterals).
  const sorted = <Q extends PgSelect>(query: Q, table: typeof applicants | typeof collaterals) =>
    query.where(inArray(table.applicationId, ids)).orderBy(asc(table.sortOrder), asc(table.id));
  const people = await sorted(tx.select(columns.people).from(applicants).$dynamic(), applicants);
  const employments = await tx
    .select(columns.employments)
    .from(applicantEmployments)
    .innerJoin(applicants, eq(applicants.id, applicantEmployments.applicantId))
    .where(inArray(applicants.applicationId, ids));
  const finances = await tx
    .select(columns.finances)
    .from(applicantFinances)
    .innerJoin(applicants, eq(applicants.id, applicantFinances.applicantId))
    .where(inArray(applicants.applicationId, ids));
  const collateralRows = await sorted(tx.select(columns.collaterals).from(collaterals).$dynamic(), collaterals);
  const reports = await tx
    .select(columns.reports)
    .from(creditReports)
    .where(and(inArray(creditReports.applicationId, ids), eq(creditReports.isActive, true)));
  const reportIds = reports.map((r) => r.id);
  const tradelines =
    reportIds.length === 0
      ? []
      : await tx
          .select(columns.tradelines)
          .from(creditReportTradelines)
          .where(inArray(creditReportTradelines.creditReportId, reportIds));

  const peopleOf = groupBy(people, (p) => p.applicationId);
  const employmentsOf = groupBy(employments, (e) => e.applicationId);
  const financesOf = groupBy(finances, (f) => f.applicationId);
  const collateralsOf = groupBy(collateralRows, (c) => c.applicationId);
  const reportsOf = groupBy(reports, (r) => r.applicationId);
  const tradelinesOf = groupBy(tradelines, (t) => t.creditReportId);
  for (const application of apps) {
    const of = <T>(groups: Map<number, T[]>) => groups.get(application.id) ?? [];
    const rows = {
      application,
      people: of(peopleOf),
      employments: of(employmentsOf),
      finances: of(financesOf),
      collaterals: of(collateralsOf),
      reports: of(reportsOf),
      tradelines: of(reportsOf).flatMap((r) => tradelinesOf.get(r.id) ?? []),
    };
    facts.set(application.id, policyFactsOf(rows, { ...options, asOf }));
  }
  return facts;
};

/**
 * The policy facts of an application (a batch of one), or null when it is not found under the tenant
 * transaction's row-level security (another lender's application, or none).
 */
export const loadPolicyFacts = async (
  tx: TenantTx,
  applicationId: number,
  options: PolicyFactsOptions = {},
): Promise<PolicyFacts | null> => (await loadPolicyFactsBatch(tx, [applicationId], options)).get(applicationId) ?? null;
