/**
 * Decision retraction (spec 2 §3, worksheet-change rule of type decision retraction): which of the application
 * fields changed after a decision retract it under the lender's enabled rule sets.
 */
import type { DecisionRetractionRuleSet } from '@credence/contracts/policy';

/** The changed fields that retract the decision, in the order given (none: the decision stands). */
export const retractingChanges = (
  ruleSets: readonly Pick<DecisionRetractionRuleSet, 'fields'>[],
  changedFields: readonly string[],
): string[] => {
  const watched = new Set<string>(ruleSets.flatMap((set) => set.fields));
  return changedFields.filter((field, i) => watched.has(field) && changedFields.indexOf(field) === i);
};
