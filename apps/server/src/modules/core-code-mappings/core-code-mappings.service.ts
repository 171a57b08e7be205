import type { CoreCodeType } from '@credence/contracts';
import type { TenantTx } from '../../db/tenancy.ts';
import { loadCoreCodeMap } from './core-code-mappings.repository.ts';

/**
 * The lender's core code mappings for the funding dry run: kind → Credence value (a record's id as text, or a
 * fixed list's name: 'Monthly', 'AUTO') → the core's code. Every kind is present (an empty map when none is
 * mapped). Runs in the caller's tenant transaction.
 */
export const coreCodeMap = (tx: TenantTx): Promise<Map<CoreCodeType, Map<string, string>>> => loadCoreCodeMap(tx);
