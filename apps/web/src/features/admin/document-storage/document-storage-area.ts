import {
  documentStorageProviderTypeLabels,
  documentStorageResource,
  documentStorageTexts,
  uploadTypes,
  type DocumentStorageProvider,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

const where = (p: DocumentStorageProvider) =>
  p.providerType === 'FileSystem' ? (p.rootDirectory ?? '') : `${p.s3Bucket ?? ''} · ${p.s3Endpoint ?? ''}`;

/**
 * Administration › Document Storage (spec 2 §2 `admin/lender/docStorage`, §7 `lenderDocStorage/*`, §8 'Document
 * Provider Save Failed', 'Document Provider Update Failed'): the kit's list; an editor of its own for the provider's
 * settings, its path template and its field mapping.
 */
export const documentStorageArea = resourceArea({
  key: 'lender/docStorage',
  resource: documentStorageResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.2 },
    {
      field: 'providerType',
      header: 'Type',
      flex: 1,
      text: (p: DocumentStorageProvider) => documentStorageProviderTypeLabels[p.providerType],
    },
    { field: 'rootDirectory', header: 'Where', flex: 1.4, sortable: false, text: where },
    { field: 'pathTemplate', header: 'Path Template', flex: 1.6, sortable: false },
    {
      field: 'uploadTypeIds',
      header: 'Documents',
      flex: 1.2,
      sortable: false,
      text: (p: DocumentStorageProvider) =>
        p.uploadTypeIds.map((id) => uploadTypes.find((u) => u.id === id)?.name ?? String(id)).join(', '),
    },
  ],
  fields: [],
  texts: {
    toastTitle: documentStorageTexts.title,
    createFailed: documentStorageTexts.saveFailed,
    saveFailed: documentStorageTexts.updateFailed,
    enableFailed: documentStorageTexts.enableFailed,
    disableFailed: documentStorageTexts.disableFailed,
  },
  editor: async () => (await import('./document-storage-editor.tsx')).DocumentStorageEditor,
});
