import type { ComponentType } from 'react';
import {
  describeReserve,
  reserveMatricesResource,
  reserveMethodLabels,
  reservesResource,
  reserveTexts,
  type Reserve,
  type ReserveMatrix,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';
import type { AdminAreaEntry, EditorProps } from '../kit/types.ts';

export type ResourceEntry = Extract<AdminAreaEntry, { kind: 'resource' }>;

const texts = {
  created: reserveTexts.saved,
  updated: reserveTexts.saved,
  enabled: reserveTexts.enabled,
  disabled: reserveTexts.disabled,
  enableFailed: reserveTexts.enableFailed,
  disableFailed: reserveTexts.disableFailed,
  loadFailed: reserveTexts.loadFailed,
};

/** The Reserve Matrices tab: the kit's list of matrices and the matrix editor. */
export const reserveMatricesListArea = resourceArea({
  key: 'reserveMatrices',
  resource: reserveMatricesResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.6 },
    {
      field: 'defaultReserveName',
      header: 'Default Reserve',
      flex: 1.2,
      text: (m: ReserveMatrix) => m.defaultReserveName || 'None',
    },
    { field: 'rowCount', header: 'Rows', flex: 0.5 },
  ],
  fields: [],
  texts: { ...texts, saveFailed: reserveTexts.matrixSaveFailed },
  editor: async () =>
    (await import('./reserve-matrix-editor.tsx')).ReserveMatrixEditor as ComponentType<EditorProps<ReserveMatrix>>,
}) as ResourceEntry;

/** The Reserves tab: the kit's list of reserves and the reserve editor (only the method's fields). */
export const reservesListArea = resourceArea({
  key: 'reserveMatrices',
  resource: reservesResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.4 },
    { field: 'method', header: 'Method', flex: 1, text: (r: Reserve) => reserveMethodLabels[r.method] },
    // The cap is part of the computation's words.
    { field: 'flatAmount', header: 'Computation', flex: 2.6, sortable: false, text: describeReserve },
  ],
  fields: [],
  texts: { ...texts, saveFailed: reserveTexts.saveFailed },
  editor: async () => (await import('./reserve-editor.tsx')).ReserveEditor as ComponentType<EditorProps<Reserve>>,
}) as ResourceEntry;
