import { z } from 'zod';
import { idSchema } from './applications/common.ts';
import { endpoint } from './kit/endpoint.ts';
import { sortOrderSchema, type SortOrder } from './kit/list.ts';
import { applicationStateTexts } from './application-state-texts.ts';
import { dateSchema } from './primitives.ts';
import { pipelineQueues } from './widgets.ts';

/**
 * The Reports area (issue 33; spec 1 lists /reports with its guard 'not shown'): what a credit union's lending
 * manager and compliance officer read, from the data Credence already holds. Designed here:
 *
 * - One right, `canViewReports`: the menu entry, the route and every report call need it. The demo gives it to the
 *   Administrator and Lender Administrator roles, not to loan officers and processors — the reports show the whole
 *   lender's production per officer and branch and the Regulation B register, which is management and compliance
 *   information; a lender grants it to any other role it wants.
 * - One declaration per report (`defineReport`): its filters, its columns (the grid and the CSV read the same
 *   list), its row and totals shapes and its sort fields. The server adds the SQL of the rows, the totals and the
 *   chart (apps/server/src/modules/reports). Each report is two calls: `GET /api/reports/{report}` (a page of rows,
 *   the total row count, the totals of every filtered row and the chart) and `GET /api/reports/{report}/csv`
 *   (every filtered row, in the page's order).
 * - Filters, shared: a period (From and To dates, both included, read in the lender's time zone; what the dates
 *   select is the report's `periodField`), loan product, branch, dealer, channel (direct or indirect) and officer.
 *   The officer of an application is its owner (who created it: My Queue's rule); its branch is that officer's
 *   branch at the lender (Administration › Users), as Credence records no branch on the application itself.
 *   Without dates the period is the last REPORT_DEFAULT_DAYS days up to the lender's today.
 * - Money is summed by PostgreSQL over the numeric columns and crosses the wire as decimal strings; rates and
 *   averages are rounded by PostgreSQL too, so the figures are the records' to the cent.
 */
export const REPORT_RIGHT = 'canViewReports' as const;
const access = { right: REPORT_RIGHT } as const;

/** The period when none is asked for: the last 180 days, today included. */
export const REPORT_DEFAULT_DAYS = 180;
/** The longest period a report reads (about ten years, as the dashboard's custom period). */
export const REPORT_MAX_DAYS = 3660;
/** The largest page of rows. */
export const REPORT_TAKE_MAX = 500;

export const reportMessages = {
  title: 'Reports',
  intro: 'Figures are computed from the records when you open a report; dates are in the lender’s time zone.',
  fromAfterTo: 'The start date must be on or before the end date.',
  periodTooLong: `The period may be at most ${REPORT_MAX_DAYS} days.`,
  exportCsv: 'Export CSV',
  exportFailed: 'The CSV export failed. Please try again.',
  clearFilters: 'Clear filters',
  total: 'Total',
  noRows: 'Nothing matches these filters in this period.',
  loadFailed: 'The report could not be loaded.',
  allProducts: 'All products',
  allBranches: 'All branches',
  allDealers: 'All dealers',
  allChannels: 'All channels',
  allOfficers: 'All officers',
  noDealer: 'Direct (no dealer)',
  noBranch: 'No branch',
  noOfficer: 'No officer',
} as const;

/* -------------------------------------------------------------------------------------------- the filters */

export const reportChannels = ['direct', 'indirect'] as const;
export const reportChannelLabels: Record<(typeof reportChannels)[number], string> = {
  direct: 'Direct',
  indirect: 'Indirect',
};

/** The shared filters of every report (the query string). Ids are digits only, as in a path. */
export const reportFilterShape = {
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  productId: idSchema.optional(),
  branchId: idSchema.optional(),
  dealerId: idSchema.optional(),
  channel: z.enum(reportChannels).optional(),
  officerId: idSchema.optional(),
};
export type ReportFilters = {
  from?: string | undefined;
  to?: string | undefined;
  productId?: number | undefined;
  branchId?: number | undefined;
  dealerId?: number | undefined;
  channel?: (typeof reportChannels)[number] | undefined;
  officerId?: number | undefined;
};

/** How a column's values are written (the grid formats them, the CSV writes them): all but counts are text. */
export type ReportColumnType =
  /** Free text. */
  | 'text'
  /** A whole number (JSON number). */
  | 'count'
  /** Money: a decimal string with two decimals. */
  | 'money'
  /** A rate in percent, a decimal string ("6.490"). */
  | 'rate'
  /** A decimal string (an average term in months). */
  | 'decimal'
  /** A share in percent, a decimal string ("73.55"). */
  | 'percent'
  /** A calendar date in the lender's zone, YYYY-MM-DD (MM/dd/yyyy on screen and in the CSV). */
  | 'date'
  /** An application id (a link to the application on screen). */
  | 'applicationId';

export type ReportColumn<F extends string = string> = {
  field: F;
  header: string;
  type: ReportColumnType;
  sortable: boolean;
  /** For people: what the figure is (the grid's header tooltip). */
  description?: string;
  /** A coded value's text (a queue, a state, a kind): the grid and the CSV show the text, the row keeps the code. */
  labels?: Readonly<Record<string, string>>;
};

/** One series of a chart; values are decimal strings (money stays exact; the chart reads them as numbers). */
export const reportChartSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** 'percent': a share in percent, a decimal string ("62.50"). */
  unit: z.enum(['count', 'money', 'percent']),
  /** Series with the same stack are drawn on top of one another. */
  stack: z.string().nullable(),
  data: z.array(z.string()),
});
export const reportChartSchema = z.object({
  kind: z.enum(['bar', 'line']),
  /** Bars along the vertical axis (long category names, e.g. products). */
  horizontal: z.boolean(),
  title: z.string(),
  categories: z.array(z.string()),
  series: z.array(reportChartSeriesSchema),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

/** A control of the filter bar: the shared ones, and those a report adds (its own query fields). */
export type ReportFilterControl = 'product' | 'branch' | 'dealer' | 'channel' | 'officer';

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);

type Shape = Record<string, z.ZodType>;

/**
 * A report's declaration. `query` is what it adds to the shared filters; `columns` are its grid's and its CSV's
 * columns, in order (the sortable ones are the `sort` values the call accepts).
 */
export type ReportSpec<K extends string, Extra extends Shape, Row extends Shape, Totals extends Shape> = {
  key: K;
  title: string;
  description: string;
  /** What the From and To dates select ('Submitted', 'Funded', 'Decided'). */
  periodField: string;
  controls: readonly ReportFilterControl[];
  query: Extra;
  row: Row;
  totals: Totals;
  columns: readonly ReportColumn<Extract<keyof Row, string>>[];
  defaultSort: { field: Extract<keyof Row, string>; order: SortOrder };
  /** Shown on the reports list (a drill-down reached from another report is not). */
  listed: boolean;
};

/** The period a report covered (the defaults filled in) and the lender's today. */
const periodSchema = z.object({ from: z.string(), to: z.string(), today: z.string() });

const pagingShape = (sortFields: readonly [string, ...string[]]) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  take: z.coerce.number().int().min(1).max(REPORT_TAKE_MAX).default(25),
  sort: z.enum(sortFields).optional(),
  order: sortOrderSchema.optional(),
});

export const defineReport = <K extends string, Extra extends Shape, Row extends Shape, Totals extends Shape>(
  spec: ReportSpec<K, Extra, Row, Totals>,
) => {
  const sortFields = spec.columns.filter((c) => c.sortable).map((c) => c.field) as unknown as [string, ...string[]];
  const rowSchema = z.object(spec.row);
  const totalsSchema = z.object(spec.totals);
  const pageQuery = z.object({ ...reportFilterShape, ...spec.query, ...pagingShape(sortFields) });
  const csvQuery = z.object({
    ...reportFilterShape,
    ...spec.query,
    sort: z.enum(sortFields).optional(),
    order: sortOrderSchema.optional(),
  });
  const response = z.object({
    period: periodSchema,
    rows: z.array(rowSchema),
    /** How many rows match (every page). */
    total: z.number().int(),
    /** The figures of every matching row, not only the page's. */
    totals: totalsSchema,
    chart: reportChartSchema,
  });
  return {
    ...spec,
    sortFields,
    rowSchema,
    totalsSchema,
    pageQuery,
    csvQuery,
    response,
    endpoints: {
      get: endpoint({
        method: 'GET',
        path: `/api/reports/${spec.key}`,
        access,
        tag: 'reports',
        summary: `${spec.title}: a page of rows, the row count, the totals of every filtered row and the chart`,
        query: pageQuery,
        response,
      }),
      csv: endpoint({
        method: 'GET',
        path: `/api/reports/${spec.key}/csv`,
        access,
        tag: 'reports',
        summary: `${spec.title}: every filtered row as CSV (text/csv, UTF-8 with a byte order mark, formula cells neutralised), in the page's order`,
        query: csvQuery,
        response: z.string(),
      }),
    },
  };
};
export type ReportDeclaration = ReturnType<typeof defineReport<string, Shape, Shape, Shape>>;

/* ---------------------------------------------------------------------------------------------- pipeline */

/** The ageing buckets of the pipeline: whole days since submission in the lender's zone. */
export const pipelineAgeBuckets = [
  { field: 'days0to7', header: '0–7 days', min: 0, max: 7 },
  { field: 'days8to30', header: '8–30 days', min: 8, max: 30 },
  { field: 'days31to60', header: '31–60 days', min: 31, max: 60 },
  { field: 'over60', header: 'Over 60 days', min: 61, max: null },
] as const;

/** A queue as the side menu names it ('Pending Decision'). */
export const pipelineQueueLabels: Record<(typeof pipelineQueues)[number], string> = {
  creditQueue: 'Credit',
  decisionQueue: 'Decision',
  pendingDecisionQueue: 'Pending Decision',
  requirementsQueue: 'Requirements',
  fundingQueue: 'Funding',
};

const pipelineCounts = {
  count: z.number().int(),
  days0to7: z.number().int(),
  days8to30: z.number().int(),
  days31to60: z.number().int(),
  over60: z.number().int(),
  amount: moneyText,
};

/**
 * 1. Pipeline: the open applications (those in a work queue) submitted in the period, by queue and state, with
 * their age since submission in buckets and their estimated amount financed; a row opens its queue. The chart is the
 * flow of the period, per week (per month past a year): applications submitted, first credit decisions (approve,
 * counter-offer or decline; a pending or cancel is not one) and loans funded.
 */
export const pipelineReport = defineReport({
  key: 'pipeline',
  title: 'Pipeline',
  description:
    'Open applications by queue and state with their age, and the weekly flow of submissions, decisions and fundings.',
  periodField: 'Submitted',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: {},
  row: {
    /** The queue page the row opens (/{queue}). */
    queue: z.enum(pipelineQueues),
    state: z.string(),
    ...pipelineCounts,
    oldestDays: z.number().int(),
  },
  totals: pipelineCounts,
  columns: [
    { field: 'queue', header: 'Queue', type: 'text', sortable: true, labels: pipelineQueueLabels },
    { field: 'state', header: 'State', type: 'text', sortable: true, labels: applicationStateTexts },
    ...pipelineAgeBuckets.map((b) => ({ field: b.field, header: b.header, type: 'count' as const, sortable: true })),
    { field: 'count', header: 'Applications', type: 'count', sortable: true },
    {
      field: 'amount',
      header: 'Amount',
      type: 'money',
      sortable: true,
      description: 'The estimated amount financed of the applications',
    },
    { field: 'oldestDays', header: 'Oldest, days', type: 'count', sortable: true },
  ],
  defaultSort: { field: 'queue', order: 'asc' },
  listed: true,
});

/* ------------------------------------------------------------------------------------------ funded loans */

export const fundedGroupings = ['product', 'branch', 'dealer', 'officer'] as const;
export type FundedGrouping = (typeof fundedGroupings)[number];
export const fundedGroupingLabels: Record<FundedGrouping, string> = {
  product: 'Loan product',
  branch: 'Branch',
  dealer: 'Dealer',
  officer: 'Officer',
};

/** The figures of a set of funded loans: averages weighted by the amount funded. */
const fundedFigures = {
  count: z.number().int(),
  amount: moneyText,
  /** Σ(amount × rate) / Σ amount, three decimals (percent). */
  rate: decimalText.nullable(),
  /** Σ(amount × term) / Σ amount, one decimal (months). */
  term: decimalText.nullable(),
  /** Σ(amount × score) / Σ amount over the loans with a score, whole. */
  score: z.number().int().nullable(),
};
const fundedFigureColumns = [
  { field: 'count', header: 'Loans', type: 'count', sortable: true },
  { field: 'amount', header: 'Amount funded', type: 'money', sortable: true },
  {
    field: 'rate',
    header: 'Avg rate',
    type: 'rate',
    sortable: true,
    description: 'Average interest rate weighted by the amount funded',
  },
  {
    field: 'term',
    header: 'Avg term (months)',
    type: 'decimal',
    sortable: true,
    description: 'Average term weighted by the amount funded',
  },
  {
    field: 'score',
    header: 'Avg score',
    type: 'count',
    sortable: true,
    description:
      'Average credit score (the applicants’ average) weighted by the amount funded, over the loans with a score',
  },
] as const;

/**
 * 2. Funded loans: the loans funded in the period (and not reversed), grouped by loan product, branch, dealer or
 * officer: count, amount, and averages of rate, term and score weighted by the amount; a row opens the loans behind
 * it (the Funded loan list with the group's filter).
 */
export const fundedLoansReport = defineReport({
  key: 'fundedLoans',
  title: 'Funded loans',
  description:
    'Loans funded by product, branch, dealer or officer: count, amount and weighted average rate, term and score.',
  periodField: 'Funded',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: { groupBy: z.enum(fundedGroupings).default('product') },
  row: {
    /** The group's id (product, branch, dealer or officer); null for loans without one (a direct loan's dealer). */
    groupId: z.number().int().nullable(),
    name: z.string(),
    ...fundedFigures,
    /** The group's share of the amount funded, percent with two decimals. */
    share: decimalText.nullable(),
  },
  totals: fundedFigures,
  columns: [
    { field: 'name', header: 'Group', type: 'text', sortable: true },
    ...fundedFigureColumns,
    { field: 'share', header: 'Share of amount', type: 'percent', sortable: true },
  ],
  defaultSort: { field: 'amount', order: 'desc' },
  listed: true,
});

/** The loans behind the Funded loans figures: each funded loan with its terms; a row opens the application. */
export const fundedLoanListReport = defineReport({
  key: 'fundedLoanList',
  title: 'Funded loan list',
  description: 'Every loan funded in the period with its amount, rate, term and score.',
  periodField: 'Funded',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: {},
  row: {
    applicationId: z.number().int(),
    applicantName: z.string().nullable(),
    productName: z.string(),
    dealerName: z.string().nullable(),
    officerName: z.string().nullable(),
    branchName: z.string().nullable(),
    channel: z.string(),
    fundedDate: z.string(),
    amount: moneyText,
    rate: decimalText,
    term: z.number().int(),
    score: z.number().int().nullable(),
  },
  totals: fundedFigures,
  // The loan and its figures first, then where it came from.
  columns: [
    { field: 'applicationId', header: 'Application', type: 'applicationId', sortable: true },
    { field: 'applicantName', header: 'Applicant', type: 'text', sortable: true },
    { field: 'fundedDate', header: 'Funded', type: 'date', sortable: true },
    { field: 'amount', header: 'Amount funded', type: 'money', sortable: true },
    { field: 'rate', header: 'Rate', type: 'rate', sortable: true },
    { field: 'term', header: 'Term (months)', type: 'count', sortable: true },
    { field: 'score', header: 'Score', type: 'count', sortable: true },
    { field: 'productName', header: 'Loan product', type: 'text', sortable: true },
    { field: 'dealerName', header: 'Dealer', type: 'text', sortable: true },
    { field: 'officerName', header: 'Officer', type: 'text', sortable: true },
    { field: 'branchName', header: 'Branch', type: 'text', sortable: true },
    { field: 'channel', header: 'Channel', type: 'text', sortable: true },
  ],
  defaultSort: { field: 'fundedDate', order: 'desc' },
  listed: false,
});

/* ------------------------------------------------------------------------------- adverse action register */

/**
 * 5. Adverse action register (Regulation B, 12 CFR 1002.9): the applications that need a notice of action taken
 * because credit was not extended on the terms asked, with the date the notice is due.
 *
 * §1002.9(a)(1): a creditor notifies an applicant of action taken within
 *   (i) 30 days after receiving a completed application concerning its approval of, counteroffer to, or adverse
 *       action on the application;
 *   (ii) 30 days after taking adverse action on an incomplete application, unless notice is provided in accordance
 *       with §1002.9(c) (a notice of incompleteness);
 *   (iv) 90 days after notifying the applicant of a counteroffer if the applicant does not expressly accept or use
 *       the credit offered.
 * Official comment 9-2: an application the applicant expressly withdraws needs no notice.
 *
 * So, by kind (the application's current decision, the latest of its receipt, not retracted):
 * - `declined`: a decline — due 30 days after the completed application was received. Credence does not record the
 *   moment an application became complete, so the register counts from its submission (the day it was created, in
 *   the lender's zone): the earliest day it could have been complete, so a notice is never shown due later than the
 *   rule allows.
 * - `incomplete`: a decline or a cancellation for incompleteness (a reason whose text says "incomplete": form C-1's
 *   "Credit application incomplete", a cancel reason such as "Incomplete – no response") — due 30 days after that
 *   decision (ii).
 * - `counteroffer`: a counter-offer the applicant has not accepted (the application is still counter-offered, not
 *   funded) — due 90 days after the counter-offer (iv). A lender that sends the combined counter-offer and adverse
 *   action notice (form C-4) within 30 days needs no second notice (comment 9(a)(1)-6); Credence prints no such
 *   notice yet, so the register counts the 90 days.
 * Other cancellations (withdrawn, duplicate, financed elsewhere, vehicle not purchased) are not listed.
 *
 * The notice is the adverse action letter of the Letters area (printed from the decision worksheet, kept among the
 * application's files and its history), and beside it the credit score disclosure (FCRA §615(a)/§609(g)); the
 * register shows when each was first printed after the decision. Status: produced (on time or late, against the due
 * date), or not produced — overdue (the due date has passed), due within 7 days (today to today + 7), or due later.
 */
export const adverseActionKinds = ['declined', 'counteroffer', 'incomplete'] as const;
export type AdverseActionKind = (typeof adverseActionKinds)[number];
export const adverseActionKindLabels: Record<AdverseActionKind, string> = {
  declined: 'Declined',
  counteroffer: 'Counteroffer not accepted',
  incomplete: 'Incomplete',
};
/** Days from the start of the clock (see above) to the due date. */
export const adverseActionDueDays: Record<AdverseActionKind, number> = {
  declined: 30,
  counteroffer: 90,
  incomplete: 30,
};
/** 'Due within 7 days': not produced and due from today to today + 7. */
export const ADVERSE_DUE_SOON_DAYS = 7;

export const adverseActionStatuses = ['overdue', 'dueSoon', 'dueLater', 'producedOnTime', 'producedLate'] as const;
export type AdverseActionStatus = (typeof adverseActionStatuses)[number];
export const adverseActionStatusLabels: Record<AdverseActionStatus, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due within 7 days',
  dueLater: 'Due later',
  producedOnTime: 'Produced on time',
  producedLate: 'Produced late',
};
/** The register's views: every row, or one group of statuses. */
export const adverseActionViews = ['all', 'outstanding', 'overdue', 'dueSoon', 'produced'] as const;
export type AdverseActionView = (typeof adverseActionViews)[number];
export const adverseActionViewLabels: Record<AdverseActionView, string> = {
  all: 'All notices',
  outstanding: 'Not produced',
  overdue: 'Overdue',
  dueSoon: 'Due within 7 days',
  produced: 'Produced',
};

const adverseTotals = {
  count: z.number().int(),
  declined: z.number().int(),
  counteroffer: z.number().int(),
  incomplete: z.number().int(),
  overdue: z.number().int(),
  dueSoon: z.number().int(),
  dueLater: z.number().int(),
  producedOnTime: z.number().int(),
  producedLate: z.number().int(),
};

export const adverseActionsReport = defineReport({
  key: 'adverseActions',
  title: 'Adverse action register',
  description:
    'Declined, incomplete and unaccepted counteroffer applications with the Regulation B notice due date and whether the notice was produced.',
  periodField: 'Decided',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: {
    kind: z.enum(adverseActionKinds).optional(),
    view: z.enum(adverseActionViews).default('all'),
  },
  row: {
    applicationId: z.number().int(),
    applicantName: z.string().nullable(),
    productName: z.string(),
    kind: z.enum(adverseActionKinds),
    decidedDate: z.string(),
    decidedBy: z.string().nullable(),
    /** The day the notice's clock starts: submission (declined) or the decision (incomplete, counteroffer). */
    clockStart: z.string(),
    dueDate: z.string(),
    /** Days from the lender's today to the due date (negative: past it). */
    daysLeft: z.number().int(),
    noticeDate: z.string().nullable(),
    disclosureDate: z.string().nullable(),
    status: z.enum(adverseActionStatuses),
    reasons: z.string(),
  },
  totals: adverseTotals,
  // What a compliance officer reads first (the notice, its due date and status) before the decision's details.
  columns: [
    { field: 'applicationId', header: 'Application', type: 'applicationId', sortable: true },
    { field: 'applicantName', header: 'Applicant', type: 'text', sortable: true },
    { field: 'kind', header: 'Action', type: 'text', sortable: true, labels: adverseActionKindLabels },
    {
      field: 'dueDate',
      header: 'Notice due',
      type: 'date',
      sortable: true,
      description:
        'Regulation B §1002.9(a)(1): 30 days after the completed application (declined), 30 days after the decision (incomplete), 90 days after an unaccepted counteroffer',
    },
    { field: 'daysLeft', header: 'Days left', type: 'count', sortable: true },
    { field: 'status', header: 'Status', type: 'text', sortable: true, labels: adverseActionStatusLabels },
    { field: 'noticeDate', header: 'Notice produced', type: 'date', sortable: true },
    { field: 'disclosureDate', header: 'Score disclosure', type: 'date', sortable: true },
    { field: 'decidedDate', header: 'Decided', type: 'date', sortable: true },
    { field: 'decidedBy', header: 'Decided by', type: 'text', sortable: true },
    { field: 'productName', header: 'Loan product', type: 'text', sortable: true },
    { field: 'reasons', header: 'Reasons', type: 'text', sortable: false },
  ],
  defaultSort: { field: 'dueDate', order: 'asc' },
  listed: true,
});

/* -------------------------------------------------------------------------------- decisions and turn times */

export const decisionGroupings = ['product', 'branch', 'officer', 'channel'] as const;
export type DecisionGrouping = (typeof decisionGroupings)[number];
export const decisionGroupingLabels: Record<DecisionGrouping, string> = {
  product: 'Loan product',
  branch: 'Branch',
  officer: 'Officer',
  channel: 'Channel',
};

/**
 * The figures of a set of applications' decisions. Each is counted by its own event in the period, with the
 * definitions of the dashboard's Turn Times widget (issue 32, `modules/widgets`):
 * - decisions: the credit decisions (approve, counter-offer, decline; not pending or cancel, not retractions) made
 *   in the period — every one, a re-decision too; the rates are their shares, percent with two decimals;
 * - auto-decided: the share of those decisions made by the decision engine (source auto) rather than by a person;
 * - submission to decision: hours from the application's creation to its first decision (its first receipt row of
 *   any type, as the widget), for first decisions made in the period; median and 90th percentile, one decimal;
 * - approval to funding: hours from the approval a loan funds to its funding, for loans funded in the period;
 * - pull-through: of the applications first approved or counter-offered in the period, the share funded now.
 */
const decisionFigures = {
  decisions: z.number().int(),
  approved: z.number().int(),
  counteroffered: z.number().int(),
  declined: z.number().int(),
  approvalRate: decimalText.nullable(),
  counterofferRate: decimalText.nullable(),
  declineRate: decimalText.nullable(),
  autoShare: decimalText.nullable(),
  decisionHoursMedian: decimalText.nullable(),
  decisionHoursP90: decimalText.nullable(),
  fundingHoursMedian: decimalText.nullable(),
  fundingHoursP90: decimalText.nullable(),
  firstApproved: z.number().int(),
  funded: z.number().int(),
  pullThrough: decimalText.nullable(),
};

export const decisionsReport = defineReport({
  key: 'decisions',
  title: 'Decisions and turn times',
  description:
    'Approval, counteroffer and decline rates, the auto-decided share, turn times from submission to decision and approval to funding, and pull-through.',
  periodField: 'Decided',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: { groupBy: z.enum(decisionGroupings).default('product') },
  row: {
    /** The product, branch or officer id; null for a channel or a group without one. */
    groupId: z.number().int().nullable(),
    name: z.string(),
    ...decisionFigures,
  },
  totals: decisionFigures,
  columns: [
    { field: 'name', header: 'Group', type: 'text', sortable: true },
    {
      field: 'decisions',
      header: 'Decisions',
      type: 'count',
      sortable: true,
      description: 'Approve, counteroffer and decline decisions made in the period (re-decisions included)',
    },
    { field: 'approvalRate', header: 'Approved', type: 'percent', sortable: true },
    { field: 'counterofferRate', header: 'Counteroffered', type: 'percent', sortable: true },
    { field: 'declineRate', header: 'Declined', type: 'percent', sortable: true },
    {
      field: 'autoShare',
      header: 'Auto-decided',
      type: 'percent',
      sortable: true,
      description: 'The share of the decisions made by the decision engine',
    },
    {
      field: 'decisionHoursMedian',
      header: 'To decision, median h',
      type: 'decimal',
      sortable: true,
      description: 'Hours from submission to the first decision, for first decisions made in the period',
    },
    { field: 'decisionHoursP90', header: 'To decision, p90 h', type: 'decimal', sortable: true },
    {
      field: 'fundingHoursMedian',
      header: 'To funding, median h',
      type: 'decimal',
      sortable: true,
      description: 'Hours from the approval a loan funds to its funding, for loans funded in the period',
    },
    { field: 'fundingHoursP90', header: 'To funding, p90 h', type: 'decimal', sortable: true },
    {
      field: 'pullThrough',
      header: 'Pull-through',
      type: 'percent',
      sortable: true,
      description: 'Of the applications first approved or counteroffered in the period, the share funded',
    },
  ],
  defaultSort: { field: 'decisions', order: 'desc' },
  listed: true,
});

/* -------------------------------------------------------------------------------------- policy exceptions */

/**
 * 4. Policy exceptions: what an examiner samples first. Each row is one exception made in the period:
 * - `policyException`: a decision outside the policy — approved or countered although the policy declines, or an
 *   amount above its maximum, a term outside its terms, a rate below its rate (issue 29, item 5) — recorded with the
 *   override reason and the user who made it (the receipt's `policyException`, only with `canOverridePolicy`);
 * - `waiver`: a stipulation (funding requirement) waived, with the waive reason, who and when.
 */
export const policyExceptionKinds = ['policyException', 'waiver'] as const;
export type PolicyExceptionKind = (typeof policyExceptionKinds)[number];
export const policyExceptionKindLabels: Record<PolicyExceptionKind, string> = {
  policyException: 'Decision outside policy',
  waiver: 'Stipulation waived',
};

const exceptionTotals = {
  count: z.number().int(),
  policyException: z.number().int(),
  waiver: z.number().int(),
};

export const policyExceptionsReport = defineReport({
  key: 'policyExceptions',
  title: 'Policy exceptions',
  description:
    'Decisions made outside policy with the override reason, and stipulations waived, by officer and product.',
  periodField: 'Made',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: { kind: z.enum(policyExceptionKinds).optional() },
  row: {
    /** The decision's or the requirement's id with the kind: unique per row. */
    key: z.string(),
    applicationId: z.number().int(),
    applicantName: z.string().nullable(),
    kind: z.enum(policyExceptionKinds),
    date: z.string(),
    /** Who made the exception (decided outside policy or waived). */
    madeBy: z.string().nullable(),
    /** What was excepted: the limits passed, or the stipulation waived. */
    detail: z.string(),
    reason: z.string().nullable(),
    officerName: z.string().nullable(),
    productName: z.string(),
  },
  totals: exceptionTotals,
  columns: [
    { field: 'applicationId', header: 'Application', type: 'applicationId', sortable: true },
    { field: 'applicantName', header: 'Applicant', type: 'text', sortable: true },
    { field: 'kind', header: 'Kind', type: 'text', sortable: true, labels: policyExceptionKindLabels },
    { field: 'date', header: 'Date', type: 'date', sortable: true },
    { field: 'madeBy', header: 'Made by', type: 'text', sortable: true },
    { field: 'detail', header: 'Exception', type: 'text', sortable: false },
    { field: 'reason', header: 'Reason', type: 'text', sortable: false },
    { field: 'officerName', header: 'Officer', type: 'text', sortable: true },
    { field: 'productName', header: 'Loan product', type: 'text', sortable: true },
  ],
  defaultSort: { field: 'date', order: 'desc' },
  listed: true,
});

/* ------------------------------------------------------------------------------------- add-on penetration */

/** Add-on penetration: every add-on over all the funded loans, or per group and add-on. */
export const addonGroupings = ['none', 'dealer', 'officer', 'product', 'branch'] as const;
export type AddonGrouping = (typeof addonGroupings)[number];
export const addonGroupingLabels: Record<AddonGrouping, string> = {
  none: 'Add-on only',
  dealer: 'Dealer',
  officer: 'Officer',
  product: 'Loan product',
  branch: 'Branch',
};
/** The group of every funded loan when the report is not grouped. */
export const ADDON_ALL_LOANS = 'All funded loans';

/**
 * 6. Add-on penetration: of the loans funded in the period (not reversed; the Funded loans report's loans), the
 * share that carry each add-on of the lender's catalogue (GAP, a service contract, credit life, credit disability,
 * debt protection, a processing fee…) and the amount it came to, over every loan or per dealer, officer, product or
 * branch.
 *
 * The source of truth is the loan's own add-ons (`loans.additions`): the funding worksheet copies them from the
 * decision of record's receipt (name, pricing, the amount on the decided amount, selected or not) when the loan is
 * saved, takes them again whenever the approval changes before funding, and books to the core exactly the selected
 * ones (the dry run's payload) — they are what the loan was funded with. Not the application's `gap`, `credit_life`…
 * money columns (the dealer's itemization before any decision, which the decision may not follow), nor the catalogue
 * (its prices change; a loan keeps its own). An add-on is named as the catalogue names it now (by its id), or as
 * the loan recorded it when the catalogue no longer has it.
 *
 * Each row is a group and an add-on offered or carried on at least one of the group's funded loans (the worksheet
 * records every add-on the product offered, selected or not, so an add-on never sold shows 0 %): the group's funded
 * loans, those carrying it (selected), the share, the amount and the average per loan carrying it. The totals: all
 * the funded loans, those carrying at least one add-on and their share, the add-ons sold and their amount, and the
 * average amount of an add-on sold.
 */
const addonFigures = {
  /** The funded loans (of the group). */
  loans: z.number().int(),
  /** The loans carrying the add-on (totals: carrying at least one). */
  withAddon: z.number().int(),
  /** withAddon / loans, percent with two decimals. */
  penetration: decimalText.nullable(),
  amount: moneyText,
  /** amount / add-ons sold, to the cent. */
  averageAmount: moneyText.nullable(),
};

export const addonPenetrationReport = defineReport({
  key: 'addonPenetration',
  title: 'Add-on penetration',
  description:
    'The share of funded loans carrying each add-on (GAP, service contract, credit life…) and its amount, by dealer, officer, product or branch.',
  periodField: 'Funded',
  controls: ['product', 'branch', 'dealer', 'channel', 'officer'],
  query: { groupBy: z.enum(addonGroupings).default('none') },
  row: {
    /** The group and the add-on: unique per row. */
    key: z.string(),
    /** The dealer, officer, product or branch id; null when not grouped or for loans without one. */
    groupId: z.number().int().nullable(),
    groupName: z.string(),
    additionId: z.number().int(),
    additionName: z.string(),
    ...addonFigures,
  },
  totals: { ...addonFigures, sold: z.number().int() },
  columns: [
    { field: 'groupName', header: 'Group', type: 'text', sortable: true },
    { field: 'additionName', header: 'Add-on', type: 'text', sortable: true },
    {
      field: 'loans',
      header: 'Funded loans',
      type: 'count',
      sortable: true,
      description: 'The loans funded in the period (of the group)',
    },
    {
      field: 'withAddon',
      header: 'With add-on',
      type: 'count',
      sortable: true,
      description: 'The funded loans carrying the add-on (total: carrying at least one add-on)',
    },
    {
      field: 'penetration',
      header: 'Penetration',
      type: 'percent',
      sortable: true,
      description: 'The share of the funded loans carrying the add-on',
    },
    {
      field: 'amount',
      header: 'Amount',
      type: 'money',
      sortable: true,
      description: 'What the add-on came to on those loans, as funded',
    },
    {
      field: 'averageAmount',
      header: 'Average',
      type: 'money',
      sortable: true,
      description: 'The average amount of the add-on per loan carrying it',
    },
  ],
  defaultSort: { field: 'groupName', order: 'asc' },
  listed: true,
});

/* --------------------------------------------------------------------------------------- dealer scorecard */

/**
 * 7. Dealer scorecard (indirect lending): per dealer, its indirect applications submitted in the period (created;
 * Credence has no draft before submission) and what became of them, as of now:
 * - applications, approved (with an approve or counter-offer decision) and funded (their loan funded and not
 *   reversed); look-to-book = funded / applications, percent;
 * - average score submitted: the applications' average credit score (the applicants' active default-model scores,
 *   as the queues show it) over those with a score; average score funded: the same over the funded ones; whole;
 * - average LTV: the amount financed over the collateral value of each application (the sum of its collaterals'
 *   values, or the request's value when none has one — the decision policy's BackEndLtv), over the applications
 *   with both, percent with two decimals;
 * - funding problems. Funding starts when the loan is saved from the funding worksheet ('Loan Saved!'); a Fund the
 *   dry run refuses (a required stipulation open, the dealer packet missing…) changes nothing and is not recorded,
 *   and a loan is only funded once every required stipulation is cleared or waived — optional ones may still be
 *   open. So a funding attempt is read from the loan: its funding (at `funded_at`), or, for a loan saved and not
 *   funded (yet, or since a reversal), the attempt it waits for now. Then:
 *   - at funding: the applications with a loan saved (a funding attempt);
 *   - stipulations waived: the applications' stipulations (funding requirements) whose status is waived;
 *   - open at funding: the stipulations open at the attempt — recorded by then and not cleared, waived or withdrawn
 *     by then (read from the stipulation's record: when it was cleared or waived, when its status last changed);
 *     for a funded loan the optional ones it was funded without, for a loan not funded those that hold it;
 *   - funding problems: the share of the applications at funding with a stipulation waived or open at funding.
 * Direct applications are not a dealer's: a direct channel filter selects nothing.
 */
const scorecardFigures = {
  applications: z.number().int(),
  approved: z.number().int(),
  funded: z.number().int(),
  lookToBook: decimalText.nullable(),
  scoreSubmitted: z.number().int().nullable(),
  scoreFunded: z.number().int().nullable(),
  ltv: decimalText.nullable(),
  atFunding: z.number().int(),
  waived: z.number().int(),
  outstandingAtFunding: z.number().int(),
  problemShare: decimalText.nullable(),
};

export const dealerScorecardReport = defineReport({
  key: 'dealerScorecard',
  title: 'Dealer scorecard',
  description:
    'Indirect applications by dealer: look-to-book, average score submitted and funded, average LTV, and funding problems (stipulations waived or outstanding at funding).',
  periodField: 'Submitted',
  controls: ['product', 'branch', 'dealer', 'officer'],
  query: {},
  row: {
    dealerId: z.number().int(),
    dealerName: z.string(),
    ...scorecardFigures,
  },
  totals: scorecardFigures,
  columns: [
    { field: 'dealerName', header: 'Dealer', type: 'text', sortable: true },
    {
      field: 'applications',
      header: 'Applications',
      type: 'count',
      sortable: true,
      description: 'Indirect applications submitted in the period',
    },
    { field: 'approved', header: 'Approved', type: 'count', sortable: true, description: 'Approved or counteroffered' },
    { field: 'funded', header: 'Funded', type: 'count', sortable: true },
    {
      field: 'lookToBook',
      header: 'Look-to-book',
      type: 'percent',
      sortable: true,
      description: 'Funded loans over applications submitted',
    },
    {
      field: 'scoreSubmitted',
      header: 'Score submitted',
      type: 'count',
      sortable: true,
      description: 'The average credit score of the applications with a score',
    },
    {
      field: 'scoreFunded',
      header: 'Score funded',
      type: 'count',
      sortable: true,
      description: 'The average credit score of the funded ones',
    },
    {
      field: 'ltv',
      header: 'Avg LTV',
      type: 'percent',
      sortable: true,
      description: 'Amount financed over collateral value, averaged over the applications with both',
    },
    {
      field: 'atFunding',
      header: 'At funding',
      type: 'count',
      sortable: true,
      description: 'Applications whose loan was saved on the funding worksheet (a funding attempt)',
    },
    { field: 'waived', header: 'Waived', type: 'count', sortable: true, description: 'Stipulations waived' },
    {
      field: 'outstandingAtFunding',
      header: 'Open at funding',
      type: 'count',
      sortable: true,
      description:
        'Stipulations not cleared or waived at the funding attempt: when the loan was funded, or now for a loan saved and not funded',
    },
    {
      field: 'problemShare',
      header: 'Funding problems',
      type: 'percent',
      sortable: true,
      description: 'The share of the applications at funding with a stipulation waived or open at funding',
    },
  ],
  defaultSort: { field: 'applications', order: 'desc' },
  listed: true,
});

/** Every report, in the order the Reports page lists them. */
export const reports = [
  pipelineReport,
  fundedLoansReport,
  fundedLoanListReport,
  decisionsReport,
  policyExceptionsReport,
  adverseActionsReport,
  addonPenetrationReport,
  dealerScorecardReport,
] as const;
export type ReportKey = (typeof reports)[number]['key'];
export const reportKeys = reports.map((r) => r.key) as ReportKey[];
export const findReport = (key: string) => reports.find((r) => r.key === key);

export type PipelineReportPage = z.infer<typeof pipelineReport.response>;
export type FundedLoansReportPage = z.infer<typeof fundedLoansReport.response>;
export type FundedLoanListReportPage = z.infer<typeof fundedLoanListReport.response>;
export type AdverseActionsReportPage = z.infer<typeof adverseActionsReport.response>;
export type DecisionsReportPage = z.infer<typeof decisionsReport.response>;
export type PolicyExceptionsReportPage = z.infer<typeof policyExceptionsReport.response>;
export type AddonPenetrationReportPage = z.infer<typeof addonPenetrationReport.response>;
export type DealerScorecardReportPage = z.infer<typeof dealerScorecardReport.response>;

/* ------------------------------------------------------------------------------------------ filter options */

const optionSchema = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const reportOptionsSchema = z.object({
  products: z.array(optionSchema),
  branches: z.array(optionSchema),
  dealers: z.array(optionSchema),
  /** The lender's users who own applications (the officer filter). */
  officers: z.array(optionSchema),
});
export type ReportOptions = z.infer<typeof reportOptionsSchema>;

export const reportOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/reports/options',
  access,
  tag: 'reports',
  summary: "The filter lists of the reports: the lender's loan products, branches, dealers and officers",
  response: reportOptionsSchema,
});
