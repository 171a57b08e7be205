/** Lender protection insurers: the adapter interface and the sandbox Lend Pro (issue 35). */
import type { LenderProtectionProvider } from './insurer.ts';
import { createSandboxInsurer } from './sandbox-insurer.ts';

export * from './insurer.ts';
export {
  checkSandboxCredentials,
  decideSandbox,
  program as sandboxProgram,
  SANDBOX_GRID_VERSION,
  SANDBOX_PROGRAM_CODES,
  SANDBOX_PROVIDER,
  SANDBOX_UNAVAILABLE_SSN_LAST4,
} from './sandbox-insurer.ts';

/** The providers a lender's credentials may name (Administration › Lender Protection). */
export const lenderProtectionProviderNames = ['Lend Pro'] as const;

/** The provider of a credential row (only the sandbox exists today; a real insurer's connector plugs in here). */
export const createLenderProtectionProvider = (name: string): LenderProtectionProvider => {
  switch (name) {
    case 'Lend Pro':
      return createSandboxInsurer();
    default:
      throw new Error(`Unknown lender protection provider ${name}`);
  }
};
