import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { rateSchema } from '../applications/decisions.ts';
import { paymentFrequencySchema } from '../applications/enums.ts';
import { adminMessages } from '../admin-messages.ts';
import { reserveMethods, type ReserveMethod } from '../funding/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { centsOrNull, emptyAsNull, moneySchema, nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';
import { dateSchema, idValueSchema, MAX_ID } from '../primitives.ts';

/**
 * Administration › Reserve Matrices (/admin/reserveMatrices; spec 2 §2, §3 "Reserve matrix and reserve: id, name",
 * §5 "reserve names" unique, §8 'Reserve Matrix Save Failed'; spec 3 §7 "Reserves": POST and PUT reserves/, GET
 * reserves/{id}, GET reserves/doesNameExist, GET reserves/getReservesListsAndMatricesWithDetails, POST
 * reserveMatrix/resolveReserveByMatrix/). The fields beyond id and name are not shown by the spec; chosen here:
 *
 * - a **reserve** says how a dealer's reserve is computed (contracts `reserveMethods`): a flat amount, a percent of
 *   the amount financed, or a share of the rate participation (the finance charge between the buy rate and the
 *   contract rate, the contract rate counted at most `maxSpread` points above the buy rate), each capped at
 *   `capAmount` (packages/domain `computeReserve`);
 * - a **reserve matrix** says which reserve applies to a loan: rows tried in order, the first whose conditions
 *   hold (loan products, term and amount ranges, direct or indirect) names the reserve, else the default reserve
 *   (packages/domain `resolveReserveRow`).
 */

/** The texts of the area (spec 2 §8 where it has them; the kit's generic Saved / Enabled / Disabled toasts). */
export const reserveTexts = {
  saved: adminMessages.kit.saved,
  enabled: adminMessages.kit.enabled,
  disabled: adminMessages.kit.disabled,
  matrixSaveFailed: 'Reserve Matrix Save Failed',
  saveFailed: adminMessages.kit.saveFailed,
  enableFailed: adminMessages.kit.enableFailed,
  disableFailed: adminMessages.kit.disableFailed,
  loadFailed: 'Failed to load reserves',
  tabMatrices: 'Reserve Matrices',
  tabReserves: 'Reserves',
  nameTaken: 'A reserve with this name already exists.',
  matrixNameTaken: 'A reserve matrix with this name already exists.',
  flatAmountRequired: 'Enter the flat amount.',
  percentRequired: 'Enter the percent of the amount financed.',
  participationRequired: 'Enter the dealer’s share of the rate participation.',
  percent: 'Enter a percent from 0 to 100 with up to four decimals, e.g. 2.5',
  spread: 'Enter points from 0 to 99.9999, e.g. 2.000',
  term: 'Enter a whole number of months from 1 to 600.',
  termOrder: 'The minimum term is above the maximum term.',
  amountOrder: 'The minimum amount is above the maximum amount.',
  reserveRequired: 'Choose the reserve.',
  unknownReserve: 'This reserve is not available (another lender’s or disabled).',
  unknownProduct: 'This loan product is not available.',
  matrixUnavailable: 'This reserve matrix is disabled.',
  noReserve: 'No row of the matrix applies to this loan and it has no default reserve.',
  reserveDisabled: 'The reserve that applies is disabled: no reserve.',
  addRow: 'Add Row',
  noRows: 'No rows: every loan gets the default reserve.',
} as const;

export const RESERVE_NAME_MAX = 100;
export const RESERVE_MATRIX_ROWS_MAX = 100;
export const RESERVE_TERM_MAX = 600;

export const reserveMethodSchema = z.enum(reserveMethods, { message: messages.validation.required });
export const reserveMethodLabels: Record<ReserveMethod, string> = {
  flat: 'Flat amount',
  percentOfAmount: 'Percent of amount financed',
  rateParticipation: 'Rate participation',
};

/** A percent 0–100 with up to four decimals ("2", "25.5"), as numeric(7,4). */
export const reservePercentSchema = z
  .string()
  .trim()
  .regex(/^(100(\.0{1,4})?|[1-9]?\d(\.\d{1,4})?)$/, reserveTexts.percent);
/** Points of rate from 0 to 99.9999 ("2.000"). */
export const reserveSpreadSchema = z
  .string()
  .trim()
  .regex(/^[1-9]?\d(\.\d{1,4})?$/, reserveTexts.spread);

/** A form sends '' for an empty field: null. */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v): z.output<T> | null => (v === '' || v === undefined || v === null ? null : (v as z.output<T>)));

/**
 * A reserve as an administrator saves it. The name is unique per lender in any case. Only the fields of the
 * method are kept (the others are stored null); `capAmount` (any method) is the most it pays.
 */
const reserveFields = z.object({
  name: requiredText(RESERVE_NAME_MAX),
  method: reserveMethodSchema,
  flatAmount: emptyAsNull(nonNegativeMoneySchema),
  percentOfAmount: optional(reservePercentSchema),
  participationPercent: optional(reservePercentSchema),
  maxSpread: optional(reserveSpreadSchema),
  capAmount: emptyAsNull(nonNegativeMoneySchema),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
const requireMethodFields = (r: z.output<typeof reserveFields>, ctx: z.RefinementCtx) => {
  if (r.method === 'flat' && r.flatAmount === null)
    ctx.addIssue({ code: 'custom', path: ['flatAmount'], message: reserveTexts.flatAmountRequired });
  if (r.method === 'percentOfAmount' && r.percentOfAmount === null)
    ctx.addIssue({ code: 'custom', path: ['percentOfAmount'], message: reserveTexts.percentRequired });
  if (r.method === 'rateParticipation' && r.participationPercent === null)
    ctx.addIssue({ code: 'custom', path: ['participationPercent'], message: reserveTexts.participationRequired });
};
export const reserveInputSchema = reserveFields.superRefine(requireMethodFields);
export type ReserveInput = z.input<typeof reserveInputSchema>;

export const reserveSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  method: reserveMethodSchema,
  /** flat: the amount ("150.00"); null otherwise. */
  flatAmount: moneySchema.nullable(),
  /** percentOfAmount: the percent ("2.0000"); null otherwise. */
  percentOfAmount: z.string().nullable(),
  /** rateParticipation: the dealer's share in percent ("25.0000"); null otherwise. */
  participationPercent: z.string().nullable(),
  /** rateParticipation: the most points the contract rate counts above the buy rate; null: no limit. */
  maxSpread: z.string().nullable(),
  capAmount: moneySchema.nullable(),
  enabled: z.boolean(),
});
export type Reserve = z.infer<typeof reserveSchema>;

const usd = (value: string) => {
  const [whole = '0', cents = '00'] = value.replace('-', '').split('.');
  return `${value.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};
/** "2.5000" → "2.5" (a stored percent without its trailing zeros). */
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/** A reserve in a few words: '$150.00 flat', '2 % of amount, cap $750.00', '25 % of rate participation, max spread 2 points, cap $1,500.00'. */
export const describeReserve = (r: Reserve): string => {
  const cap = r.capAmount === null ? '' : `, cap ${usd(r.capAmount)}`;
  switch (r.method) {
    case 'flat':
      return `${usd(r.flatAmount ?? '0.00')} flat${cap}`;
    case 'percentOfAmount':
      return `${plain(r.percentOfAmount ?? '0')} % of amount${cap}`;
    case 'rateParticipation': {
      const spread = r.maxSpread === null ? '' : `, max spread ${plain(r.maxSpread)} points`;
      return `${plain(r.participationPercent ?? '0')} % of rate participation${spread}${cap}`;
    }
    default: {
      const never: never = r.method;
      return String(never);
    }
  }
};

/**
 * Administration › Reserve Matrices, the Reserves tab: the kit's list, get, create, update (PUT reserves/{id}), and
 * enable/disable, each write audited; plus the spec's PUT reserves/ (the id in the body) and doesNameExist. Never
 * deleted: a funded loan keeps the reserve it was funded with.
 */
export const reservesResource = defineResource({
  name: 'reserves',
  title: 'Reserves',
  singular: 'Reserve',
  path: '/api/reserves',
  right: 'canManageReserveMatrices',
  row: reserveSchema,
  input: reserveInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: reserveTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'method', 'capAmount', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

/* ---------------------------------------------------------------------------------------------- matrices */

const termSchema = z.coerce
  .number({ message: reserveTexts.term })
  .int(reserveTexts.term)
  .min(1, reserveTexts.term)
  .max(RESERVE_TERM_MAX, reserveTexts.term);
const optionalTerm = z
  .union([z.literal(''), termSchema])
  .nullish()
  .transform((v) => (v === '' || v === undefined || v === null ? null : v));

/**
 * A row of a reserve matrix (pinned: the domain's `resolveReserveRow` and the funding worksheet read it). A
 * condition left null (or no products) holds for every loan; ranges are inclusive at both ends; `direct`: true
 * for direct loans only, false for indirect (dealer) loans only, null for both.
 */
export const reserveMatrixRowSchema = z
  .object({
    loanProductIds: z.array(idValueSchema).max(200).default([]),
    minTermMonths: optionalTerm,
    maxTermMonths: optionalTerm,
    minAmount: emptyAsNull(nonNegativeMoneySchema),
    maxAmount: emptyAsNull(nonNegativeMoneySchema),
    direct: z
      .boolean()
      .nullish()
      .transform((v) => v ?? null),
    reserveId: z
      .number({ message: reserveTexts.reserveRequired })
      .int(reserveTexts.reserveRequired)
      .min(1, reserveTexts.reserveRequired)
      .max(MAX_ID, reserveTexts.reserveRequired),
  })
  .superRefine((row, ctx) => {
    if (row.minTermMonths !== null && row.maxTermMonths !== null && row.minTermMonths > row.maxTermMonths)
      ctx.addIssue({ code: 'custom', path: ['maxTermMonths'], message: reserveTexts.termOrder });
    const min = row.minAmount === null ? null : centsOrNull(row.minAmount);
    const max = row.maxAmount === null ? null : centsOrNull(row.maxAmount);
    if (min !== null && max !== null && min > max)
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: reserveTexts.amountOrder });
  });
export type ReserveMatrixRow = {
  loanProductIds: number[];
  minTermMonths: number | null;
  maxTermMonths: number | null;
  minAmount: string | null;
  maxAmount: string | null;
  direct: boolean | null;
  reserveId: number;
};
export type ReserveMatrixRowInput = z.input<typeof reserveMatrixRowSchema>;

/** The stored row as answered (already valid). */
export const reserveMatrixRowViewSchema = z.object({
  loanProductIds: z.array(z.number().int()),
  minTermMonths: z.number().int().nullable(),
  maxTermMonths: z.number().int().nullable(),
  minAmount: moneySchema.nullable(),
  maxAmount: moneySchema.nullable(),
  direct: z.boolean().nullable(),
  reserveId: z.number().int(),
});

export const reserveMatrixInputSchema = z.object({
  name: requiredText(RESERVE_NAME_MAX),
  /** The reserve when no row applies (null: no reserve). */
  defaultReserveId: idValueSchema.nullish().transform((v) => v ?? null),
  rows: z.array(reserveMatrixRowSchema).max(RESERVE_MATRIX_ROWS_MAX).default([]),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type ReserveMatrixInput = z.input<typeof reserveMatrixInputSchema>;

export const reserveMatrixSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  defaultReserveId: z.number().int().nullable(),
  /** The default reserve's name ('' without one). */
  defaultReserveName: z.string(),
  rows: z.array(reserveMatrixRowViewSchema),
  rowCount: z.number().int(),
  enabled: z.boolean(),
});
export type ReserveMatrix = z.infer<typeof reserveMatrixSchema>;

/**
 * Administration › Reserve Matrices, the Reserve Matrices tab: the kit's verbs at reserveMatrix (the path of the
 * spec's resolve call), each write audited; failure toast 'Reserve Matrix Save Failed'.
 */
export const reserveMatricesResource = defineResource({
  name: 'reserveMatrices',
  title: 'Reserve Matrices',
  singular: 'Reserve Matrix',
  path: '/api/reserveMatrix',
  right: 'canManageReserveMatrices',
  row: reserveMatrixSchema,
  input: reserveMatrixInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: reserveTexts.matrixNameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'defaultReserveName', 'rowCount', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

/* ----------------------------------------------------------------------------------------------- resolve */

/**
 * POST reserveMatrix/resolveReserveByMatrix/ (spec 3 §7; pinned, the funding worksheet calls it): the loan as the
 * worksheet has it, and the matrix to resolve it by. Dates are optional: with both, odd-days interest counts in
 * the rate participation's finance charges.
 */
export const resolveReserveRequestSchema = z.object({
  reserveMatrixId: idValueSchema,
  loanProductId: idValueSchema,
  amount: positiveMoneySchema,
  termMonths: termSchema,
  paymentFrequency: paymentFrequencySchema,
  contractRate: rateSchema,
  buyRate: rateSchema.nullish().transform((v) => v ?? null),
  direct: z.boolean({ message: messages.validation.required }),
  firstPaymentDate: dateSchema.nullish().transform((v) => v ?? null),
  contractDate: dateSchema.nullish().transform((v) => v ?? null),
});
export type ResolveReserveRequest = z.input<typeof resolveReserveRequestSchema>;
export type ResolveReserveRequestParsed = z.output<typeof resolveReserveRequestSchema>;

/** The reserve that applies and its amount; all null (with the reason in `detail`) when none applies. */
export const reserveResolutionSchema = z.object({
  reserveId: z.number().int().nullable(),
  reserveName: z.string().nullable(),
  reserveAmount: moneySchema.nullable(),
  detail: z.string(),
});
export type ReserveResolution = z.infer<typeof reserveResolutionSchema>;

export const doesNameExistQuerySchema = z.object({
  name: z.string().max(500),
  id: z.coerce.number().int().positive().optional(),
});
/** `exists`: another reserve has the name; `isUnique`: the opposite (spec 2 §5: "a boolean isUnique"). */
export const doesNameExistSchema = z.object({ exists: z.boolean(), isUnique: z.boolean() });

/** A matrix with its rows' reserves named (the funding worksheet's choice of matrix, the editor's lists). */
export const reserveMatrixDetailsSchema = reserveMatrixSchema.extend({
  rows: z.array(reserveMatrixRowViewSchema.extend({ reserveName: z.string() })),
});
export const reservesListsSchema = z.object({
  reserves: z.array(reserveSchema.extend({ description: z.string() })),
  reserveMatrices: z.array(reserveMatrixDetailsSchema),
});
export type ReservesLists = z.infer<typeof reservesListsSchema>;

export const reserveEndpoints = {
  /** Spec 3 §7 PUT reserves/: saves the reserve whose id is in the body (as PUT reserves/{id}). */
  save: endpoint({
    method: 'PUT',
    path: '/api/reserves',
    access: { right: 'canManageReserveMatrices' },
    tag: 'reserves',
    summary: 'Save a reserve (the id in the body)',
    body: reserveFields.extend({ id: idValueSchema }).superRefine(requireMethodFields),
    response: reserveSchema,
  }),
  doesNameExist: endpoint({
    method: 'GET',
    path: '/api/reserves/doesNameExist',
    access: { right: 'canManageReserveMatrices' },
    tag: 'reserves',
    summary: 'Whether another reserve has this name (id: the reserve being edited)',
    query: doesNameExistQuerySchema,
    response: doesNameExistSchema,
  }),
  listsWithDetails: endpoint({
    method: 'GET',
    path: '/api/reserves/getReservesListsAndMatricesWithDetails',
    access: { anyOf: ['canManageReserveMatrices', 'canFundALoan', 'canDecisionALoan'] },
    tag: 'reserves',
    summary: 'Every reserve and reserve matrix of the lender, with their details',
    response: reservesListsSchema,
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/reserveMatrix/resolveReserveByMatrix',
    access: { anyOf: ['canFundALoan', 'canDecisionALoan'] },
    tag: 'reserveMatrices',
    summary: 'The dealer reserve of a loan by a reserve matrix',
    body: resolveReserveRequestSchema,
    response: reserveResolutionSchema,
  }),
};
