/**
 * The Administration feature's public face: what other features may use of it. The decision worksheet reads the
 * lender's enabled decision codes of one type (decline reasons, approval conditions, counter and cancel reasons)
 * with `useDecisionCodes`, kept under the Decision Codes resource's keys so a save in Administration › Decision
 * Codes refreshes them.
 */
export { useDecisionCodes } from './decision-codes/index.ts';
