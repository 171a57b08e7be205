/**
 * The Truth in Lending disclosure shared by the worksheets (issue 41, build items 3–5): the box lenders print, its
 * view of an answer of `POST /api/tools/truthInLending` or of a stored disclosure, and the call's hook.
 */
export { TruthInLendingBox } from './truth-in-lending-box.tsx';
export {
  disclosureFailureOf,
  disclosureTexts,
  viewOfAnswer,
  viewOfStored,
  type AnsweredDisclosure,
  type DisclosureFailure,
  type DisclosureView,
  type StoredTerms,
} from './truth-in-lending-model.ts';
// The disclosure call's hook lives with the Payment Calculator (features/tools, being edited beside this work);
// it moves here, or tools gets an index.ts, once that work lands. Until then this is the one import across.
// eslint-disable-next-line import-x/no-restricted-paths
export { useTruthInLending } from '../tools/api.ts';
