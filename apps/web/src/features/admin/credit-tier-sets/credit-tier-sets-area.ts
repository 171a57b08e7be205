import { creditTierSetsResource, type RowOf } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';

type TierSetRow = RowOf<typeof creditTierSetsResource>;

const tiersText = (s: TierSetRow) =>
  s.config.tiers.map((t) => `${t.name} ${t.minScore}–${t.maxScore}`).join(' · ') || '—';

/** Administration › Credit Tier Sets (/admin/creditTierSets): the kit's list, and an editor of its own. */
export const creditTierSetsArea = resourceArea({
  key: 'creditTierSets',
  resource: creditTierSetsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.2 },
    {
      field: 'config',
      id: 'scoreModel',
      header: 'Score model',
      flex: 0.7,
      sortable: false,
      text: (s) => s.config.scoreModel,
    },
    { field: 'config', id: 'tiers', header: 'Tiers', flex: 2.2, sortable: false, text: tiersText },
    { field: 'version', header: 'Version', flex: 0.8, sortable: false, text: versionText },
  ],
  fields: [],
  editor: async () => (await import('./credit-tier-set-editor.tsx')).default,
});
