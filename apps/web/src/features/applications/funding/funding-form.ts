import {
  truthInLendingRequestOf,
  type DisbursementPayeeType,
  type Loan,
  type LoanDisbursement,
  type LoanSave,
  type LoanWorksheet,
  type ProposedDisbursements,
  type TruthInLendingRequest,
} from '@credence/contracts';
import { isIsoDate, money, weekday, type Money } from '@credence/domain';
import { moneyText, noRows, toMoney, type Converted } from '../../../components/form/values.ts';
import { parseMoneyText } from '../../../lib/money-text.ts';

/** A payout line as typed on the worksheet (the amount as shown in its input). */
export type DisbursementLine = {
  disbursementId: number | null;
  /** The disbursement definition's name (kept for the payload's display; typed lines are 'Other'). */
  name: string;
  payeeType: DisbursementPayeeType;
  payeeName: string;
  disbursalMethodId: number | '';
  amount: string;
};

/** The editable part of the loan (spec 3 §3 Loan): dates, ids, the reserve matrix and the payouts. */
export type FundingForm = {
  contractDate: string;
  firstPaymentDate: string;
  rescissionDate: string;
  fundingDate: string;
  memberNumber: string;
  loanId: string;
  shareAccountNumber: string;
  reserveMatrixId: number | '';
  disbursements: DisbursementLine[];
};

export const lineOf = (d: LoanDisbursement): DisbursementLine => ({
  disbursementId: d.disbursementId,
  name: d.name,
  payeeType: d.payeeType,
  payeeName: d.payeeName,
  disbursalMethodId: d.disbursalMethodId ?? '',
  amount: moneyText(d.amount),
});

/** A new line typed by the user: to another payee, by the lender's first disbursal method. */
export const blankLine = (worksheet: LoanWorksheet): DisbursementLine => ({
  disbursementId: null,
  name: 'Other',
  payeeType: 'other',
  payeeName: '',
  disbursalMethodId: worksheet.disbursalMethods[0]?.id ?? '',
  amount: '',
});

/**
 * The form's first values: the saved (or proposed) loan; the loan id and share account number chosen in the Loan
 * Id dialog (the application's potential ones) until the loan has its own; the primary applicant's member number.
 */
export const initialForm = (worksheet: LoanWorksheet): FundingForm => {
  const { loan, application } = worksheet;
  return {
    contractDate: loan.contractDate ?? '',
    firstPaymentDate: loan.firstPaymentDate ?? '',
    rescissionDate: loan.rescissionDate ?? '',
    fundingDate: loan.fundingDate ?? '',
    memberNumber: loan.memberNumber ?? application.primaryApplicantMemberNumber ?? '',
    loanId: loan.loanId ?? application.potentialLoanId ?? '',
    shareAccountNumber: loan.shareAccountNumber ?? application.potentialShareAccountNumber ?? '',
    reserveMatrixId: loan.reserveMatrixId ?? '',
    disbursements: loan.disbursements.map(lineOf),
  };
};

/** The proposed payouts as lines (they replace the form's lines). */
export const linesOfProposal = (proposal: ProposedDisbursements): DisbursementLine[] =>
  proposal.disbursements.map(lineOf);

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The save payload (`POST`/`PUT applications/{id}/loans`): only the editable fields; terms are the approval's. */
export const savePayloadOf = (values: FundingForm, usesRescission: boolean): Converted<LoanSave> =>
  noRows({
    contractDate: orNull(values.contractDate),
    firstPaymentDate: orNull(values.firstPaymentDate),
    rescissionDate: usesRescission ? orNull(values.rescissionDate) : null,
    fundingDate: orNull(values.fundingDate),
    memberNumber: orNull(values.memberNumber),
    loanId: orNull(values.loanId),
    shareAccountNumber: orNull(values.shareAccountNumber),
    reserveMatrixId: values.reserveMatrixId === '' ? null : values.reserveMatrixId,
    disbursements: values.disbursements.map((d) => ({
      disbursementId: d.disbursementId,
      payeeType: d.payeeType,
      payeeName: d.payeeName,
      disbursalMethodId: d.disbursalMethodId === '' ? null : d.disbursalMethodId,
      amount: toMoney(d.amount) ?? '',
    })),
  });

export type Balance = {
  /** The sum of the lines that read as amounts. */
  total: Money;
  /** amount financed − total; null while a line's amount cannot be read. */
  remaining: Money | null;
  balanced: boolean;
};

/** The running "remaining" of the disbursements (exact decimal): it must be $0.00 before saving or funding. */
export const balanceOf = (amountFinanced: string, lines: readonly Pick<DisbursementLine, 'amount'>[]): Balance => {
  let total = money(0);
  let readable = true;
  for (const line of lines) {
    const parsed = parseMoneyText(line.amount, { allowNegative: false });
    if (!parsed.ok) readable = false;
    else if (parsed.value !== null) total = total.plus(parsed.value);
  }
  const remaining = readable ? money(amountFinanced).minus(total) : null;
  return { total, remaining, balanced: remaining !== null && remaining.isZero() };
};

/** Spec 3 §5: the rescission date is asked only with a rescission date type; the funding date only with a rescission date. */
export const usesRescissionOf = (worksheet: LoanWorksheet): boolean =>
  worksheet.application.rescissionDateType !== null;

/** '2026-03-07' is a Saturday or a Sunday. */
export const isWeekend = (iso: string): boolean => isIsoDate(iso) && [0, 6].includes(weekday(iso));

/** The field a dry-run `fixPath` points at on this worksheet ('#fundingDate' → 'fundingDate'), or null. */
export const worksheetAnchorOf = (fixPath: string | null): string | null =>
  fixPath && fixPath.startsWith('#') ? fixPath.slice(1) : null;

/**
 * The disclosure request of the loan at the dates being edited (issue 41): the loan's terms, balloon, day count,
 * odd-days treatment and prepaid finance charges — the request the server builds when the loan is saved. Null
 * until both dates read as dates.
 */
export const disclosureRequestOf = (
  loan: Pick<Loan, 'amount' | 'interestRate' | 'term' | 'paymentFrequencyId' | 'balloonAmount' | 'disclosureTerms'>,
  dates: Pick<FundingForm, 'contractDate' | 'firstPaymentDate'>,
): TruthInLendingRequest | null => {
  const contractDate = dates.contractDate?.trim() ?? '';
  const firstPaymentDate = dates.firstPaymentDate?.trim() ?? '';
  if (!isIsoDate(contractDate) || !isIsoDate(firstPaymentDate)) return null;
  return truthInLendingRequestOf({
    amount: loan.amount,
    annualRate: loan.interestRate,
    term: loan.term,
    paymentFrequencyId: loan.paymentFrequencyId,
    contractDate,
    firstPaymentDate,
    balloonAmount: loan.balloonAmount,
    terms: loan.disclosureTerms,
    prepaidFinanceCharges: loan.disclosureTerms.prepaidFinanceCharges,
  });
};
