import { pageArea } from '../kit/areas.ts';

/** Administration › Policy Sandbox (issue 12, item 3): replay a draft against past applications before publishing. */
export const policySandboxArea = pageArea({
  key: 'policySandbox',
  title: 'Policy Sandbox',
  right: 'canManageDecisionEngine',
  page: async () => (await import('./policy-sandbox-page.tsx')).PolicySandboxPage,
});
