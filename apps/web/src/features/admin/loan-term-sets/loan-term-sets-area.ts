import { loanTermSetsResource, type RowOf } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';

type TermSetRow = RowOf<typeof loanTermSetsResource>;

const termsText = (s: TermSetRow) => {
  const terms = [...new Set(s.config.rows.flatMap((row) => row.terms))].sort((a, b) => a - b);
  return terms.length > 0 ? `${terms.join(', ')} months` : '—';
};

/** Administration › Loan Term Sets (spec 2 §2 admin/loantermsets): the kit's list with enable/disable, and an editor. */
export const loanTermSetsArea = resourceArea({
  key: 'loantermsets',
  resource: loanTermSetsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.4 },
    {
      field: 'config',
      id: 'rows',
      header: 'Bands',
      flex: 0.4,
      sortable: false,
      text: (s) => String(s.config.rows.length),
    },
    { field: 'config', id: 'terms', header: 'Terms offered', flex: 1.4, sortable: false, text: termsText },
    { field: 'version', header: 'Version', flex: 0.8, sortable: false, text: versionText },
  ],
  fields: [],
  editor: async () => (await import('./loan-term-set-editor.tsx')).default,
});
