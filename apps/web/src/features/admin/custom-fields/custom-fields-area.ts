import {
  customFieldDefinitionsResource,
  customFieldDefinitionTexts,
  customFieldTypeLabels,
  type CustomFieldDefinition,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Custom Fields (/admin/customFields): the fields each loan product asks for on its applications
 * (the application's Custom Fields dialog shows the enabled ones, in order). The kit's list — searched by label or
 * product — and an editor of its own: product, label, type (text, number, money, date, yes/no, list with its
 * options), required, order, enabled. A field with values keeps its type.
 */
export const customFieldsArea = resourceArea({
  key: 'customFields',
  resource: customFieldDefinitionsResource,
  columns: [
    { field: 'label', header: 'Label', flex: 1.6 },
    { field: 'loanProductName', header: 'Loan Product', flex: 1.2 },
    {
      field: 'fieldType',
      header: 'Type',
      flex: 0.8,
      text: (row: CustomFieldDefinition) =>
        row.fieldType === 'SELECT'
          ? `${customFieldTypeLabels.SELECT} (${row.options.length})`
          : customFieldTypeLabels[row.fieldType],
    },
    {
      field: 'required',
      header: 'Required',
      flex: 0.6,
      text: (row: CustomFieldDefinition) => (row.required ? 'Yes' : 'No'),
    },
    { field: 'sortOrder', header: 'Order', flex: 0.5 },
    {
      field: 'inUse',
      header: 'In Use',
      flex: 0.5,
      sortable: false,
      text: (row: CustomFieldDefinition) => (row.inUse ? 'Yes' : 'No'),
    },
  ],
  fields: [],
  texts: { loadFailed: customFieldDefinitionTexts.loadFailed, saveFailed: customFieldDefinitionTexts.saveFailed },
  editor: async () => (await import('./custom-field-editor.tsx')).CustomFieldEditor,
});
