import { adminMessages, decisionRetractionRuleSetsResource, type RowOf } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';
import { retractableFieldLabel } from './retractable-fields.ts';

type RuleSetRow = RowOf<typeof decisionRetractionRuleSetsResource>;

/**
 * Administration › Decision Retraction Rule Sets (/admin/decisionRetract; spec 2 §2, §7 worksheetChangeRule, §8):
 * the kit's list with enable/disable and the spec's toasts, and an editor of its own.
 */
export const decisionRetractArea = resourceArea({
  key: 'decisionRetract',
  resource: decisionRetractionRuleSetsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.1 },
    {
      field: 'config',
      id: 'fields',
      header: 'Retracts on a change of',
      flex: 2.4,
      sortable: false,
      text: (s: RuleSetRow) =>
        s.config.fields.length === 0
          ? '—'
          : `${s.config.fields.length} ${s.config.fields.length === 1 ? 'field' : 'fields'}: ${s.config.fields.map(retractableFieldLabel).join(', ')}`,
    },
    { field: 'version', header: 'Version', flex: 0.6, sortable: false, text: versionText },
  ],
  fields: [],
  texts: {
    created: adminMessages.policy.ruleSetSaved,
    updated: adminMessages.policy.ruleSetSaved,
    saveFailed: adminMessages.policy.ruleSetSaveFailed,
    enabled: adminMessages.policy.ruleSetEnabled,
    disabled: adminMessages.policy.ruleSetDisabled,
    enableFailed: adminMessages.policy.ruleSetEnableFailed,
    disableFailed: adminMessages.policy.ruleSetDisableFailed,
    loadFailed: adminMessages.policy.getRuleSetListFailure,
  },
  editor: async () => (await import('./decision-retract-editor.tsx')).default,
});
