import { creditTierSetsResource, type RowOf } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';

type TierSetRow = RowOf<typeof creditTierSetsResource>;

/** The tiers by the set's first score model: 'A+ 760–900 · A 720–759' (a tier without its range: its name). */
const tiersText = (s: TierSetRow) => {
  const model = s.config.scoreModels[0]!;
  return (
    s.config.tiers
      .map((t) => {
        const range = t.ranges[model];
        return range ? `${t.name} ${range.minScore}–${range.maxScore}` : t.name;
      })
      .join(' · ') || '—'
  );
};

/** Administration › Credit Tier Sets (/admin/creditTierSets): the kit's list, and an editor of its own. */
export const creditTierSetsArea = resourceArea({
  key: 'creditTierSets',
  resource: creditTierSetsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.2 },
    {
      field: 'config',
      id: 'scoreModels',
      header: 'Score models',
      flex: 0.9,
      sortable: false,
      text: (s) => s.config.scoreModels.join(', '),
    },
    { field: 'config', id: 'tiers', header: 'Tiers', flex: 2.2, sortable: false, text: tiersText },
    { field: 'version', header: 'Version', flex: 0.8, sortable: false, text: versionText },
  ],
  fields: [],
  editor: async () => (await import('./credit-tier-set-editor.tsx')).default,
});
