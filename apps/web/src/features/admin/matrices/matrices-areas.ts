import {
  matricesResource,
  matrixColumns,
  adminMessages,
  type MatrixColumnKey,
  type MatrixType,
  type RowOf,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import { versionText } from '../kit/policy-version.ts';

type MatrixRow = RowOf<typeof matricesResource>;

/** The four matrix areas of spec 2 §2 (/admin/matrices/<key>) and the type each lists. */
export const matrixAreaTypes = {
  'matrices/loanLimits': 'LoanLimit',
  'matrices/fees': 'Fees',
  // "Additional Rate Matrices" holds every Rate matrix: base rates and additional rates.
  'matrices/additionalRates': 'Rate',
  'matrices/passFail': 'PassFail',
} as const satisfies Record<string, MatrixType>;

const titles: Record<keyof typeof matrixAreaTypes, string> = {
  'matrices/loanLimits': 'Loan Limit Matrices',
  'matrices/fees': 'Fee Matrices',
  'matrices/additionalRates': 'Additional Rate Matrices',
  'matrices/passFail': 'Pass/Fail Matrices',
};

const axesText = (m: MatrixRow) =>
  m.config.axes.map((axis) => matrixColumns[axis.key as MatrixColumnKey]?.label ?? axis.key).join(' × ') || '—';

const matrixArea = (key: keyof typeof matrixAreaTypes) =>
  resourceArea({
    key,
    resource: matricesResource,
    title: titles[key],
    listFilters: { matrixType: matrixAreaTypes[key] },
    columns: [
      { field: 'name', header: 'Name', flex: 1.4 },
      { field: 'config', header: 'Axes', flex: 1.4, sortable: false, text: axesText },
      {
        field: 'config',
        id: 'rowCount',
        header: 'Rows',
        flex: 0.4,
        sortable: false,
        text: (m: MatrixRow) => String(m.config.rows.length),
      },
      { field: 'version', header: 'Version', flex: 0.9, sortable: false, text: versionText },
    ],
    fields: [],
    texts: {
      saveFailed: adminMessages.policy.matrixSaveFailed,
      enableFailed: adminMessages.policy.matrixEnableFailed,
      disableFailed: adminMessages.policy.matrixDisableFailed,
    },
    editor: async () => (await import('./matrix-editor.tsx')).matrixEditor(matrixAreaTypes[key]),
  });

/** Administration › Loan Limit, Fee, Additional Rate and Pass/Fail Matrices: the kit's list, one type each. */
export const matrixAreas = (Object.keys(matrixAreaTypes) as (keyof typeof matrixAreaTypes)[]).map(matrixArea);
