import type { DecisionCodeType } from '@credence/contracts';
import type { DbExecutor } from '../client.ts';
import { decisionCodes } from '../schema/index.ts';

type DemoCode = [code: string, description: string];

/**
 * The demo decision codes of every lender. The decline reasons are the principal reasons of Regulation B's model
 * form C-1 (12 CFR 1002, Appendix C, Part I), worded as the form words them: the adverse action notice prints the
 * description. "Other, specify" is the worksheet's free-format reason, not a code.
 */
const demoCodes: Record<DecisionCodeType, DemoCode[]> = {
  declineReason: [
    ['INCOMPLETE', 'Credit application incomplete'],
    ['FEW-REFERENCES', 'Insufficient number of credit references provided'],
    ['REFERENCE-TYPE', 'Unacceptable type of credit references provided'],
    ['VERIFY-REFERENCES', 'Unable to verify credit references'],
    ['TEMP-EMPLOYMENT', 'Temporary or irregular employment'],
    ['VERIFY-EMPLOYMENT', 'Unable to verify employment'],
    ['EMPLOYMENT-LENGTH', 'Length of employment'],
    ['LOW-INCOME', 'Income insufficient for amount of credit requested'],
    ['OBLIGATIONS', 'Excessive obligations in relation to income'],
    ['VERIFY-INCOME', 'Unable to verify income'],
    ['RESIDENCE-LENGTH', 'Length of residence'],
    ['TEMP-RESIDENCE', 'Temporary residence'],
    ['VERIFY-RESIDENCE', 'Unable to verify residence'],
    ['NO-FILE', 'No credit file'],
    ['LIMITED-CREDIT', 'Limited credit experience'],
    ['POOR-WITH-US', 'Poor credit performance with us'],
    ['DELINQUENT', 'Delinquent past or present credit obligations with others'],
    ['COLLECTION', 'Collection action or judgment'],
    ['GARNISHMENT', 'Garnishment or attachment'],
    ['REPOSSESSION', 'Foreclosure or repossession'],
    ['BANKRUPTCY', 'Bankruptcy'],
    ['INQUIRIES', 'Number of recent inquiries on credit bureau report'],
    ['COLLATERAL', 'Value or type of collateral not sufficient'],
  ],
  approvalCondition: [
    ['PROOF-INCOME', 'Proof of income'],
    ['PROOF-INSURANCE', 'Proof of insurance'],
    ['TITLE-LIEN', 'Title with lien noted'],
    ['VERIFY-RESIDENCE', 'Verification of residence'],
    ['VERIFY-EMPLOYMENT', 'Verification of employment'],
    ['BILL-OF-SALE', 'Signed bill of sale or buyer’s order'],
    ['MEMBERSHIP', 'Membership share account opened before funding'],
  ],
  counterReason: [
    ['AMOUNT', 'Amount requested exceeds the maximum for the credit tier'],
    ['TERM', 'Term requested exceeds the maximum for the collateral'],
    ['LTV', 'Loan to value above policy; more down payment required'],
    ['DTI', 'Payment to income above policy at the requested terms'],
    ['RATE', 'Rate adjusted for the credit tier'],
    ['CO-APPLICANT', 'Co-applicant required'],
  ],
  cancelReason: [
    ['WITHDRAWN', 'Withdrawn by applicant'],
    ['DUPLICATE', 'Duplicate application'],
    ['NO-RESPONSE', 'Incomplete – no response'],
    ['ELSEWHERE', 'Applicant financed elsewhere'],
    ['NOT-PURCHASED', 'Vehicle not purchased'],
  ],
};

/** Seeds one lender's decision codes (every type, enabled, in the order above). */
export const seedDecisionCodes = async (tx: DbExecutor, lenderId: number) => {
  const rows = (Object.entries(demoCodes) as [DecisionCodeType, DemoCode[]][]).flatMap(([codeType, codes]) =>
    codes.map(([code, description], i) => ({ lenderId, codeType, code, description, sortOrder: (i + 1) * 10 })),
  );
  await tx.insert(decisionCodes).values(rows);
};
