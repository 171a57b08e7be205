/**
 * Deterministic sandbox bureaus (issue 11, item 1): each answers a pull in MISMO 2.4 credit-response XML, as a
 * credit reseller does, and the adapter parses that XML like a real answer (`mismo-parser.ts`).
 *
 * Determinism: the person's credit history comes from a seed of SSN + name (so the three bureaus tell the same
 * story, as real ones do); what one bureau carries (which tradelines reached it, its inquiries, its score
 * noise) from a seed of bureau + SSN + name. Dates are counted back from the pull date, so the same applicant
 * pulled on the same day gives byte-identical XML, and on another day the same file with its dates moved.
 * The report id comes from bureau + SSN + name + pull time: each pull is a new report.
 */
import {
  creditScoreRanges,
  type CreditBureau,
  type CreditScoreModel,
  type PublicRecordDisposition,
  type PublicRecordType,
  type TradelineEcoa,
  type TradelinePortfolioType,
  type TradelineStatus,
} from '@credence/contracts';
import { calculatePayment, money, Money, normalizeSsn } from '@credence/domain';
import { BureauError, type BureauPullRequest, type BureauPullResult, type CreditBureauProvider } from './bureau.ts';
import { addDays, addMonths } from './calendar.ts';
import {
  bureauScreenNames,
  mismoAccountTypes,
  mismoCurrentRatings,
  mismoDispositionTypes,
  mismoFileResults,
  mismoPublicRecordTypes,
  mismoScoreModelNames,
  MISMO_VERSION,
  type MismoCurrentRating,
} from './mismo-codes.ts';
import { parseMismoCreditResponse } from './mismo-parser.ts';
import { sandboxCaseOf, type SandboxCase } from './sandbox-cases.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';
import { el, renderXmlDocument, textEl, type XmlNode } from './xml-writer.ts';

// ---------------------------------------------------------------------------------------------------------------
// Products: what kinds of account a person has, with realistic amounts, terms and rates.

type ProductKey =
  | 'bankCard'
  | 'retailCard'
  | 'securedCard'
  | 'auto'
  | 'personal'
  | 'student'
  | 'recreational'
  | 'mortgage'
  | 'heloc'
  | 'personalLine'
  | 'chargeCard'
  | 'autoLease'
  | 'collection'
  | 'unknown';

type Product = {
  portfolio: TradelinePortfolioType;
  loanTypes: readonly string[];
  businessType: string;
  creditors: readonly string[];
  /** Loans: terms in months, amount range in dollars, rate range in percent (best to worst quality). */
  terms?: readonly number[];
  amount?: readonly [number, number];
  rate?: readonly [number, number];
  /** Revolving and lines: the credit limit range in dollars. */
  limit?: readonly [number, number];
};

const products: Record<ProductKey, Product> = {
  bankCard: {
    portfolio: 'REVOLVING',
    loanTypes: ['CreditCard'],
    businessType: 'Banking',
    creditors: [
      'CAPITAL ONE',
      'JPMCB CARD SERVICES',
      'DISCOVER BANK',
      'CITI CARDS CBNA',
      'BANK OF AMERICA',
      'WELLS FARGO CARD SER',
      'BARCLAYS BANK DELAWARE',
      'US BANK',
    ],
    limit: [500, 35000],
  },
  retailCard: {
    portfolio: 'REVOLVING',
    loanTypes: ['CreditCard', 'ChargeAccount'],
    businessType: 'DepartmentAndMailOrder',
    creditors: ['SYNCB/AMAZON', 'SYNCB/LOWES', 'COMENITY BANK/VICTORIA', 'TD BANK USA/TARGET', 'CBNA/THE HOME DEPOT'],
    limit: [300, 12000],
  },
  securedCard: {
    portfolio: 'REVOLVING',
    loanTypes: ['SecuredCreditCard'],
    businessType: 'Banking',
    creditors: ['CAPITAL ONE', 'DISCOVER BANK', 'OPENSKY CBNK', 'CHIME FINANCIAL'],
    limit: [200, 1000],
  },
  auto: {
    portfolio: 'INSTALLMENT',
    loanTypes: ['AutoLoan'],
    businessType: 'Automotive',
    creditors: [
      'ALLY FINANCIAL',
      'TOYOTA MOTOR CREDIT',
      'CAPITAL ONE AUTO FINAN',
      'SANTANDER CONSUMER USA',
      'WESTLAKE FINANCIAL SVCS',
      'AMERICAN HONDA FINANCE',
      'FORD MOTOR CREDIT',
      'CARMAX AUTO FINANCE',
      'GM FINANCIAL',
    ],
    terms: [36, 48, 60, 72, 84],
    amount: [8000, 62000],
    rate: [3.49, 21.99],
  },
  personal: {
    portfolio: 'INSTALLMENT',
    loanTypes: ['Unsecured'],
    businessType: 'Finance',
    creditors: ['LENDINGCLUB BANK', 'SOFI LENDING CORP', 'ONEMAIN', 'UPSTART NETWORK', 'DISCOVER PERSONAL LOANS'],
    terms: [24, 36, 48, 60],
    amount: [2000, 30000],
    rate: [7.99, 29.99],
  },
  student: {
    portfolio: 'INSTALLMENT',
    loanTypes: ['Educational'],
    businessType: 'Educational',
    creditors: ['DEPT OF ED/AIDVANTAGE', 'NAVIENT', 'NELNET', 'SALLIE MAE BANK'],
    terms: [120],
    amount: [5500, 55000],
    rate: [3.73, 7.54],
  },
  recreational: {
    portfolio: 'INSTALLMENT',
    loanTypes: ['RecreationalVehicle'],
    businessType: 'Finance',
    creditors: ['BANK OF THE WEST', 'SHEFFIELD FINANCIAL', 'GOOD SAM FINANCE', 'ESSEX CREDIT'],
    terms: [120, 144, 180],
    amount: [15000, 90000],
    rate: [5.99, 13.99],
  },
  mortgage: {
    portfolio: 'MORTGAGE',
    loanTypes: ['ConventionalRealEstateMortgage', 'FHARealEstateMortgage', 'VeteransAdministrationRealEstateMortgage'],
    businessType: 'RealEstate',
    creditors: [
      'ROCKET MORTGAGE',
      'WELLS FARGO HM MORTGAG',
      'MR. COOPER',
      'PENNYMAC LOAN SERVICES',
      'US BANK HOME MTG',
    ],
    terms: [180, 360],
    amount: [90000, 650000],
    rate: [2.625, 7.625],
  },
  heloc: {
    portfolio: 'LINE_OF_CREDIT',
    loanTypes: ['HomeEquityLineOfCredit'],
    businessType: 'Banking',
    creditors: ['PNC BANK', 'CITIZENS BANK NA', 'TRUIST BANK', 'FIFTH THIRD BANK'],
    limit: [10000, 150000],
  },
  personalLine: {
    portfolio: 'LINE_OF_CREDIT',
    loanTypes: ['CreditLineSecured', 'Unsecured'],
    businessType: 'Banking',
    creditors: ['NAVY FEDERAL CR UNION', 'PENTAGON FCU', 'BECU', 'ALLIANT CREDIT UNION'],
    limit: [1000, 15000],
  },
  chargeCard: {
    portfolio: 'OPEN',
    loanTypes: ['ChargeAccount'],
    businessType: 'Banking',
    creditors: ['AMEX'],
  },
  autoLease: {
    portfolio: 'OTHER',
    loanTypes: ['AutoLease'],
    businessType: 'Automotive',
    creditors: ['TOYOTA LEASE TRUST', 'HONDA LEASE TRUST', 'BMW FINANCIAL SERVICES'],
    terms: [24, 36, 39],
    amount: [18000, 45000],
  },
  collection: {
    portfolio: 'OPEN',
    loanTypes: ['MedicalDebt', 'Collection'],
    businessType: 'Collection',
    creditors: [
      'MIDLAND CREDIT MANAGEMENT',
      'PORTFOLIO RECOVERY ASSOCIATES',
      'LVNV FUNDING LLC',
      'ENHANCED RECOVERY CO',
      'CREDIT COLLECTION SERVICES',
    ],
  },
  unknown: {
    portfolio: 'UNKNOWN',
    loanTypes: ['Unknown'],
    businessType: 'Other',
    creditors: ['FIRST PREMIER BANK', 'CREDIT ONE BANK', 'MERRICK BANK'],
    limit: [300, 1500],
  },
};

/** The products a status can sit on (a foreclosure is a mortgage, a repossession a vehicle, …). */
const productsForStatus: Partial<Record<TradelineStatus, readonly ProductKey[]>> = {
  FORECLOSURE: ['mortgage'],
  REPOSSESSED: ['auto', 'recreational'],
  VOLUNTARY_SURRENDER: ['auto', 'recreational'],
  LOST_STOLEN_CREDIT_CARD: ['bankCard', 'retailCard'],
  COLLECTION: ['collection'],
  CONSUMER_CONSULING: ['bankCard', 'retailCard', 'personal'],
  CHARGE_OFF: ['bankCard', 'retailCard', 'personal', 'auto'],
  SETTLED: ['bankCard', 'retailCard', 'personal'],
  REFINANCED: ['auto', 'mortgage', 'personal'],
  TRANSFERRED: ['mortgage', 'student', 'auto'],
  UNKNOWN: ['unknown'],
};

const productWeights: readonly (readonly [ProductKey, number])[] = [
  ['bankCard', 34],
  ['retailCard', 11],
  ['auto', 12],
  ['personal', 5],
  ['student', 6],
  ['recreational', 2],
  ['mortgage', 7],
  ['heloc', 2],
  ['personalLine', 3],
  ['chargeCard', 2],
  ['autoLease', 3],
  ['unknown', 1],
];

/** How likely each status is, for a clean file (`good`) and for a troubled one (`bad`, scaled by 1 − quality). */
const statusWeights: readonly (readonly [TradelineStatus, number, number])[] = [
  ['CURRENT', 70, 0],
  ['PAID', 18, 0],
  ['INACTIVE', 5, 0],
  ['NEW', 4, 0],
  ['TRANSFERRED', 1, 0],
  ['REFINANCED', 1, 0],
  ['DISPUTED', 0.5, 1],
  ['UNKNOWN', 0.4, 0.4],
  ['PAST_DUE', 0, 14],
  ['COLLECTION', 0, 9],
  ['CHARGE_OFF', 0, 6],
  ['SETTLED', 0, 3],
  ['REPOSSESSED', 0, 0.6],
  ['CONSUMER_CONSULING', 0, 1.5],
  ['VOLUNTARY_SURRENDER', 0, 0.3],
  ['FORECLOSURE', 0, 0.5],
  ['LOST_STOLEN_CREDIT_CARD', 0.2, 0.5],
  ['DECEASED', 0, 0.2],
];

// ---------------------------------------------------------------------------------------------------------------
// A person's tradeline, before a bureau reports it: amounts are whole dollars (Money), times in months back from
// the reported date.

type PlannedTradeline = {
  product: ProductKey;
  status: TradelineStatus;
  creditor: string;
  accountNumber: string;
  loanType: string;
  ecoa: TradelineEcoa;
  accountStatus: 'Open' | 'Closed' | 'Paid';
  rating: MismoCurrentRating;
  derogatory: boolean;
  disputed: boolean;
  remarks: readonly { code: string; text: string }[];
  openedMonthsAgo: number;
  closedMonthsAgo: number | null;
  lastActivityMonthsAgo: number;
  termMonths: number | null;
  highCredit: Money | null;
  creditLimit: Money | null;
  balance: Money;
  monthlyPayment: Money | null;
  pastDue: Money;
  chargeOff: Money | null;
  late: [number, number, number];
  /** Days before the pull that the creditor last reported. */
  reportedDaysAgo: number;
};

type PlannedPublicRecord = {
  type: PublicRecordType;
  disposition: PublicRecordDisposition;
  filedMonthsAgo: number;
  dispositionMonthsAgo: number | null;
  liabilities: Money;
  court: string;
  docket: string;
};

type Person = {
  case: SandboxCase;
  /** 0 (worst) to 1 (best): drives statuses, rates, utilisation and scores. */
  quality: number;
  tradelines: PlannedTradeline[];
  publicRecords: PlannedPublicRecord[];
  /** Months since the file was created, when no tradeline is older. */
  fileAgeMonths: number;
};

const dollars = (value: number): Money => money(Math.round(value));
const roundTo = (value: number, step: number): Money => money(Math.round(value / step) * step);
const ZERO = money(0);

/** A rate in percent between the product's best and worst, by quality, with some spread; three decimals at most. */
const rateFor = (rng: SeededRandom, range: readonly [number, number], quality: number): string => {
  const [best, worst] = range;
  const spread = (worst - best) * 0.12;
  const raw = worst - (worst - best) * quality + (rng.next() * 2 - 1) * spread;
  const clamped = Math.min(worst, Math.max(best, raw));
  return money(clamped).toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
};

/** Level payment (to the cent) and balance after `paid` payments, both rounded to whole dollars as bureaus report. */
const amortize = (principal: Money, ratePercent: string, term: number, paid: number) => {
  const payment = calculatePayment({
    amount: principal,
    annualRatePercent: ratePercent,
    termMonths: term,
    frequency: 'Monthly',
  });
  const r = money(ratePercent).div(1200);
  const growth = r.plus(1).pow(paid);
  const remaining = r.isZero()
    ? principal.minus(payment.times(paid))
    : principal.times(growth).minus(payment.times(growth.minus(1)).div(r));
  return {
    payment: payment.toDecimalPlaces(0, Money.ROUND_HALF_UP),
    balance: Money.max(ZERO, remaining.toDecimalPlaces(0, Money.ROUND_HALF_UP)),
  };
};

const accountNumberFor = (rng: SeededRandom, portfolio: TradelinePortfolioType): string =>
  portfolio === 'REVOLVING' ? `${rng.digits(6)}XXXXXX${rng.digits(4)}` : `${rng.digits(8)}XXXX`;

const remarkFor: Partial<Record<TradelineStatus, { code: string; text: string }>> = {
  CHARGE_OFF: { code: 'DB', text: 'CHARGED OFF ACCOUNT' },
  COLLECTION: { code: 'FC', text: 'PLACED FOR COLLECTION' },
  REPOSSESSED: { code: 'EI', text: 'INVOLUNTARY REPOSSESSION' },
  VOLUNTARY_SURRENDER: { code: 'AV', text: 'VOLUNTARY SURRENDER' },
  FORECLOSURE: { code: 'FR', text: 'FORECLOSURE PROCESS STARTED' },
  CONSUMER_CONSULING: { code: 'CP', text: 'MANAGED BY FINANCIAL COUNSELING PROGRAM' },
  DECEASED: { code: 'DE', text: 'JOINT ACCOUNT - OTHER PARTY DECEASED' },
  DISPUTED: { code: 'XB', text: 'ACCOUNT INFORMATION DISPUTED BY CONSUMER' },
  LOST_STOLEN_CREDIT_CARD: { code: 'LS', text: 'LOST OR STOLEN CARD' },
  REFINANCED: { code: 'RF', text: 'REFINANCED' },
  SETTLED: { code: 'AU', text: 'SETTLED - LESS THAN FULL BALANCE' },
  TRANSFERRED: { code: 'AT', text: 'TRANSFERRED TO ANOTHER LENDER' },
  INACTIVE: { code: 'CB', text: 'CLOSED AT CONSUMER REQUEST' },
};

/** The statuses of an account that is closed (or paid): no balance owed on schedule, no payment. */
const closedStatuses = new Set<TradelineStatus>([
  'PAID',
  'INACTIVE',
  'CHARGE_OFF',
  'REPOSSESSED',
  'VOLUNTARY_SURRENDER',
  'INCLUDED_IN_BANKRUPTCY',
  'LOST_STOLEN_CREDIT_CARD',
  'REFINANCED',
  'SETTLED',
  'TRANSFERRED',
]);

/** One tradeline of a product and status, consistent in every field. */
const planTradeline = (
  rng: SeededRandom,
  productKey: ProductKey,
  status: TradelineStatus,
  quality: number,
  options: { maxAgeMonths?: number; bankruptcyChapter?: 7 | 13 } = {},
): PlannedTradeline => {
  const p = products[productKey];
  const maxAge = options.maxAgeMonths ?? 20 + Math.round(quality * 200);
  const closed = closedStatuses.has(status);
  const closedMonthsAgo = closed ? rng.int(1, Math.max(2, Math.min(72, maxAge - 6))) : null;
  let term = p.terms ? rng.pick(p.terms) : null;
  // How many months the account has been open (until now, or until it closed).
  const lifeMonths =
    status === 'NEW'
      ? rng.int(0, 2)
      : term !== null && (status === 'PAID' || status === 'REFINANCED')
        ? status === 'PAID'
          ? term - rng.int(0, Math.floor(term / 3))
          : rng.int(6, Math.max(7, term - 6))
        : term !== null
          ? rng.int(3, Math.max(4, Math.min(term - 3, maxAge)))
          : rng.int(4, Math.max(5, maxAge));
  const openedMonthsAgo = lifeMonths + (closedMonthsAgo ?? 0);
  if (term !== null && openedMonthsAgo < 1 && status !== 'NEW') term = Math.max(term, 12);

  let highCredit: Money | null = null;
  let creditLimit: Money | null = null;
  let balance = ZERO;
  let monthlyPayment: Money | null = null;
  let pastDue = ZERO;
  let chargeOff: Money | null = null;

  if (p.limit) {
    const [lo, hi] = p.limit;
    creditLimit = roundTo(lo + (hi - lo) * Math.min(1, quality * rng.next() * 1.4), 100);
    const utilisation = Math.min(1.05, Math.max(0, (1 - quality) * 1.1 * rng.next() + (rng.chance(0.3) ? 0 : 0.05)));
    balance = closed ? ZERO : creditLimit.times(utilisation).toDecimalPlaces(0, Money.ROUND_HALF_UP);
    highCredit = Money.max(balance, creditLimit.times(0.2 + 0.8 * rng.next()).toDecimalPlaces(0, Money.ROUND_HALF_UP));
    // Cards and lines ask for 2.5 % of the balance (at least $25); a home equity line in its draw period only
    // for the interest (about 0.75 % a month).
    const share = productKey === 'heloc' ? 0.0075 : 0.025;
    monthlyPayment = balance.isZero()
      ? ZERO
      : Money.max(money(25), balance.times(share).toDecimalPlaces(0, Money.ROUND_HALF_UP));
  } else if (p.amount && p.rate && term !== null) {
    const [lo, hi] = p.amount;
    // Home loans are skewed to the smaller amounts (median about $290,000, as outstanding US mortgages are).
    const draw = productKey === 'mortgage' ? rng.next() ** 1.5 : rng.next();
    const principal = roundTo(lo + (hi - lo) * draw, productKey === 'mortgage' ? 1000 : 100);
    const rate = rateFor(rng, p.rate, quality);
    const paid = Math.min(term, Math.max(0, lifeMonths));
    const { payment, balance: remaining } = amortize(principal, rate, term, paid);
    highCredit = principal;
    monthlyPayment = payment;
    balance = closed ? ZERO : remaining;
  } else if (p.amount && term !== null) {
    // A lease: the payment is the depreciation plus rent charge, roughly 1/60th of the value.
    const [lo, hi] = p.amount;
    const value = roundTo(lo + (hi - lo) * rng.next(), 100);
    monthlyPayment = value.div(55).toDecimalPlaces(0, Money.ROUND_HALF_UP);
    highCredit = monthlyPayment.times(term);
    balance = closed ? ZERO : monthlyPayment.times(Math.max(1, term - lifeMonths));
  } else if (productKey === 'chargeCard') {
    balance = closed ? ZERO : dollars(200 + 4000 * rng.next());
    highCredit = Money.max(balance, dollars(500 + 9000 * rng.next()));
    monthlyPayment = balance;
  } else if (productKey === 'collection') {
    balance = dollars(120 + 3800 * rng.next());
    highCredit = balance;
    pastDue = balance;
  }

  let rating: MismoCurrentRating = 'AsAgreed';
  let accountStatus: PlannedTradeline['accountStatus'] = closed ? 'Closed' : 'Open';
  let derogatory = false;
  let late: [number, number, number] = [0, 0, 0];
  const remark = remarkFor[status];
  const remarks = remark ? [remark] : [];
  switch (status) {
    case 'CURRENT':
    case 'CONSUMER_CONSULING':
    case 'DECEASED':
    case 'DISPUTED':
      if (rng.chance((1 - quality) * 0.5)) late = [rng.int(1, 3), 0, 0];
      break;
    case 'NEW':
      rating = 'TooNew';
      break;
    case 'PAID':
      accountStatus = 'Paid';
      break;
    case 'PAST_DUE': {
      rating = rng.pick(['Late30Days', 'Late60Days', 'Late90Days', 'LateOver120Days'] as const);
      const months = { Late30Days: 1, Late60Days: 2, Late90Days: 3, LateOver120Days: 4 }[rating];
      pastDue = (monthlyPayment ?? money(35)).times(months);
      late = [rng.int(1, 4), months >= 2 ? rng.int(1, 2) : 0, months >= 3 ? rng.int(1, 2) : 0];
      derogatory = months >= 3;
      break;
    }
    case 'CHARGE_OFF':
      rating = 'ChargeOff';
      derogatory = true;
      balance = (highCredit ?? money(2000)).times(0.4 + 0.5 * rng.next()).toDecimalPlaces(0, Money.ROUND_HALF_UP);
      pastDue = balance;
      chargeOff = balance;
      late = [rng.int(1, 3), rng.int(1, 2), rng.int(1, 3)];
      break;
    case 'COLLECTION':
      rating = 'Collection';
      derogatory = true;
      monthlyPayment = null;
      break;
    case 'REPOSSESSED':
    case 'VOLUNTARY_SURRENDER':
      rating = 'Repossession';
      derogatory = true;
      balance = (highCredit ?? money(15000)).times(0.15 + 0.25 * rng.next()).toDecimalPlaces(0, Money.ROUND_HALF_UP);
      pastDue = balance;
      late = [rng.int(1, 3), rng.int(1, 2), rng.int(0, 2)];
      break;
    case 'FORECLOSURE':
      rating = 'Foreclosure';
      derogatory = true;
      pastDue = (monthlyPayment ?? ZERO).times(rng.int(4, 9));
      late = [rng.int(1, 2), rng.int(1, 2), rng.int(2, 6)];
      break;
    case 'INCLUDED_IN_BANKRUPTCY':
      rating = 'BankruptcyOrWageEarnerPlan';
      derogatory = true;
      remarks.push({
        code: options.bankruptcyChapter === 13 ? 'BP' : 'BK',
        text: `INCLUDED IN CHAPTER ${options.bankruptcyChapter ?? 7} BANKRUPTCY`,
      });
      late = [rng.int(0, 3), rng.int(0, 2), rng.int(0, 2)];
      break;
    case 'SETTLED':
      accountStatus = 'Paid';
      rating = 'CollectionOrChargeOff';
      derogatory = true;
      late = [rng.int(1, 3), rng.int(1, 2), rng.int(1, 2)];
      break;
    case 'UNKNOWN':
      rating = 'NoDataAvailable';
      break;
    case 'INACTIVE':
    case 'LOST_STOLEN_CREDIT_CARD':
    case 'REFINANCED':
    case 'TRANSFERRED':
      break;
  }
  if (status === 'INCLUDED_IN_BANKRUPTCY') balance = ZERO;
  const ecoa: TradelineEcoa =
    status === 'DECEASED'
      ? 'JointContractualLiability'
      : p.portfolio === 'REVOLVING' && rng.chance(0.08)
        ? 'AuthorizedUser'
        : p.portfolio === 'MORTGAGE' && rng.chance(0.5)
          ? 'JointContractualLiability'
          : 'Individual';
  return {
    product: productKey,
    status,
    creditor: rng.pick(p.creditors),
    accountNumber: accountNumberFor(rng, p.portfolio),
    loanType: rng.pick(p.loanTypes),
    ecoa,
    accountStatus,
    rating,
    derogatory,
    disputed: status === 'DISPUTED',
    remarks,
    openedMonthsAgo,
    closedMonthsAgo,
    lastActivityMonthsAgo: closedMonthsAgo ?? (status === 'COLLECTION' ? rng.int(2, 30) : rng.int(0, 1)),
    termMonths: term,
    highCredit,
    creditLimit,
    balance,
    // A closed or paid account has no scheduled payment any more (Metro 2 reports zero for it): only open accounts
    // with a balance owe one.
    monthlyPayment: accountStatus === 'Open' || monthlyPayment === null ? monthlyPayment : ZERO,
    pastDue,
    chargeOff,
    late,
    reportedDaysAgo: rng.int(3, 35),
  };
};

const randomStatus = (rng: SeededRandom, quality: number): TradelineStatus =>
  rng.weighted(statusWeights.map(([s, good, bad]) => [s, good + bad * (1 - quality) ** 2 * 3] as const));

const randomProduct = (rng: SeededRandom, status: TradelineStatus): ProductKey => {
  const allowed = productsForStatus[status];
  return allowed ? rng.pick(allowed) : rng.weighted(productWeights);
};

/**
 * How many loans of a kind a person carries open at once: one home loan and one home equity line, two vehicles
 * (loans or leases), one personal loan, one recreational loan, two student loans, one charge card. An older loan
 * of the kind has been paid off.
 */
const openLoanKinds: readonly { products: readonly ProductKey[]; most: number }[] = [
  { products: ['mortgage'], most: 1 },
  { products: ['auto', 'autoLease'], most: 2 },
  { products: ['personal'], most: 1 },
  { products: ['recreational'], most: 1 },
  { products: ['student'], most: 2 },
  { products: ['chargeCard'], most: 1 },
  { products: ['heloc'], most: 1 },
];
/** Instalment loans run out: of those (home loans aside) a file shows in good standing, this share is paid off. */
const PAID_OFF_SHARE = 0.6;

/**
 * Random tradelines (after `existing` ones, counted for the limits on open loans): a loan over its kind's limit is
 * a paid one when in good standing, else the trouble is on a bank card (a second home loan in foreclosure stays).
 */
const randomTradelines = (
  rng: SeededRandom,
  count: number,
  quality: number,
  existing: readonly PlannedTradeline[] = [],
): PlannedTradeline[] => {
  const planned: PlannedTradeline[] = [];
  const openOfKind = (product: ProductKey) => {
    const kind = openLoanKinds.find((k) => k.products.includes(product));
    if (!kind) return { count: 0, most: Infinity };
    const open = [...existing, ...planned].filter(
      (t) => t.accountStatus === 'Open' && kind.products.includes(t.product),
    );
    return { count: open.length, most: kind.most };
  };
  for (let i = 0; i < count; i += 1) {
    let status = randomStatus(rng, quality);
    let product = randomProduct(rng, status);
    const kind = openOfKind(product);
    if (status === 'CURRENT' && product !== 'mortgage' && products[product].terms && rng.chance(PAID_OFF_SHARE))
      status = 'PAID';
    if (!closedStatuses.has(status) && kind.count >= kind.most && status !== 'FORECLOSURE') {
      if (status === 'CURRENT' || status === 'NEW') status = 'PAID';
      else product = 'bankCard';
    }
    planned.push(planTradeline(rng, product, status, quality));
  }
  return planned;
};

const bankruptcyRecord = (rng: SeededRandom, chapter: 7 | 13, filedMonthsAgo: number): PlannedPublicRecord => ({
  type: chapter === 7 ? 'BANKRUPTCY_CHAPTER_7' : 'BANKRUPTCY_CHAPTER_13',
  disposition: chapter === 7 ? 'DISCHARGED' : 'FILED',
  filedMonthsAgo,
  dispositionMonthsAgo: chapter === 7 ? filedMonthsAgo - rng.int(3, 5) : null,
  liabilities: roundTo(15000 + 70000 * rng.next(), 100),
  court: rng.pick([
    'US BKPT CT NORTHERN DIST OF ILLINOIS',
    'US BKPT CT CENTRAL DIST OF CALIFORNIA',
    'US BKPT CT DISTRICT OF COLORADO',
    'US BKPT CT SOUTHERN DIST OF TEXAS',
  ]),
  docket: `${rng.int(15, 24)}-${rng.digits(5)}`,
});

/** The person behind an SSN and name: the same for every bureau. */
const planPerson = (ssn: string, firstName: string, lastName: string): Person => {
  const rng = seededRandom(`person|${ssn}|${firstName}|${lastName}`);
  const kase = sandboxCaseOf(ssn);
  // Skewed to good files, as the population is (median FICO around 715).
  const standardQuality = 1 - rng.next() * (0.35 + 0.65 * rng.next());
  const fileAgeMonths = rng.int(12, 60);
  switch (kase) {
    case 'noRecord':
    case 'frozen':
      return { case: kase, quality: 0.5, tradelines: [], publicRecords: [], fileAgeMonths };
    case 'noTradelines':
      return { case: kase, quality: 0.5, tradelines: [], publicRecords: [], fileAgeMonths };
    case 'thinFile': {
      const quality = 0.45 + 0.2 * rng.next();
      const tradelines = [planTradeline(rng, 'securedCard', 'NEW', quality, { maxAgeMonths: 4 })];
      if (rng.chance(0.6)) tradelines.push(planTradeline(rng, 'student', 'CURRENT', quality, { maxAgeMonths: 5 }));
      return { case: kase, quality, tradelines, publicRecords: [], fileAgeMonths: 5 };
    }
    case 'bankruptcy': {
      const quality = 0.1 + 0.15 * rng.next();
      const filed = rng.int(24, 60);
      const included = Array.from({ length: rng.int(2, 4) }, () =>
        planTradeline(
          rng,
          rng.pick(['bankCard', 'retailCard', 'personal', 'auto'] as const),
          'INCLUDED_IN_BANKRUPTCY',
          quality,
          {
            bankruptcyChapter: 7,
          },
        ),
      ).map((t) => ({
        ...t,
        closedMonthsAgo: filed,
        openedMonthsAgo: filed + rng.int(12, 60),
        lastActivityMonthsAgo: filed,
      }));
      const rebuilding = [
        planTradeline(rng, 'securedCard', 'CURRENT', 0.6, { maxAgeMonths: filed - 6 }),
        planTradeline(rng, 'auto', 'CURRENT', 0.2, { maxAgeMonths: filed - 3 }),
      ];
      return {
        case: kase,
        quality,
        tradelines: [...included, ...rebuilding],
        publicRecords: [bankruptcyRecord(rng, 7, filed)],
        fileAgeMonths,
      };
    }
    case 'allStatuses': {
      const quality = 0.5;
      const plan: [ProductKey, TradelineStatus][] = [
        ['mortgage', 'CURRENT'],
        ['bankCard', 'NEW'],
        ['auto', 'PAID'],
        ['heloc', 'INACTIVE'],
        ['personal', 'PAST_DUE'],
        ['bankCard', 'CHARGE_OFF'],
        ['collection', 'COLLECTION'],
        ['auto', 'REPOSSESSED'],
        ['recreational', 'VOLUNTARY_SURRENDER'],
        ['mortgage', 'FORECLOSURE'],
        ['personal', 'INCLUDED_IN_BANKRUPTCY'],
        ['retailCard', 'CONSUMER_CONSULING'],
        ['auto', 'DECEASED'],
        ['retailCard', 'DISPUTED'],
        ['bankCard', 'LOST_STOLEN_CREDIT_CARD'],
        ['auto', 'REFINANCED'],
        ['personal', 'SETTLED'],
        ['student', 'TRANSFERRED'],
        ['unknown', 'UNKNOWN'],
        ['chargeCard', 'CURRENT'],
        ['autoLease', 'CURRENT'],
        ['personalLine', 'CURRENT'],
      ];
      const tradelines = plan.map(([product, status]) =>
        planTradeline(rng, product, status, quality, { bankruptcyChapter: 13 }),
      );
      return { case: kase, quality, tradelines, publicRecords: [bankruptcyRecord(rng, 13, 20)], fileAgeMonths };
    }
    case 'refinance': {
      const quality = 0.55 + 0.2 * rng.next();
      const refi = (product: ProductKey, rate: string, term: number, paid: number, principal: number) => {
        const base = planTradeline(rng, product, 'CURRENT', quality);
        const { payment, balance } = amortize(money(principal), rate, term, paid);
        return {
          ...base,
          termMonths: term,
          openedMonthsAgo: paid,
          lastActivityMonthsAgo: 0,
          highCredit: money(principal),
          monthlyPayment: payment,
          balance,
          late: [0, 0, 0] as [number, number, number],
        };
      };
      const loans = [
        refi('auto', '14.99', 72, rng.int(8, 20), 100 * rng.int(280, 420)),
        refi('auto', '11.49', 60, rng.int(10, 24), 100 * rng.int(180, 300)),
        refi('personal', '19.99', 36, rng.int(4, 12), 100 * rng.int(60, 150)),
      ];
      const tradelines = [
        ...loans,
        ...randomTradelines(rng, rng.int(4, 9), quality, loans).filter((t) => !t.derogatory),
      ];
      return { case: kase, quality, tradelines, publicRecords: [], fileAgeMonths };
    }
    case 'excellent': {
      const quality = 0.92 + 0.08 * rng.next();
      return {
        case: kase,
        quality,
        tradelines: randomTradelines(rng, rng.int(25, 40), quality),
        publicRecords: [],
        fileAgeMonths,
      };
    }
    case 'subprime': {
      const quality = 0.05 + 0.15 * rng.next();
      return {
        case: kase,
        quality,
        tradelines: randomTradelines(rng, rng.int(8, 20), quality),
        publicRecords: [],
        fileAgeMonths,
      };
    }
    case 'ofac':
    case 'mla':
    case 'fraudAlert':
    case 'standard': {
      // Most files hold a dozen accounts or so (open and closed), a few up to 40.
      const least = kase === 'standard' ? 2 : 8;
      const count = Math.min(40, least + Math.floor((41 - least) * rng.next() ** 1.7));
      const tradelines = randomTradelines(rng, count, standardQuality);
      const publicRecords =
        standardQuality < 0.3 && rng.chance(0.15) ? [bankruptcyRecord(rng, 13, rng.int(12, 48))] : [];
      return { case: kase, quality: standardQuality, tradelines, publicRecords, fileAgeMonths };
    }
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Scores: by model, from the file's quality and what this bureau shows, within the model's range.

const ficoFactors = {
  utilisation: ['10', 'Proportion of balances to credit limits on revolving accounts is too high'],
  owed: ['01', 'Amount owed on accounts is too high'],
  delinquency: ['02', 'Level of delinquency on accounts'],
  seriousDelinquency: ['39', 'Serious delinquency'],
  derogatory: ['40', 'Derogatory public record or collection filed'],
  pastDue: ['21', 'Amount past due on accounts'],
  inquiries: ['08', 'Too many inquiries last 12 months'],
  shortHistory: ['14', 'Length of time accounts have been established'],
  fewAccounts: ['03', 'Too few bank revolving accounts'],
  newAccounts: ['09', 'Too many accounts recently opened'],
  withBalances: ['05', 'Too many accounts with balances'],
  revolvingAge: ['12', 'Length of time revolving accounts have been established'],
  noRecentRevolving: ['16', 'Lack of recent revolving account information'],
  mortgage: ['33', 'Lack of recent installment loan information'],
} as const;

type FileView = { tradelines: PlannedTradeline[]; publicRecords: PlannedPublicRecord[]; inquiries: number };

const factorsFor = (view: FileView, rng: SeededRandom): { code: string; text: string }[] => {
  const open = view.tradelines.filter((t) => t.accountStatus === 'Open');
  const revolving = open.filter((t) => t.creditLimit !== null && t.creditLimit.gt(0));
  const limit = revolving.reduce((s, t) => s.plus(t.creditLimit ?? ZERO), ZERO);
  const used = revolving.reduce((s, t) => s.plus(t.balance), ZERO);
  const keys: (keyof typeof ficoFactors)[] = [];
  if (view.publicRecords.length > 0 || view.tradelines.some((t) => t.status === 'COLLECTION')) keys.push('derogatory');
  if (view.tradelines.some((t) => t.late[2] > 0 || t.derogatory)) keys.push('seriousDelinquency');
  if (view.tradelines.some((t) => t.pastDue.gt(0))) keys.push('pastDue');
  if (limit.gt(0) && used.div(limit).gt(0.3)) keys.push('utilisation');
  if (view.tradelines.some((t) => t.late[0] > 0)) keys.push('delinquency');
  if (view.inquiries > 3) keys.push('inquiries');
  const oldest = Math.max(0, ...view.tradelines.map((t) => t.openedMonthsAgo));
  if (oldest < 84) keys.push('shortHistory');
  if (revolving.length < 3) keys.push('fewAccounts');
  if (view.tradelines.filter((t) => t.openedMonthsAgo < 12).length > 2) keys.push('newAccounts');
  const filler: (keyof typeof ficoFactors)[] = [
    'withBalances',
    'owed',
    'revolvingAge',
    'noRecentRevolving',
    'mortgage',
  ];
  while (keys.length < 4) {
    const next = filler.find((f) => !keys.includes(f)) ?? rng.pick(filler);
    if (keys.includes(next)) break;
    keys.push(next);
  }
  return keys.slice(0, 4).map((k) => ({ code: ficoFactors[k][0], text: ficoFactors[k][1] }));
};

type SandboxScore = {
  model: CreditScoreModel;
  value: number | null;
  exclusion: string | null;
  factors: { code: string; text: string }[];
};

const scoresFor = (
  person: Person,
  view: FileView,
  models: readonly CreditScoreModel[],
  rng: SeededRandom,
): SandboxScore[] => {
  const derogatory = view.tradelines.filter((t) => t.derogatory).length + view.publicRecords.length * 2;
  const latePenalty = view.tradelines.reduce(
    (s, t) => s + t.late[0] * 0.004 + t.late[1] * 0.008 + t.late[2] * 0.012,
    0,
  );
  const fraction = Math.min(
    0.985,
    Math.max(
      0.03,
      0.42 +
        0.56 * person.quality -
        Math.min(0.3, 0.025 * derogatory) -
        Math.min(0.12, latePenalty) -
        0.006 * Math.max(0, view.inquiries - 2),
    ),
  );
  const bureauNoise = (rng.next() * 2 - 1) * 0.02;
  const factors = factorsFor(view, rng);
  return models.map((model) => {
    const isVantage = model.startsWith('VantageScore');
    if (view.tradelines.length === 0)
      return { model, value: null, exclusion: 'NotScoredNoQualifyingAccount', factors: [] };
    const oldest = Math.max(...view.tradelines.map((t) => t.openedMonthsAgo));
    if (!isVantage && oldest < 6) return { model, value: null, exclusion: 'NotScoredInsufficientCredit', factors: [] };
    const { min, max } = creditScoreRanges[model];
    const modelNoise = (rng.next() * 2 - 1) * 0.015;
    const f = Math.min(1, Math.max(0, fraction + bureauNoise + modelNoise - (isVantage && oldest < 6 ? 0.12 : 0)));
    return { model, value: Math.round(min + (max - min) * f), exclusion: null, factors };
  });
};

// ---------------------------------------------------------------------------------------------------------------
// The MISMO 2.4 answer.

const bureauCodes: Record<CreditBureau, { fileId: string; reportPrefix: string }> = {
  Equifax: { fileId: 'EA01', reportPrefix: 'EFX' },
  Experian: { fileId: 'RA01', reportPrefix: 'XPN' },
  TransUnion: { fileId: 'TA01', reportPrefix: 'TUC' },
};

const consumerReferral: Record<CreditBureau, Record<string, string>> = {
  Equifax: {
    _Name: 'EQUIFAX INFORMATION SERVICES LLC',
    _StreetAddress: 'PO BOX 740241',
    _City: 'ATLANTA',
    _State: 'GA',
    _PostalCode: '30374',
  },
  Experian: { _Name: 'EXPERIAN', _StreetAddress: 'PO BOX 2002', _City: 'ALLEN', _State: 'TX', _PostalCode: '75013' },
  TransUnion: {
    _Name: 'TRANSUNION CONSUMER RELATIONS',
    _StreetAddress: 'PO BOX 2000',
    _City: 'CHESTER',
    _State: 'PA',
    _PostalCode: '19016',
  },
};

const inquirers: readonly (readonly [string, string])[] = [
  ['CAPITAL ONE', 'Banking'],
  ['JPMCB CARD SERVICES', 'Banking'],
  ['ALLY FINANCIAL', 'Automotive'],
  ['TOYOTA MOTOR CREDIT', 'Automotive'],
  ['CARVANA LLC', 'Automotive'],
  ['SOFI LENDING CORP', 'Finance'],
  ['ROCKET MORTGAGE', 'RealEstate'],
  ['SYNCB/AMAZON', 'DepartmentAndMailOrder'],
  ['VERIZON WIRELESS', 'Utilities'],
  ['NAVY FEDERAL CR UNION', 'Banking'],
];

const indicators = (value: (b: CreditBureau) => string) => ({
  _EquifaxIndicator: value('Equifax'),
  _ExperianIndicator: value('Experian'),
  _TransUnionIndicator: value('TransUnion'),
});

const patternCodes: Record<MismoCurrentRating, string> = {
  AsAgreed: 'C',
  Late30Days: '1',
  Late60Days: '2',
  Late90Days: '3',
  LateOver120Days: '4',
  BankruptcyOrWageEarnerPlan: '7',
  Repossession: '8',
  Foreclosure: '8',
  ForeclosureOrRepossession: '8',
  ChargeOff: '9',
  Collection: '9',
  CollectionOrChargeOff: '9',
  TooNew: 'C',
  NoDataAvailable: '-',
};

const money0 = (m: Money | null): string | null => (m === null ? null : m.toFixed(0));

/** Build the bureau's answer for one pull. */
export const sandboxCreditResponseXml = (request: BureauPullRequest, pulledAt: Date): string => {
  const { bureau, applicant } = request;
  const ssn = normalizeSsn(applicant.ssn);
  if (ssn === null) throw new BureauError('invalidRequest', 'The SSN is not a valid social security number.', bureau);
  const first = applicant.firstName.trim().toUpperCase();
  const last = applicant.lastName.trim().toUpperCase();
  const person = planPerson(ssn, first, last);
  const rng = seededRandom(`bureau|${bureau}|${ssn}|${first}|${last}`);
  const pull = seededRandom(`pull|${bureau}|${ssn}|${first}|${last}|${pulledAt.toISOString()}`);
  const asOf = pulledAt.toISOString().slice(0, 10);
  const { fileId, reportPrefix } = bureauCodes[bureau];
  const reportId = `${reportPrefix}${pull.digits(10)}`;
  const full = ['allStatuses', 'refinance', 'bankruptcy', 'thinFile'].includes(person.case);
  const tradelines = person.tradelines.filter(() => full || rng.chance(0.88));
  const inquiryCount =
    person.case === 'noRecord' || person.case === 'frozen'
      ? 0
      : person.case === 'thinFile'
        ? rng.int(0, 1)
        : person.case === 'noTradelines'
          ? rng.int(1, 2)
          : rng.int(0, 2 + Math.round((1 - person.quality) * 7));
  const noFile = person.case === 'noRecord' || person.case === 'frozen';
  const view: FileView = { tradelines, publicRecords: person.publicRecords, inquiries: inquiryCount };
  const scores = noFile ? [] : scoresFor(person, view, request.scoreModels, rng);
  const oldest = Math.max(person.fileAgeMonths, ...tradelines.map((t) => t.openedMonthsAgo));
  const infileDate = addMonths(asOf, -(oldest + rng.int(0, 3)));

  const liabilities = tradelines.map((t, i) => {
    const reported = addDays(asOf, -t.reportedDaysAgo);
    const opened = addMonths(reported, -t.openedMonthsAgo);
    const monthsReviewed = Math.min(99, t.openedMonthsAgo - (t.closedMonthsAgo ?? 0));
    // Payment history, most recent month first: C current, 1/2/3/4 30/60/90/120+ days late, 7 bankruptcy,
    // 8 repossession or foreclosure, 9 collection or charge-off, - no data.
    const pattern = Array.from({ length: Math.min(24, Math.max(0, monthsReviewed)) }, (_, m) => {
      if (m === 0 && t.rating !== 'AsAgreed' && t.rating !== 'TooNew') return patternCodes[t.rating];
      if (m > 0 && m <= t.late[2] * 2 && t.late[2] > 0 && m % 2 === 1) return '3';
      if (m > 0 && m <= t.late[1] * 3 && t.late[1] > 0 && m % 3 === 1) return '2';
      if (m > 0 && m <= t.late[0] * 4 && t.late[0] > 0 && m % 4 === 2) return '1';
      return 'C';
    }).join('');
    return el(
      'CREDIT_LIABILITY',
      {
        CreditLiabilityID: `TRADE${String(i + 1).padStart(3, '0')}`,
        BorrowerID: 'B1',
        CreditFileID: fileId,
        _AccountIdentifier: t.accountNumber,
        _AccountOpenedDate: opened,
        _AccountOwnershipType: t.ecoa,
        _AccountReportedDate: reported,
        _AccountStatusType: t.accountStatus,
        _AccountClosedDate: t.closedMonthsAgo === null ? null : addMonths(reported, -t.closedMonthsAgo),
        _AccountType: mismoAccountTypes[products[t.product].portfolio],
        _ChargeOffAmount: money0(t.chargeOff),
        _ConsumerDisputeIndicator: t.disputed ? 'Y' : 'N',
        _CreditLimitAmount: money0(t.creditLimit),
        _DerogatoryDataIndicator: t.derogatory ? 'Y' : 'N',
        _HighCreditAmount: money0(t.highCredit),
        _LastActivityDate: addMonths(reported, -t.lastActivityMonthsAgo),
        _MonthlyPaymentAmount: money0(t.monthlyPayment),
        _MonthsReviewedCount: monthsReviewed,
        _PastDueAmount: t.pastDue.toFixed(0),
        _TermsDescription: t.termMonths === null ? (t.creditLimit === null ? null : 'REV') : `${t.termMonths}M`,
        _TermsMonthsCount: t.termMonths,
        _TermsSourceType: t.termMonths === null ? null : 'Provided',
        _UnpaidBalanceAmount: t.balance.toFixed(0),
        CreditBusinessType: products[t.product].businessType,
        CreditLoanType: t.loanType,
      },
      [
        el('_CREDITOR', { _Name: t.creditor }),
        el('_CURRENT_RATING', { _Code: mismoCurrentRatings[t.rating], _Type: t.rating }),
        el('_LATE_COUNT', {
          _30Days: String(t.late[0]).padStart(2, '0'),
          _60Days: String(t.late[1]).padStart(2, '0'),
          _90Days: String(t.late[2]).padStart(2, '0'),
        }),
        pattern === '' ? null : el('_PAYMENT_PATTERN', { _Data: pattern, _StartDate: reported }),
        ...t.remarks.map((r) =>
          el('CREDIT_COMMENT', { _SourceType: bureau, _Type: 'BureauRemarks', _Code: r.code }, [
            textEl('_Text', r.text),
          ]),
        ),
        el('CREDIT_REPOSITORY', { _SourceType: bureau, _SubscriberCode: `${pull.digits(3)}${rng.digits(7)}` }),
      ],
    );
  });

  const publicRecords = person.publicRecords.map((r, i) => {
    const filed = addMonths(asOf, -r.filedMonthsAgo);
    return el('CREDIT_PUBLIC_RECORD', {
      CreditPublicRecordID: `PR${String(i + 1).padStart(3, '0')}`,
      BorrowerID: 'B1',
      CreditFileID: fileId,
      _CourtName: r.court,
      _DispositionDate: r.dispositionMonthsAgo === null ? null : addMonths(asOf, -r.dispositionMonthsAgo),
      _DispositionType: mismoDispositionTypes[r.disposition],
      _DocketIdentifier: r.docket,
      _FiledDate: filed,
      _LegalObligationAmount: r.liabilities.toFixed(0),
      _ReportedDate: addDays(filed, 45),
      _Type: mismoPublicRecordTypes[r.type],
      _DerogatoryDataIndicator: 'Y',
    });
  });

  const inquiries = Array.from({ length: inquiryCount }, (_, i) => {
    const [name, business] = rng.pick(inquirers);
    return el('CREDIT_INQUIRY', {
      CreditInquiryID: `INQ${String(i + 1).padStart(3, '0')}`,
      BorrowerID: 'B1',
      CreditFileID: fileId,
      _Name: name,
      _Date: addDays(asOf, -rng.int(5, 700)),
      CreditBusinessType: business,
      _PurposeType: 'Other',
    });
  });

  const alerts: XmlNode[] = [];
  const screens = bureauScreenNames[bureau];
  if (person.case === 'ofac')
    alerts.push(
      el(
        '_ALERT_MESSAGE',
        {
          _CategoryType: 'Other',
          _CategoryTypeOtherDescription: 'OFAC',
          _Type: 'Other',
          _TypeOtherDescription: screens.ofac,
          _Code: 'OFAC1',
        },
        [
          textEl(
            '_Text',
            `OFAC SEARCH: POSSIBLE MATCH. INPUT NAME ${first} ${last} IS SIMILAR TO A NAME ON THE OFAC SDN LIST. VERIFY IDENTITY BEFORE PROCEEDING.`,
          ),
        ],
      ),
    );
  if (person.case === 'mla')
    alerts.push(
      el(
        '_ALERT_MESSAGE',
        {
          _CategoryType: 'Other',
          _CategoryTypeOtherDescription: 'MilitaryLendingAct',
          _Type: 'Other',
          _TypeOtherDescription: 'MLACoveredBorrowerStatus',
          _Code: 'MLA1',
        },
        [
          textEl(
            '_Text',
            'MILITARY LENDING ACT: COVERED BORROWER. 36% MAPR LIMIT AND MLA DISCLOSURES APPLY (32 CFR PART 232).',
          ),
        ],
      ),
    );
  if (person.case === 'fraudAlert')
    alerts.push(
      el(
        '_ALERT_MESSAGE',
        {
          _CategoryType: 'FACTAFraudVictimInitial',
          _Type: 'Other',
          _TypeOtherDescription: screens.fraud,
          _Code: 'FA1',
        },
        [
          textEl(
            '_Text',
            `INITIAL FRAUD ALERT: ACTION MAY BE REQUIRED UNDER FCRA BEFORE OPENING OR MODIFYING AN ACCOUNT. CONTACT CONSUMER AT (555) 01${rng.digits(2)}-${rng.digits(4)}.`,
          ),
        ],
      ),
    );

  const fileResult =
    person.case === 'noRecord'
      ? mismoFileResults.noHit
      : person.case === 'frozen'
        ? mismoFileResults.frozen
        : mismoFileResults.returned;
  const fileError =
    person.case === 'noRecord'
      ? el('CREDIT_ERROR_MESSAGE', { _SourceType: bureau, _Code: 'NH01' }, [
          textEl(
            '_Text',
            `NO RECORD FOUND AT ${bureau.toUpperCase()} FOR THE SUBJECT AS SUBMITTED. VERIFY NAME, SSN AND CURRENT ADDRESS.`,
          ),
        ])
      : person.case === 'frozen'
        ? el('CREDIT_ERROR_MESSAGE', { _SourceType: bureau, _Code: 'SF01' }, [
            textEl(
              '_Text',
              `FILE FROZEN AT ${bureau.toUpperCase()}: A SECURITY FREEZE IS ON THE CONSUMER'S FILE. THE CONSUMER MUST LIFT THE FREEZE BEFORE A REPORT CAN BE ISSUED.`,
            ),
          ])
        : null;
  const birth = applicant.dateOfBirth;
  const address = applicant.address;
  const residence = el('_RESIDENCE', {
    _StreetAddress: [address.addressLine1, address.addressLine2].filter(Boolean).join(' ').toUpperCase(),
    _City: address.city.toUpperCase(),
    _State: address.state.toUpperCase(),
    _PostalCode: address.zip,
    BorrowerResidencyType: 'Current',
  });
  const counts = {
    TotTrds: tradelines.length,
    OpenTrds: tradelines.filter((t) => t.accountStatus === 'Open').length,
    RevTrds: tradelines.filter((t) => products[t.product].portfolio === 'REVOLVING').length,
    InstTrds: tradelines.filter((t) => products[t.product].portfolio === 'INSTALLMENT').length,
    MortTrds: tradelines.filter((t) => products[t.product].portfolio === 'MORTGAGE').length,
    NumberOfPublicRecords: person.publicRecords.length,
    NumberOfInquiries: inquiryCount,
  };
  const responseTime = pulledAt.toISOString().slice(0, 19);
  const root = el('RESPONSE_GROUP', { MISMOVersionID: MISMO_VERSION }, [
    el('RESPONDING_PARTY', { _Name: 'CREDENCE SANDBOX CREDIT SERVICES', _City: 'DENVER', _State: 'CO' }),
    el('RESPOND_TO_PARTY', { _Name: 'CREDENCE' }),
    el('RESPONSE', { ResponseDateTime: responseTime }, [
      el('RESPONSE_DATA', {}, [
        el(
          'CREDIT_RESPONSE',
          {
            MISMOVersionID: MISMO_VERSION,
            CreditResponseID: `CR${pull.digits(8)}`,
            CreditReportIdentifier: reportId,
            CreditReportFirstIssuedDate: responseTime,
            CreditReportType: 'Merge',
            CreditRatingCodeType: bureau,
          },
          [
            el('CREDIT_BUREAU', { _Name: `${bureau.toUpperCase()} (CREDENCE SANDBOX)` }),
            el(
              'CREDIT_REPOSITORY_INCLUDED',
              indicators((b) => (b === bureau ? 'Y' : 'N')),
            ),
            el(
              'CREDIT_FROZEN_STATUS',
              indicators((b) => (b === bureau && person.case === 'frozen' ? 'Y' : 'N')),
            ),
            el(
              'CREDIT_REQUEST_DATA',
              {
                CreditRequestID: request.requestId ?? null,
                BorrowerID: 'B1',
                CreditReportIdentifier: request.previousCreditReportId ?? null,
                CreditReportRequestActionType: request.previousCreditReportId ? 'ForceNew' : 'Submit',
                CreditReportType: 'Merge',
                CreditRequestType: 'Individual',
              },
              [
                el(
                  'CREDIT_REPOSITORY_INCLUDED',
                  indicators((b) => (b === bureau ? 'Y' : 'N')),
                ),
              ],
            ),
            noFile
              ? null
              : el(
                  'CREDIT_SUMMARY',
                  { _Name: 'AttributeSummary' },
                  Object.entries(counts).map(([name, value]) => el('_DATA_SET', { _Name: name, _Value: value })),
                ),
            el(
              'BORROWER',
              {
                BorrowerID: 'B1',
                _FirstName: first,
                _LastName: last,
                _UnparsedName: `${first} ${last}`,
                _BirthDate: birth,
                _SSN: ssn,
                _PrintPositionType: 'Borrower',
              },
              [residence],
            ),
            ...liabilities,
            ...publicRecords,
            ...inquiries,
            el(
              'CREDIT_FILE',
              {
                CreditFileID: fileId,
                BorrowerID: 'B1',
                CreditRepositorySourceType: bureau,
                _InfileDate: noFile ? null : infileDate,
                _ResultStatusType: fileResult,
              },
              [
                ...alerts,
                fileError,
                noFile
                  ? null
                  : el(
                      '_BORROWER',
                      {
                        _FirstName: first,
                        _LastName: last,
                        _UnparsedName: `${last},${first}`,
                        _BirthDate: birth,
                        _SSN: ssn,
                      },
                      [residence],
                    ),
              ],
            ),
            el('CREDIT_CONSUMER_REFERRAL', consumerReferral[bureau]),
            ...scores.map((s, i) =>
              el(
                'CREDIT_SCORE',
                {
                  CreditScoreID: `SCORE${String(i + 1).padStart(3, '0')}`,
                  BorrowerID: 'B1',
                  CreditFileID: fileId,
                  CreditReportIdentifier: reportId,
                  CreditRepositorySourceType: bureau,
                  _Date: asOf,
                  _ModelNameType: 'Other',
                  _ModelNameTypeOtherDescription: `${bureau}${mismoScoreModelNames[s.model]}`,
                  _Value: s.value,
                  _ExclusionReasonType: s.exclusion,
                  _FACTAInquiriesIndicator: view.inquiries > 3 ? 'Y' : 'N',
                },
                s.factors.map((f) => el('_FACTOR', { _Code: f.code, _Text: f.text })),
              ),
            ),
          ],
        ),
      ]),
      el('STATUS', { _Condition: 'Success', _Code: 'S0010', _Description: 'REPORT COMPLETE' }),
    ]),
  ]);
  return renderXmlDocument(root);
};

/** The sandbox provider of one bureau; `clock` gives the pull time (tests pin it). */
export const createSandboxBureau = (
  bureau: CreditBureau,
  clock: () => Date = () => new Date(),
): CreditBureauProvider => ({
  bureau,
  name: `${bureau} (sandbox)`,
  pull: async (request) => {
    if (request.bureau !== bureau)
      throw new BureauError('invalidRequest', `This provider pulls ${bureau}, not ${request.bureau}.`, bureau);
    const pulledAt = clock();
    const rawXml = sandboxCreditResponseXml(request, pulledAt);
    const result: BureauPullResult = { rawXml, report: parseMismoCreditResponse(rawXml, { bureau, pulledAt }) };
    return result;
  },
});
