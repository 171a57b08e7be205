import { coreCodeMappingsEndpoints, coreCodeMappingsResource, coreCodeMappingTexts } from '@credence/contracts';
import { coreCodeMappings } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError } from '../../platform/errors.ts';
import {
  credenceLabelColumn,
  credenceValueLabel,
  listCoreCodeValues,
  toCoreCodeMapping,
} from './core-code-mappings.repository.ts';

/**
 * Administration › Core Code Mappings (admin/corecodemappings; spec 2 §7 create, read, update, delete): the kit's
 * verbs on core_code_mappings, each write audited. The value must be one of its kind's (the lender's record, or a
 * name of the fixed list: a 422 on `credenceValue` otherwise); one code per (kind, value) — the unique index
 * decides, also when two saves race, a 422 on `credenceValue`. Plus the values of every kind for the form.
 */
export const coreCodeMappingsModule = crudModule(coreCodeMappingsResource, {
  table: coreCodeMappings,
  uniqueConstraint: 'core_code_mappings_lender_value_key',
  columns: { credenceLabel: credenceLabelColumn },
  toRow: (row, { tx }) => toCoreCodeMapping(tx, row),
  beforeWrite: async ({ tx }, values) => {
    if (values.codeType === undefined || values.credenceValue === undefined) return;
    const codeType = coreCodeMappingsResource.row.shape.codeType.parse(values.codeType);
    if ((await credenceValueLabel(tx, codeType, values.credenceValue)) === undefined)
      throw fieldError('credenceValue', coreCodeMappingTexts.unknownValue);
  },
  extraRoutes: (app, { db }) => {
    registerEndpoint(app, coreCodeMappingsEndpoints.values, (r) =>
      withTenant(db, r.auth.lenderId, (tx) => listCoreCodeValues(tx)),
    );
  },
});
