import { dealersResource } from '@credence/contracts';
import { useSaveResource } from '../../../lib/resource-api.ts';

/** Create or update a dealer; every dealer list (the worksheets' pickers too) reads again. */
export const useSaveDealer = () => useSaveResource(dealersResource);
