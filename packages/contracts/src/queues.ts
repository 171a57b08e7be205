import { z } from 'zod';
import { applicationStates } from './applications/enums.ts';
import { endpoint } from './kit/endpoint.ts';
import { messages } from './messages.ts';
import { isInDateRange, textSchema } from './primitives.ts';

/**
 * Queues and the application search request (spec 1 §3). Every queue page posts the same request; the server
 * allow-lists its fields and operators against `queueColumns` and binds every value as a parameter.
 */
export const queueGridNames = [
  'myQueue',
  'sharedWithMeQueue',
  'creditQueue',
  'pendingDecisionQueue',
  'decisionQueue',
  'requirementsQueue',
  'fundingQueue',
  'allApplicationsQueue',
] as const;
export type QueueGridName = (typeof queueGridNames)[number];
export const queueGridNameSchema = z.enum(queueGridNames);

/** The page title of each built-in queue (the side menu names them as `sideMenuQueues`). */
export const queueTitles: Record<QueueGridName, string> = {
  myQueue: 'My Queue',
  sharedWithMeQueue: 'Shared With Me',
  creditQueue: 'Credit Queue',
  pendingDecisionQueue: 'Pending Decision Queue',
  decisionQueue: 'Decision Queue',
  requirementsQueue: 'Requirements Queue',
  fundingQueue: 'Funding Queue',
  allApplicationsQueue: 'All Applications',
};

/** Column types, as the MUI DataGrid names them (money is a number shown as dollars). */
export const queueColumnTypes = ['string', 'number', 'money', 'dateTime', 'singleSelect', 'boolean'] as const;
export type QueueColumnType = (typeof queueColumnTypes)[number];

/** Filter operators per column type, named as the MUI DataGrid names them. */
export const queueOperatorsByType = {
  string: ['contains', 'equals', 'startsWith', 'isEmpty', 'isNotEmpty'],
  number: ['=', '!=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
  money: ['=', '!=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
  dateTime: ['is', 'not', 'after', 'onOrAfter', 'before', 'onOrBefore'],
  singleSelect: ['is', 'not', 'isAnyOf'],
  boolean: ['is'],
} as const satisfies Record<QueueColumnType, readonly string[]>;
export type QueueOperator = (typeof queueOperatorsByType)[QueueColumnType][number];

type ColumnSpec = {
  field: string;
  headerName: string;
  type: QueueColumnType;
  sortable: boolean;
  filterable: boolean;
  /** Operators offered; a subset of the type's operators. */
  operators: readonly QueueOperator[];
  hiddenByDefault: boolean;
  width: number;
};

/**
 * The queue columns: field names are the keys of a queue row. Only these fields may be sorted or filtered,
 * and only with the operators listed; every sortable or filterable column is served by an index.
 */
export const queueColumns = [
  {
    field: 'applicationId',
    headerName: 'App Id',
    type: 'number',
    sortable: true,
    filterable: true,
    operators: ['=', '>', '>=', '<', '<='],
    hiddenByDefault: false,
    width: 90,
  },
  {
    field: 'applicantName',
    headerName: 'Applicant',
    type: 'string',
    sortable: true,
    filterable: true,
    operators: ['contains', 'equals', 'startsWith'],
    hiddenByDefault: false,
    width: 170,
  },
  {
    field: 'memberNumber',
    headerName: 'Member Number',
    type: 'string',
    sortable: true,
    filterable: true,
    operators: ['equals', 'startsWith', 'isEmpty', 'isNotEmpty'],
    hiddenByDefault: false,
    width: 130,
  },
  {
    field: 'loanProduct',
    headerName: 'Loan Product',
    type: 'singleSelect',
    sortable: false,
    filterable: true,
    operators: ['is', 'not', 'isAnyOf'],
    hiddenByDefault: false,
    width: 150,
  },
  {
    field: 'state',
    headerName: 'Status',
    type: 'singleSelect',
    sortable: true,
    filterable: true,
    operators: ['is', 'not', 'isAnyOf'],
    hiddenByDefault: false,
    width: 120,
  },
  {
    field: 'amount',
    headerName: 'Amount',
    type: 'money',
    sortable: true,
    filterable: true,
    operators: ['=', '!=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
    hiddenByDefault: false,
    width: 130,
  },
  {
    // The credit limit asked for: filled for credit cards only (Amount is every loan's).
    field: 'requestedAmount',
    headerName: 'Requested Amount',
    type: 'money',
    sortable: true,
    filterable: true,
    operators: ['=', '!=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
    hiddenByDefault: true,
    width: 140,
  },
  {
    field: 'termMonths',
    headerName: 'Term',
    type: 'number',
    sortable: true,
    filterable: true,
    operators: ['=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
    hiddenByDefault: true,
    width: 90,
  },
  {
    // The average of the applicants' active credit scores (default score model), kept by the credit module.
    field: 'averageCreditScore',
    headerName: 'Avg Credit Score',
    type: 'number',
    sortable: true,
    filterable: true,
    operators: ['=', '>', '>=', '<', '<=', 'isEmpty', 'isNotEmpty'],
    hiddenByDefault: false,
    width: 120,
  },
  {
    field: 'dealer',
    headerName: 'Dealer',
    type: 'singleSelect',
    sortable: false,
    filterable: true,
    operators: ['is', 'not', 'isAnyOf'],
    hiddenByDefault: true,
    width: 180,
  },
  {
    field: 'direct',
    headerName: 'Direct',
    type: 'boolean',
    sortable: false,
    filterable: true,
    operators: ['is'],
    hiddenByDefault: true,
    width: 90,
  },
  {
    field: 'source',
    headerName: 'Source',
    type: 'singleSelect',
    sortable: false,
    filterable: true,
    operators: ['is', 'not', 'isAnyOf'],
    hiddenByDefault: true,
    width: 120,
  },
  {
    field: 'createdUtcTime',
    headerName: 'Created',
    type: 'dateTime',
    sortable: true,
    filterable: true,
    operators: ['is', 'not', 'after', 'onOrAfter', 'before', 'onOrBefore'],
    hiddenByDefault: false,
    width: 150,
  },
  {
    field: 'updatedUtcTime',
    headerName: 'Updated',
    type: 'dateTime',
    sortable: true,
    filterable: true,
    operators: ['is', 'not', 'after', 'onOrAfter', 'before', 'onOrBefore'],
    hiddenByDefault: true,
    width: 150,
  },
  {
    field: 'lockingUser',
    headerName: 'Locked By',
    type: 'string',
    sortable: false,
    filterable: false,
    operators: [],
    hiddenByDefault: false,
    width: 120,
  },
  {
    field: 'createdBy',
    headerName: 'Created By',
    type: 'string',
    sortable: false,
    filterable: false,
    operators: [],
    hiddenByDefault: true,
    width: 150,
  },
  // Spec 3 §4 decision summary display: rate, payment and tier of an approve, counteroffer or pending decision,
  // shown by default (empty for an application without one).
  {
    field: 'decisionRate',
    headerName: 'Rate',
    type: 'string',
    sortable: false,
    filterable: false,
    operators: [],
    hiddenByDefault: false,
    width: 90,
  },
  {
    field: 'decisionPayment',
    headerName: 'Payment',
    type: 'money',
    sortable: false,
    filterable: false,
    operators: [],
    hiddenByDefault: false,
    width: 120,
  },
  {
    field: 'decisionTier',
    headerName: 'Tier',
    type: 'string',
    sortable: false,
    filterable: false,
    operators: [],
    hiddenByDefault: false,
    width: 90,
  },
] as const satisfies readonly ColumnSpec[];
export type QueueColumnField = (typeof queueColumns)[number]['field'];
export const queueColumnFields = queueColumns.map((c) => c.field) as QueueColumnField[];
export const queueColumnByField = (field: string) => queueColumns.find((c) => c.field === field);

/** Default order of every queue: newest first (the application id breaks ties, so paging is stable). */
export const defaultQueueSort = [{ field: 'createdUtcTime', dir: 'desc' }] as const;
export const QUEUE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const QUEUE_DEFAULT_PAGE_SIZE = 25;
export const QUEUE_MAX_PAGE_SIZE = 100;
/** Filtered totals are counted exactly up to this many rows; beyond it the answer says "more than". */
export const QUEUE_COUNT_CAP = 10_000;
/**
 * A page of one row is the side-menu lookup (spec 1 §5: page size 1), which only needs to tell one match from
 * several: its total is counted to this cap (more is reported as the cap, with totalIsLowerBound).
 */
export const QUEUE_LOOKUP_COUNT_CAP = 2;
/** Rows in one CSV export. */
export const QUEUE_EXPORT_MAX_ROWS = 50_000;
/** Spec 1 §9: the side-menu search box. */
export const SEARCH_MAX_LENGTH = 200;

const filterScalar = z.union([textSchema().max(200), z.number().finite(), z.boolean()]);
export const queueFilterItemSchema = z.object({
  field: textSchema().max(64),
  operator: textSchema().max(32),
  value: z
    .union([filterScalar, z.array(filterScalar).max(100)])
    .nullish()
    .transform((v) => v ?? null),
});
export type QueueFilterItem = z.infer<typeof queueFilterItemSchema>;

export const queueSortItemSchema = z.object({ field: textSchema().max(64), dir: z.enum(['asc', 'desc']) });
export type QueueSortItem = z.infer<typeof queueSortItemSchema>;

const checkField = (
  ctx: z.RefinementCtx,
  path: (string | number)[],
  field: string,
  need: 'sortable' | 'filterable' | null,
) => {
  const column = queueColumnByField(field);
  if (!column) {
    ctx.addIssue({ code: 'custom', path, message: messages.queues.unknownField(field) });
    return undefined;
  }
  if (need === 'sortable' && !column.sortable)
    ctx.addIssue({ code: 'custom', path, message: messages.queues.notSortable(field) });
  if (need === 'filterable' && !column.filterable)
    ctx.addIssue({ code: 'custom', path, message: messages.queues.notFilterable(field) });
  return column;
};

/** What a saved filter or queue keeps of a request: the criteria, not the paging. */
const criteriaShape = {
  filter: z
    .object({ logic: z.enum(['and', 'or']).default('and'), filters: z.array(queueFilterItemSchema).max(20) })
    .nullish()
    .transform((v) => v ?? null),
  text: textSchema()
    .trim()
    .max(SEARCH_MAX_LENGTH)
    .nullish()
    .transform((v) => (v ? v : null)),
  sort: z
    .array(queueSortItemSchema)
    .max(3)
    .nullish()
    .transform((v) => v ?? null),
  columns: z
    .array(textSchema().max(64))
    .max(queueColumns.length)
    .nullish()
    .transform((v) => v ?? null),
};

type Criteria = {
  filter: { logic: 'and' | 'or'; filters: QueueFilterItem[] } | null;
  sort: QueueSortItem[] | null;
  columns: string[] | null;
};

/** Fields, operators and value shapes allowed by the column catalogue; anything else is a 422 naming it. */
const checkCriteria = (request: Criteria, ctx: z.RefinementCtx) => {
  request.sort?.forEach((s, i) => checkField(ctx, ['sort', i, 'field'], s.field, 'sortable'));
  request.columns?.forEach((field, i) => checkField(ctx, ['columns', i], field, null));
  request.filter?.filters.forEach((f, i) => {
    const column = checkField(ctx, ['filter', 'filters', i, 'field'], f.field, 'filterable');
    if (!column) return;
    if (!(column.operators as readonly string[]).includes(f.operator)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filter', 'filters', i, 'operator'],
        message: messages.queues.unknownOperator(f.operator, f.field),
      });
      return;
    }
    if (!filterValueFits(column.type, f.operator, f.value))
      ctx.addIssue({
        code: 'custom',
        path: ['filter', 'filters', i, 'value'],
        message: messages.queues.invalidValue(f.field),
      });
  });
};

/** A money filter value is a decimal string with at most two decimals, like every money value on the wire. */
export const MONEY_FILTER_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
const isNumberLike = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d{1,12}$/.test(v));

/** Does a filter value have the shape its column type and operator need? Empty values mean "no filter". */
export const filterValueFits = (type: QueueColumnType, operator: string, value: unknown): boolean => {
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return true;
  if (value === null || value === '') return true;
  if (operator === 'isAnyOf') return Array.isArray(value) && value.every((v) => typeof v !== 'boolean');
  if (Array.isArray(value)) return false;
  switch (type) {
    case 'number':
      return isNumberLike(value);
    case 'money':
      return typeof value === 'string' && MONEY_FILTER_PATTERN.test(value.trim());
    case 'dateTime':
      // Within the documented range (DATE_MIN .. DATE_MAX): '+275760-09-13' and '0000-01-01' parse in
      // JavaScript but not in PostgreSQL.
      return typeof value === 'string' && isInDateRange(Date.parse(value));
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'singleSelect':
    case 'string':
      return typeof value === 'string' || typeof value === 'number';
  }
};

/**
 * The application search request (spec 1 §3): page (1-based) and pageSize, or skip and take (which win when
 * given); filter {logic, filters[{field, operator, value}]}; text (the side-menu search: application id,
 * member number, SSN, first or last name, by equality); sort; group (not supported: must be empty); columns.
 */
export const applicationSearchRequestSchema = z
  .object({
    page: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(QUEUE_MAX_PAGE_SIZE).default(QUEUE_DEFAULT_PAGE_SIZE),
    skip: z.number().int().min(0).max(100_000_000).nullish(),
    take: z.number().int().min(1).max(QUEUE_MAX_PAGE_SIZE).nullish(),
    group: z
      .array(queueSortItemSchema)
      .max(0, messages.queues.groupingNotSupported)
      .nullish()
      .transform(() => null),
    ...criteriaShape,
  })
  .superRefine(checkCriteria);
export type ApplicationSearchRequest = z.input<typeof applicationSearchRequestSchema>;
export type ParsedApplicationSearchRequest = z.output<typeof applicationSearchRequestSchema>;

/** The criteria a saved filter or custom queue keeps (the `filter` JSON text of a search filter). */
export const savedQueueCriteriaSchema = z
  .object({ gridName: queueGridNameSchema.default('allApplicationsQueue'), ...criteriaShape })
  .superRefine(checkCriteria);
export type SavedQueueCriteria = z.input<typeof savedQueueCriteriaSchema>;
export type ParsedSavedQueueCriteria = z.output<typeof savedQueueCriteriaSchema>;

export const queueRowSchema = z.object({
  applicationId: z.number().int(),
  applicantName: z.string().nullable(),
  memberNumber: z.string().nullable(),
  /** The loan product id (the column's value options name it); `loanProductName` for display and CSV. */
  loanProduct: z.number().int(),
  loanProductName: z.string(),
  state: z.enum(applicationStates),
  requestedAmount: z.string().nullable(),
  /** The estimated amount financed (requested amount, amount or itemization total by loan type). */
  amount: z.string().nullable(),
  termMonths: z.number().int().nullable(),
  averageCreditScore: z.number().int().nullable(),
  /** The dealer id, null for direct applications; `dealerName` for display and CSV. */
  dealer: z.number().int().nullable(),
  dealerName: z.string().nullable(),
  direct: z.boolean(),
  source: z.string(),
  createdUtcTime: z.string(),
  updatedUtcTime: z.string(),
  lockingUser: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** Spec 3 §4 decision summary: the current approve, counteroffer or pending decision's rate (percent). */
  decisionRate: z.string().nullish(),
  /** … its payment. */
  decisionPayment: z.string().nullish(),
  /** … its credit tier. */
  decisionTier: z.string().nullish(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

/** One page: rows and the total; `totalIsLowerBound` says the filtered total was only counted to the cap. */
export const queuePageSchema = z.object({
  data: z.array(queueRowSchema),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const queueValueOptionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export const queueColumnSchema = z.object({
  field: z.string(),
  headerName: z.string(),
  type: z.enum(queueColumnTypes),
  sortable: z.boolean(),
  filterable: z.boolean(),
  operators: z.array(z.string()),
  hiddenByDefault: z.boolean(),
  width: z.number().int(),
  /** For singleSelect columns: the lender's loan products, dealers, the states, the sources. */
  valueOptions: z.array(queueValueOptionSchema).nullable(),
});
export type QueueColumn = z.infer<typeof queueColumnSchema>;
export const dynamicQueueColumnsSchema = z.object({ columns: z.array(queueColumnSchema) });
export type DynamicQueueColumns = z.infer<typeof dynamicQueueColumnsSchema>;

/** The Queue entity (spec 1 §3): built-in queues have no id; custom queues are saved filters of type queue. */
export const queueSummarySchema = z.object({
  name: z.string(),
  gridName: z.string(),
  id: z.number().int().nullable(),
  itemsCount: z.number().int(),
  sortOrder: z.number().int(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** A recent application (spec 1 §3) as the side-menu search popup lists it. */
export const recentApplicationSchema = z.object({
  applicationId: z.number().int(),
  applicantName: z.string().nullable(),
  state: z.enum(applicationStates),
  lockingUser: z.string().nullable(),
  loanProduct: z.string(),
});
export type RecentApplication = z.infer<typeof recentApplicationSchema>;

/** A per-user grid setting (column visibility and widths), kept as a serialized string like the spec's. */
export const gridSettingNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/);
export const gridSettingSchema = z.object({ gridName: z.string(), setting: z.string().max(20_000).nullable() });
export type GridSetting = z.infer<typeof gridSettingSchema>;
export const gridSettingSaveSchema = z.object({ setting: textSchema({ multiline: true }).max(20_000) });

const queueGridParamsSchema = z.object({ gridName: queueGridNameSchema });

/** The queues' calls (spec 1 §3): the column catalogue, a page of a queue and its CSV export. */
export const queueEndpoints = {
  columns: endpoint({
    method: 'GET',
    path: '/api/applicationqueues/dynamicQueueColumns',
    access: 'signedIn',
    tag: 'queues',
    summary: "The queue columns (fields, types, operators) with the lender's products, dealers, states, sources",
    response: dynamicQueueColumnsSchema,
  }),
  search: endpoint({
    method: 'POST',
    path: '/api/applicationqueues/:gridName/search',
    access: 'signedIn',
    tag: 'queues',
    summary:
      'One page of a queue: filter (allow-listed fields and operators), text lookup (id, member number, SSN, names), sort, page/pageSize or skip/take; total capped at 10 000 when filtered',
    params: queueGridParamsSchema,
    body: applicationSearchRequestSchema,
    response: queuePageSchema,
  }),
  export: endpoint({
    method: 'POST',
    path: '/api/applicationqueues/:gridName/export',
    access: 'signedIn',
    tag: 'queues',
    summary: 'The queue as CSV (text/csv): the chosen columns, display values, up to 50 000 rows in the page order',
    params: queueGridParamsSchema,
    body: applicationSearchRequestSchema,
    response: z.string(),
  }),
};

export const recentApplicationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/user/recentApplications',
  access: 'signedIn',
  tag: 'queues',
  summary:
    'The applications the caller opened lately in the current lender, newest first (at most 10); the locking user while the lock is live',
  response: z.array(recentApplicationSchema),
});

const gridSettingParamsSchema = z.object({ gridName: gridSettingNameSchema });

/** A grid's settings saved per user (the queue grid, the tradeline grid). */
export const gridSettingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/user/gridSettings/:gridName',
    access: 'signedIn',
    tag: 'users',
    summary: "The caller's setting of a grid (columns, widths) as saved text, or null",
    params: gridSettingParamsSchema,
    response: gridSettingSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/user/gridSettings/:gridName',
    access: 'signedIn',
    tag: 'users',
    summary: "Save the caller's setting of a grid {setting} (text up to 20 000 characters)",
    params: gridSettingParamsSchema,
    body: gridSettingSaveSchema,
    response: gridSettingSchema,
  }),
};
