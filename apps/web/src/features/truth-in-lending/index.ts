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
export { TRUTH_IN_LENDING_DEBOUNCE_MS, truthInLendingKeys, useFormDisclosure, useTruthInLending } from './api.ts';
