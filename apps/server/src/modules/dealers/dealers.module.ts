import { dealersResource } from '@credence/contracts';
import { dealers } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';

/** Administration › Dealers: the kit's verbs on the dealers table, nothing of its own. */
export const dealersModule = crudModule(dealersResource, { table: dealers });
