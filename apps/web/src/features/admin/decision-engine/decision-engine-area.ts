import { pageArea } from '../kit/areas.ts';

/** Administration › Decision Engine (/admin/decisionEngine): the lender's settings and its auto-approval workflows. */
export const decisionEngineArea = pageArea({
  key: 'decisionEngine',
  title: 'Decision Engine',
  right: 'canManageDecisionEngine',
  page: async () => (await import('./decision-engine-page.tsx')).DecisionEnginePage,
});
