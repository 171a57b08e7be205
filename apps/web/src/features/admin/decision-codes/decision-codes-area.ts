import { pageArea } from '../kit/areas.ts';

/**
 * Administration › Decision Codes (/admin/decisionCodes): the codes the decision worksheet offers — decline
 * reasons, approval conditions, counter reasons and cancel reasons — one tab per type, each the kit's list.
 */
export const decisionCodesArea = pageArea({
  key: 'decisionCodes',
  title: 'Decision Codes',
  right: 'canManageDecisionCodes',
  page: async () => (await import('./decision-codes-page.tsx')).DecisionCodesPage,
});
