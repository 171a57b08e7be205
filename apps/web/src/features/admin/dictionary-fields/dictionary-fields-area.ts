import { dictionaryFieldsResource, dictionaryFieldTexts, type DictionaryField } from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Dictionary Fields (/admin/loanFormDictionaryFields; spec 2 §2): the codes of the loan form
 * vendors' fields and the JMESPath that reads each from the application's document. The kit's list; an editor of
 * its own with the IsUnique check and a test of the path against an application. A created field opens at
 * /admin/loanFormDictionaryFields/{id} (spec 2 §2), where its path can be tested.
 */
export const dictionaryFieldsArea = resourceArea({
  key: 'loanFormDictionaryFields',
  resource: dictionaryFieldsResource,
  columns: [
    { field: 'formVendor', header: 'Form Vendor', flex: 1 },
    { field: 'formCode', header: 'Form Code', flex: 1 },
    {
      field: 'jmesPath',
      header: 'JMESPath',
      flex: 2.2,
      text: (row: DictionaryField) => row.jmesPath,
    },
  ],
  fields: [],
  texts: { saveFailed: dictionaryFieldTexts.saveFailed, deleteFailed: dictionaryFieldTexts.deleteFailed },
  editor: async () => (await import('./dictionary-field-editor.tsx')).DictionaryFieldEditor,
});
