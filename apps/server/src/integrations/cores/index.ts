/** Cores: the adapter interface and the sandbox providers, one per core of spec 3 §9 (issue 14, item 2). */
import type { CoreService } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import type { CoreProvider } from './core.ts';
import { createSandboxCore } from './sandbox-provider.ts';

export * from './core.ts';
export { createSandboxCore, DEFAULT_CORE_TIMEOUT_MS, type SandboxCoreOptions } from './sandbox-provider.ts';
export { CORE_TEST_MEMBERS, sandboxLoanIdPatterns, sandboxProfiles } from './sandbox-profiles.ts';
export { sandboxSsnHash } from './sandbox-ledger.ts';

/**
 * The provider of a lender's core (`lenders.core_service`). Only the sandboxes exist today; a real core's
 * connector would be chosen here by configuration. `db` is the owner's connection (not a tenant transaction):
 * the core is an external system, its writes survive the caller's rollback.
 */
export const createCoreProvider = (
  db: Db,
  coreService: CoreService,
  options: { timeoutMs?: number } = {},
): CoreProvider => createSandboxCore(db, coreService, options);
