import { branchesResource } from '@credence/contracts';
import { branches } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';

/** Administration › Branches: the kit's verbs on the branches table. */
export const branchesModule = crudModule(branchesResource, { table: branches });
