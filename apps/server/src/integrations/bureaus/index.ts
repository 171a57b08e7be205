/** Credit bureaus: the interface, the sandbox providers and the MISMO 2.4 parser (issue 11, item 1). */
import type { CreditBureau } from '@credence/contracts';
import type { BureauProviderConfig, CreditBureauProvider } from './bureau.ts';
import { createSandboxBureau } from './sandbox-provider.ts';

export * from './bureau.ts';
export { parseMismoCreditResponse, type MismoParseContext } from './mismo-parser.ts';
export { createSandboxBureau, sandboxCreditResponseXml } from './sandbox-provider.ts';
export { sandboxCases, sandboxCaseOf, type SandboxCase } from './sandbox-cases.ts';
export { summarizeCreditReport } from './report-summary.ts';

/** The provider a lender's configuration names for a bureau (only the sandbox today). */
export const createBureauProvider = (
  bureau: CreditBureau,
  config: BureauProviderConfig = { kind: 'sandbox' },
  clock: () => Date = () => new Date(),
): CreditBureauProvider => {
  switch (config.kind) {
    case 'sandbox':
      return createSandboxBureau(bureau, clock);
  }
};
