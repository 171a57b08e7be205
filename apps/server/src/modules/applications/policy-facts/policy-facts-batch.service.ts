/**
 * The policy facts of many applications at once (the policy sandbox's replay, issue 12): the same facts as
 * `loadPolicyFacts` (policy-facts.ts, whose comment says what each measure is computed from), read in seven
 * queries per batch of applications instead of seven per application. The computation below is
 * `loadPolicyFacts`'s, on the rows of one application (`policyFactsOf`); the integration test checks both
 * loaders agree on every demo application, so a change to one that the other lacks fails there.
 */
import {
  POLICY_DECIMAL_PATTERN,
  metricStages,
  type BooleanFact,
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
import type { TenantTx } from '../../../db/tenancy.ts';
import { DEFAULT_POLICY_RATE_PERCENT, isMonthlyDebt, type PolicyFactsOptions } from './policy-facts.ts';

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

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A whole number within the bounds the facts schema accepts, else null (a missing fact). */
const within = (value: number | null | undefined, min: number, max: number) =>
  value !== null && value !== undefined && value >= min && value <= max ? value : null;

/* ------------------------------------------------------------------------------------------- the rows */

const applicationColumns = {
  id: applications.id,
  loanProductId: applications.loanProductId,
  direct: applications.direct,
  estAmtFinanced: applications.estAmtFinanced,
  totalBackEndFees: applications.totalBackEndFees,
  value: applications.value,
  termMonths: applications.termMonths,
  paymentFrequency: applications.paymentFrequency,
  averageCreditScore: applications.averageCreditScore,
};
const personColumns = {
  id: applicants.id,
  applicationId: applicants.applicationId,
  role: applicants.role,
  companyGrossIncome: applicants.companyGrossIncome,
  companyGrossIncomeFrequency: applicants.companyGrossIncomeFrequency,
  companyDebt: applicants.companyDebt,
};
const employmentColumns = {
  applicationId: applicants.applicationId,
  salary: applicantEmployments.salary,
  payPeriod: applicantEmployments.payPeriod,
  isCurrent: applicantEmployments.isCurrent,
};
const financeColumns = {
  applicationId: applicants.applicationId,
  amount: applicantFinances.amount,
  isIncome: applicantFinances.isIncome,
};
const collateralColumns = {
  applicationId: collaterals.applicationId,
  value: collaterals.value,
  year: collaterals.year,
  mileage: collaterals.mileage,
  isNew: collaterals.isNew,
  isUsed: collaterals.isUsed,
};
const reportColumns = {
  id: creditReports.id,
  applicationId: creditReports.applicationId,
  applicantId: creditReports.applicantId,
  frozen: creditReports.frozen,
  ofac: creditReports.ofac,
  defaultScore: creditReports.defaultScore,
  alerts: creditReports.alerts,
  publicRecords: creditReports.publicRecords,
};
const tradelineColumns = {
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
};

type Row<C extends Record<string, Column>> = { [K in keyof C]: GetColumnData<C[K]> };

/** One application's rows, as `loadPolicyFacts` reads them. */
export type PolicyFactRows = {
  application: Row<typeof applicationColumns>;
  people: Row<typeof personColumns>[];
  employments: Row<typeof employmentColumns>[];
  finances: Row<typeof financeColumns>[];
  collateralRows: Row<typeof collateralColumns>[];
  reports: Row<typeof reportColumns>[];
  tradelines: Row<typeof tradelineColumns>[];
};

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
  // One after another: the transaction is one connection (queries sent together would only queue there).
  const apps = await tx.select(applicationColumns).from(applications).where(inArray(applications.id, ids));
  const people = await tx
    .select(personColumns)
    .from(applicants)
    .where(inArray(applicants.applicationId, ids))
    .orderBy(asc(applicants.applicationId), asc(applicants.sortOrder), asc(applicants.id));
  const employments = await tx
    .select(employmentColumns)
    .from(applicantEmployments)
    .innerJoin(applicants, eq(applicants.id, applicantEmployments.applicantId))
    .where(inArray(applicants.applicationId, ids));
  const finances = await tx
    .select(financeColumns)
    .from(applicantFinances)
    .innerJoin(applicants, eq(applicants.id, applicantFinances.applicantId))
    .where(inArray(applicants.applicationId, ids));
  const collateralRows = await tx
    .select(collateralColumns)
    .from(collaterals)
    .where(inArray(collaterals.applicationId, ids))
    .orderBy(asc(collaterals.applicationId), asc(collaterals.sortOrder), asc(collaterals.id));
  const reports = await tx
    .select(reportColumns)
    .from(creditReports)
    .where(and(inArray(creditReports.applicationId, ids), eq(creditReports.isActive, true)));

  const tradelines =
    reports.length === 0
      ? []
      : await tx
          .select(tradelineColumns)
          .from(creditReportTradelines)
          .where(
            inArray(
              creditReportTradelines.creditReportId,
              reports.map((r) => r.id),
            ),
          );
  const peopleOf = groupBy(people, (p) => p.applicationId);
  const employmentsOf = groupBy(employments, (e) => e.applicationId);
  const financesOf = groupBy(finances, (f) => f.applicationId);
  const collateralsOf = groupBy(collateralRows, (c) => c.applicationId);
  const reportsOf = groupBy(reports, (r) => r.applicationId);
  const tradelinesOf = groupBy(tradelines, (t) => t.creditReportId);
  for (const application of apps) {
    // The borrowers' credit only: a non-applicant spouse's report holds neither their debts, score nor alerts.
    const own = (reportsOf.get(application.id) ?? []).filter((r) =>
      (peopleOf.get(application.id) ?? []).some((p) => p.id === r.applicantId && p.role !== 'NON_APPLICANT_SPOUSE'),
    );
    facts.set(
      application.id,
      policyFactsOf(
        {
          application,
          people: peopleOf.get(application.id) ?? [],
          employments: employmentsOf.get(application.id) ?? [],
          finances: financesOf.get(application.id) ?? [],
          collateralRows: collateralsOf.get(application.id) ?? [],
          reports: own,
          tradelines: own.flatMap((r) => tradelinesOf.get(r.id) ?? []),
        },
        options,
      ),
    );
  }
  return facts;
};

/** The facts of one application's rows (the computation of `loadPolicyFacts`). */
export const policyFactsOf = (
  { application, people, employments, finances, collateralRows, reports, tradelines }: PolicyFactRows,
  options: PolicyFactsOptions = {},
): PolicyFacts => {
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
  const age = vehicle ? within(vehicleAge(vehicle.year!, options.asOf ?? todayUtc()), 0, 200) : null;
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
