import {
  describeReserve,
  reserveTexts,
  resolveReserveRequestSchema,
  type ReserveResolution,
  type ResolveReserveRequest,
  type ReservesLists,
} from '@credence/contracts';
import { computeReserve, invalidTermMessage, isValidTerm, LoanMathError, resolveReserveRow } from '@credence/domain';
import type { TenantTx } from '../../db/tenancy.ts';
import { fieldError, notFound, validationError } from '../../platform/errors.ts';
import {
  findReserve,
  findReserveMatrix,
  listReserveMatrices,
  listReserves,
  matrixRows,
  toReserve,
  toReserveMatrix,
} from './reserves.repository.ts';

export type { ReserveResolution };

/** The request field a loan maths error is about. */
const loanMathField = (error: LoanMathError): string => {
  switch (error.field) {
    // (A reserve is figured without a balloon or prepaid charges: those would name the amount they are part of.)
    case 'amount':
    case 'payment':
    case 'balloonAmount':
    case 'prepaidFinanceCharge':
      return 'amount';
    case 'rate':
      return 'contractRate';
    case 'term':
      return 'termMonths';
    case 'frequency':
      return 'paymentFrequency';
    case 'firstPaymentDate':
      return 'firstPaymentDate';
    case 'contractDate':
      return 'contractDate';
    default: {
      const never: never = error.field;
      return String(never);
    }
  }
};

const none = (detail: string): ReserveResolution => ({
  reserveId: null,
  reserveName: null,
  reserveAmount: null,
  detail,
});

/**
 * The dealer reserve of a loan by a reserve matrix (spec 3 §7 POST reserveMatrix/resolveReserveByMatrix/; the
 * funding worksheet's reserve): the first row of the matrix whose conditions hold names the reserve, else the
 * matrix's default; the reserve's method computes the amount (packages/domain `computeReserve`). No row and no
 * default, or a reserve since disabled: no reserve (all null, the reason in `detail`). A matrix not the lender's:
 * 404; a disabled matrix: 422 on `reserveMatrixId`; a loan the loan maths cannot amortize: 422 on its field.
 * Runs in the caller's tenant transaction (the funding service calls it inside its own).
 */
export const resolveReserveByMatrix = async (
  tx: TenantTx,
  request: ResolveReserveRequest,
): Promise<ReserveResolution> => {
  const parsed = resolveReserveRequestSchema.safeParse(request);
  if (!parsed.success)
    throw validationError(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  const loan = parsed.data;
  // The loan must be one the loan maths can schedule, whichever method applies.
  if (!isValidTerm(loan.termMonths, loan.paymentFrequency))
    throw fieldError('termMonths', invalidTermMessage(loan.paymentFrequency));
  const matrix = await findReserveMatrix(tx, loan.reserveMatrixId);
  if (!matrix) throw notFound();
  if (!matrix.enabled) throw fieldError('reserveMatrixId', reserveTexts.matrixUnavailable);
  const match = resolveReserveRow(matrixRows(matrix), {
    loanProductId: loan.loanProductId,
    termMonths: loan.termMonths,
    amount: loan.amount,
    direct: loan.direct,
  });
  const reserveId = match?.row.reserveId ?? matrix.defaultReserveId;
  if (reserveId === null) return none(reserveTexts.noReserve);
  const reserve = await findReserve(tx, reserveId);
  if (!reserve || !reserve.enabled) return none(reserveTexts.reserveDisabled);
  const view = toReserve(reserve);
  try {
    const result = computeReserve(view, {
      amount: loan.amount,
      termMonths: loan.termMonths,
      paymentFrequency: loan.paymentFrequency,
      contractRate: loan.contractRate,
      buyRate: loan.buyRate,
      firstPaymentDate: loan.firstPaymentDate,
      contractDate: loan.contractDate,
    });
    const where = match ? `Row ${match.index + 1}` : 'Default reserve';
    return {
      reserveId: view.id,
      reserveName: view.name,
      reserveAmount: result.amount,
      detail: `${where}, ${view.name}: ${result.detail}`,
    };
  } catch (error) {
    if (error instanceof LoanMathError) throw fieldError(loanMathField(error), error.message);
    throw error;
  }
};

/** The lender's enabled reserve matrices, by name (the funding worksheet's choice of matrix). */
export const listEnabledReserveMatrices = async (tx: TenantTx): Promise<{ id: number; name: string }[]> =>
  (await listReserveMatrices(tx, true)).map((m) => ({ id: m.id, name: m.name }));

/**
 * Spec 3 §7 GET reserves/getReservesListsAndMatricesWithDetails: every reserve (described in a few words) and
 * every reserve matrix with its rows' reserves named, enabled or not, by name.
 */
export const reservesListsWithDetails = async (tx: TenantTx): Promise<ReservesLists> => {
  const reserves = (await listReserves(tx)).map(toReserve);
  const names = new Map(reserves.map((r) => [r.id, r.name]));
  const matrices = await listReserveMatrices(tx);
  return {
    reserves: reserves.map((r) => ({ ...r, description: describeReserve(r) })),
    reserveMatrices: matrices.map((m) => {
      const matrix = toReserveMatrix(m, m.defaultReserveId === null ? '' : (names.get(m.defaultReserveId) ?? ''));
      return { ...matrix, rows: matrix.rows.map((r) => ({ ...r, reserveName: names.get(r.reserveId) ?? '' })) };
    }),
  };
};
