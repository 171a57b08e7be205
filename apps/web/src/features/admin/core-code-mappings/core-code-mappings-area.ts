import {
  coreCodeMappingsResource,
  coreCodeMappingTexts,
  coreCodeTypeLabels,
  type CoreCodeMapping,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Core Code Mappings (spec 2 §2 admin/corecodemappings, §7 create, read, update, delete, §8
 * 'Core Code Mapping Delete Failed'; generic Saved / Deleted toasts): Credence's values → the lender core's codes,
 * which the funding dry run builds the core's payload through. The kit's list; an editor with the dependent
 * value select.
 */
export const coreCodeMappingsArea = resourceArea({
  key: 'corecodemappings',
  resource: coreCodeMappingsResource,
  columns: [
    {
      field: 'codeType',
      header: 'Code Type',
      flex: 0.9,
      text: (m: CoreCodeMapping) => coreCodeTypeLabels[m.codeType],
    },
    { field: 'credenceLabel', header: 'Credence Value', flex: 1.3 },
    { field: 'coreCode', header: 'Core Code', flex: 0.8 },
    { field: 'description', header: 'Description', flex: 1.6 },
  ],
  fields: [],
  texts: { deleteFailed: coreCodeMappingTexts.deleteFailed, saveFailed: coreCodeMappingTexts.saveFailed },
  editor: async () => (await import('./core-code-mapping-editor.tsx')).CoreCodeMappingEditor,
});
