import { createHash } from 'node:crypto';
import {
  addDays,
  amountForPayment,
  calculatePayment,
  daysBetween,
  formatUsd,
  formatUsDate,
  loanToValue,
  money,
  Money,
  paymentToIncome,
  vehicleAge,
  type Money as MoneyValue,
} from '@credence/domain';
import {
  LenderProtectionError,
  type CallbackRow,
  type CredentialsCheck,
  type LenderProtectionAnswer,
  type LenderProtectionCredentials,
  type LenderProtectionProvider,
  type LenderProtectionRequest,
} from './insurer.ts';

/**
 * The sandbox Lend Pro insurer (issue 35): a near-prime auto program with published-style rules, deciding the same
 * way every time from the bureau data and the deal. Every rule and the inputs that give each answer are in
 * README.md beside this file; the figures are in `program` below.
 */

export const SANDBOX_PROVIDER = 'Lend Pro';
export const SANDBOX_GRID_VERSION = 'LP-2026.11';
/** The program codes the sandbox knows. */
export const SANDBOX_PROGRAM_CODES = ['LP-AUTO', 'LP-NEARPRIME'] as const;
/** An applicant SSN ending so makes the insurer unreachable (as the screening sandboxes' `0013`). */
export const SANDBOX_UNAVAILABLE_SSN_LAST4 = '0013';

/** Score bands: the program's rate, its maximum LTV (without add-ons) and its maximum payment-to-income. */
export const program = {
  minimumScore: 560,
  bands: [
    { band: 'A', minScore: 720, rate: '6.49', maxLtv: 125, maxPti: 20 },
    { band: 'B', minScore: 660, rate: '8.99', maxLtv: 120, maxPti: 18 },
    { band: 'C', minScore: 600, rate: '11.99', maxLtv: 115, maxPti: 15 },
    { band: 'D', minScore: 560, rate: '14.99', maxLtv: 105, maxPti: 12 },
  ],
  /** Indirect (dealer) loans: the maximum LTV is this many points lower. */
  indirectLtvReduction: 5,
  terms: [36, 48, 60, 72],
  maxTerm: 72,
  minTerm: 12,
  /** Vehicles of 6 and 7 model years: terms up to 60 months. */
  olderVehicleAge: 6,
  olderVehicleMaxTerm: 60,
  maxVehicleAge: 7,
  maxMileage: 150_000,
  /** An LTV beyond this is denied outright (no counter would be a loan). */
  denyLtv: 150,
  minLoan: '5000.00',
  maxCreditReportAgeDays: 30,
  /** The grid's LTV buckets (percent) with their rate add-on. */
  ltvBuckets: [
    { ltv: 80, addOn: '0.00' },
    { ltv: 90, addOn: '0.00' },
    { ltv: 100, addOn: '0.25' },
    { ltv: 110, addOn: '0.50' },
    { ltv: 120, addOn: '1.00' },
    { ltv: 125, addOn: '1.50' },
  ],
  /** The rate add-on per 12 months above 48. */
  termAddOnPer12: '0.50',
  premiumPercent: '3.00',
} as const;

type Band = (typeof program.bands)[number];

const pct = (value: MoneyValue) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
const floorCents = (value: MoneyValue) => value.toDecimalPlaces(2, Money.ROUND_DOWN);

const bandOf = (score: number): Band | null => program.bands.find((b) => score >= b.minScore) ?? null;
const maxLtvOf = (band: Band, channel: 'Direct' | 'Indirect') =>
  band.maxLtv - (channel === 'Indirect' ? program.indirectLtvReduction : 0);
const maxTermOf = (age: number) => (age >= program.olderVehicleAge ? program.olderVehicleMaxTerm : program.maxTerm);

/** The rate of a term and an LTV bucket (percent, two decimals). */
const rateOf = (band: Band, term: number, ltvBucket: number) => {
  const termSteps = Math.max(0, Math.ceil((term - 48) / 12));
  const bucket = program.ltvBuckets.find((b) => b.ltv >= ltvBucket) ?? program.ltvBuckets.at(-1)!;
  return money(band.rate).plus(money(program.termAddOnPer12).times(termSteps)).plus(bucket.addOn).toFixed(2);
};
/** The bucket an LTV falls in: the first at or above it (else the last). */
const bucketOf = (ltv: MoneyValue) =>
  (program.ltvBuckets.find((b) => money(b.ltv).gte(ltv)) ?? program.ltvBuckets.at(-1)!).ltv;

const monthlyPayment = (amount: MoneyValue, rate: string, term: number) =>
  calculatePayment({ amount, annualRatePercent: rate, termMonths: term, frequency: 'Monthly' });

/** The most the program lends at a term: the LTV cap (plus the add-ons) and the payment-to-income cap. */
const maxLoanAt = (
  band: Band,
  term: number,
  r: { value: MoneyValue; addOns: MoneyValue; income: MoneyValue; channel: 'Direct' | 'Indirect' },
) => {
  const maxLtv = maxLtvOf(band, r.channel);
  const byLtv = floorCents(r.value.times(maxLtv).div(100).plus(r.addOns));
  const maxPayment = floorCents(r.income.times(band.maxPti).div(100));
  // The PTI cap priced at the row's highest rate: a loan under it fits whatever bucket it lands in.
  const byPti = maxPayment.lte(0)
    ? money(0)
    : amountForPayment({
        payment: maxPayment,
        annualRatePercent: rateOf(band, term, maxLtv),
        termMonths: term,
        frequency: 'Monthly',
      });
  return { maxLoan: Money.min(byLtv, byPti), maxLtv, byLtv, byPti };
};

const reference = (request: LenderProtectionRequest) =>
  `LP-${createHash('sha256')
    .update(JSON.stringify({ ...request, credentials: null }))
    .digest('hex')
    .slice(0, 10)
    .toUpperCase()}`;

const emptyAnswer = (request: LenderProtectionRequest): LenderProtectionAnswer => ({
  status: 'Failed',
  referenceNumber: reference(request),
  gridVersion: SANDBOX_GRID_VERSION,
  creditReportDate: request.creditReportDate,
  validUntil: null,
  callbackTable: [],
  totalLoanAmount: null,
  approvedTerm: null,
  finalRate: null,
  stipulations: [],
  termsAndConditions: [],
  isCounter: false,
  reasons: [],
  denialReasons: [],
  applicationErrors: [],
  failureReasons: [],
  measures: { ltv: null, pti: null, scoreBand: null },
});

/** The sandbox's login: the errors in the order the insurer reports them (README.md). */
export const checkSandboxCredentials = (c: LenderProtectionCredentials): CredentialsCheck => {
  const errors: string[] = [];
  if (c.userName.trim() === '') errors.push('A user name is required.');
  else if (c.userName.trim().toLowerCase().endsWith('-locked'))
    errors.push('The account is locked. Contact Lend Pro support.');
  if (c.password.length < 8) errors.push('Invalid user name or password.');
  if (!(SANDBOX_PROGRAM_CODES as readonly string[]).includes(c.programCode.trim().toUpperCase()))
    errors.push(`Unknown program code ${c.programCode.trim() || '(none)'}.`);
  return { successful: errors.length === 0, errors };
};

/** The sandbox's decision (pure): README.md lists the inputs behind each answer. */
export const decideSandbox = (request: LenderProtectionRequest): LenderProtectionAnswer => {
  const answer = emptyAnswer(request);

  // Eligible: the application lacks what the insurer needs (the lender fixes it and re-submits).
  const errors: string[] = [];
  const amount = request.amountFinanced === null ? null : money(request.amountFinanced);
  if (amount === null || amount.lte(0)) errors.push('The amount financed is required.');
  else if (amount.lt(program.minLoan))
    errors.push(`The amount financed must be at least ${formatUsd(money(program.minLoan))}.`);
  if (request.termMonths === null) errors.push('The term is required.');
  else if (request.termMonths < program.minTerm) errors.push(`The term must be at least ${program.minTerm} months.`);
  if (request.collateralValue === null || money(request.collateralValue).lte(0))
    errors.push('The vehicle value is required.');
  if (request.vehicleYear === null) errors.push('The vehicle model year is required.');
  if (request.vehicleMileage === null) errors.push('The vehicle mileage is required.');
  if (request.monthlyIncome === null || money(request.monthlyIncome).lte(0))
    errors.push("The borrowers' monthly income is required.");
  if (errors.length > 0) return { ...answer, status: 'Eligible', applicationErrors: errors };

  // Failed: the bureau data cannot be underwritten.
  const failures: string[] = [];
  if (request.creditFileProblem === 'frozen') failures.push('The credit file is frozen: no score could be read.');
  else if (request.creditFileProblem === 'noRecordFound' || request.creditScore === null || !request.creditReportDate)
    failures.push('No credit score is on file for the application.');
  else if (daysBetween(request.creditReportDate, request.asOf) > program.maxCreditReportAgeDays)
    failures.push(
      `The credit report of ${formatUsDate(request.creditReportDate)} is more than ${program.maxCreditReportAgeDays} days old: pull credit again.`,
    );
  if (failures.length > 0) return { ...answer, status: 'Failed', failureReasons: failures };

  const score = request.creditScore!;
  const term = request.termMonths!;
  const value = money(request.collateralValue!);
  const addOns = money(request.addOns);
  const income = money(request.monthlyIncome!);
  const age = vehicleAge(request.vehicleYear!, request.asOf);
  const mileage = request.vehicleMileage!;
  const ltv = loanToValue(amount!.minus(addOns), value)!;
  const band = bandOf(score);
  const measures = { ltv: pct(ltv), pti: null as string | null, scoreBand: band?.band ?? null };

  // Denied: outside the program whatever the terms.
  const denials: string[] = [];
  if (!band) denials.push(`The credit score of ${score} is below the program minimum of ${program.minimumScore}.`);
  if (request.hasBankruptcy) denials.push('A bankruptcy is on the credit file.');
  if (age > program.maxVehicleAge)
    denials.push(`The vehicle is ${age} model years old; the program insures vehicles up to ${program.maxVehicleAge}.`);
  if (mileage > program.maxMileage)
    denials.push(`The vehicle mileage of ${mileage.toLocaleString('en-US')} is above the program maximum of 150,000.`);
  if (ltv.gt(program.denyLtv))
    denials.push(
      `The LTV of ${pct(ltv)}% (without add-ons) is above ${program.denyLtv}%: no counter-offer is possible.`,
    );
  const r = { value, addOns, income, channel: request.channel };
  const maxTerm = maxTermOf(age);
  if (band && denials.length === 0) {
    const best = maxLoanAt(band, maxTerm, r).maxLoan;
    if (best.lt(program.minLoan))
      denials.push(
        `The largest loan the program allows (${formatUsd(best)}) is below its minimum of ${formatUsd(money(program.minLoan))}.`,
      );
  }
  if (denials.length > 0) return { ...answer, status: 'Denied', denialReasons: denials, measures };

  // Approved or Counter: the requested deal, or the largest one within the limits.
  const b = band!;
  const approvedTerm = Math.min(term, maxTerm);
  const limits = maxLoanAt(b, approvedTerm, r);
  const total = Money.min(amount!, limits.maxLoan);
  const reasons: string[] = [];
  if (approvedTerm < term)
    reasons.push(
      maxTerm < program.maxTerm
        ? `The term of ${term} months is above the ${maxTerm} months allowed for a vehicle of ${age} model years.`
        : `The term of ${term} months is above the program maximum of ${program.maxTerm} months.`,
    );
  if (amount!.gt(limits.byLtv))
    reasons.push(
      `The LTV of ${pct(ltv)}% (without add-ons) is above the maximum of ${limits.maxLtv}% for score band ${b.band}${request.channel === 'Indirect' ? ' (indirect)' : ''}.`,
    );
  if (amount!.gt(limits.byPti))
    reasons.push(
      `The payment-to-income at the requested amount is above the maximum of ${b.maxPti}% for score band ${b.band}.`,
    );
  const isCounter = total.lt(amount!) || approvedTerm < term;
  const approvedLtv = loanToValue(total.minus(addOns), value)!;
  const selectedBucket = bucketOf(approvedLtv);
  const finalRate = rateOf(b, approvedTerm, selectedBucket);
  // A payment that cannot be priced (an amount too small to round to a cent) leaves the PTI unmeasured.
  let pti: MoneyValue | null = null;
  try {
    pti = paymentToIncome(monthlyPayment(total, finalRate, approvedTerm), income);
  } catch {
    pti = null;
  }

  const rows = [...new Set([...program.terms.filter((t) => t <= maxTerm), approvedTerm])].sort((x, y) => x - y);
  const callbackTable: CallbackRow[] = rows.map((t) => {
    const row = maxLoanAt(b, t, r);
    return {
      term: t,
      rowCells: program.ltvBuckets
        .filter((bucket) => bucket.ltv <= row.maxLtv)
        .map((bucket) => ({
          ltv: bucket.ltv.toFixed(2),
          rate: rateOf(b, t, bucket.ltv),
          isSelected: t === approvedTerm && bucket.ltv === selectedBucket,
        })),
      maxLoan: row.maxLoan.toFixed(2),
      maxLTV: row.maxLtv.toFixed(2),
    };
  });

  const validUntil = addDays(request.creditReportDate!, program.maxCreditReportAgeDays);
  const stipulations = ['Proof of income: the most recent pay stub or two years of tax returns'];
  if (approvedLtv.gt(100)) stipulations.push('Proof of GAP coverage or a signed Lend Pro deficiency waiver');
  if (request.channel === 'Indirect') stipulations.push('Signed Lend Pro dealer enrollment form');
  if (mileage > 60_000) stipulations.push('Vehicle condition report signed by the dealer or an inspector');
  if (b.band === 'C' || b.band === 'D') stipulations.push('Proof of residence: a utility bill of the last 60 days');

  return {
    ...answer,
    status: isCounter ? 'Counter' : 'Approved',
    validUntil,
    callbackTable,
    totalLoanAmount: total.toFixed(2),
    approvedTerm,
    finalRate,
    stipulations,
    termsAndConditions: [
      `Coverage applies to a loan funded on or before ${formatUsDate(validUntil)} (30 days from the credit report date of ${formatUsDate(request.creditReportDate!)}).`,
      `The Lend Pro premium of ${program.premiumPercent}% of the insured amount is paid at funding.`,
      'The loan must be funded at the approved amount, term and rate or below; any other change must be re-submitted.',
    ],
    isCounter,
    reasons: isCounter ? reasons : [`Within the program limits for score band ${b.band}.`],
    measures: { ...measures, ltv: pct(approvedLtv), pti: pti === null ? null : pct(pti) },
  };
};

/** The sandbox provider: logs in with the sandbox's rules, then decides (README.md). */
export const createSandboxInsurer = (): LenderProtectionProvider => ({
  name: SANDBOX_PROVIDER,
  verifyCredentials: async (credentials) => checkSandboxCredentials(credentials),
  submit: async (request) => {
    if (request.applicantSsnLast4.includes(SANDBOX_UNAVAILABLE_SSN_LAST4))
      throw new LenderProtectionError('unavailable', 'The Lend Pro service is unavailable.');
    const login = checkSandboxCredentials(request.credentials);
    if (!login.successful) throw new LenderProtectionError('refused', login.errors[0]!);
    return decideSandbox(request);
  },
});
