/** The public face of the Decision Codes area: the worksheet's read of one type's enabled codes. */
export { useDecisionCodes } from './use-decision-codes.ts';
