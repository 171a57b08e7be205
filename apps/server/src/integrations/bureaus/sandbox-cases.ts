/**
 * The sandbox bureaus' test cases, chosen by the last four digits of the SSN (README.md in this folder lists
 * them for testers). Any other SSN gives a `standard` file: 0–40 tradelines drawn from the person's seed.
 */
export const sandboxCases = {
  thinFile: {
    last4: '0001',
    description: 'Thin file: one or two new accounts; FICO models cannot score it, VantageScore can',
  },
  noRecord: { last4: '0002', description: 'No record found: no file, a NoReportReason message' },
  frozen: {
    last4: '0003',
    description: 'Frozen file: a security freeze, no report, a NoReportReason message and a freeze alert',
  },
  ofac: { last4: '0004', description: 'OFAC possible match alert on an otherwise ordinary file' },
  mla: { last4: '0005', description: 'Military Lending Act covered borrower alert' },
  fraudAlert: { last4: '0006', description: 'Initial fraud alert (FCRA §605A) with a contact phone' },
  bankruptcy: {
    last4: '0007',
    description: 'Chapter 7 bankruptcy public record, accounts included in it, rebuilding since',
  },
  allStatuses: { last4: '0008', description: 'One tradeline of every status and every portfolio type of the spec' },
  noTradelines: { last4: '0009', description: 'A file with inquiries but no tradelines: no model can score it' },
  refinance: { last4: '0010', description: 'Open auto and personal loans at high rates: refinance cross-sell offers' },
  excellent: { last4: '0011', description: 'Long, clean history, 25–40 tradelines, scores near the top' },
  subprime: { last4: '0012', description: 'Late payments, collections and charge-offs, scores near the bottom' },
} as const;

export type SandboxCase = keyof typeof sandboxCases | 'standard';

/** The case an SSN (nine digits) selects. */
export const sandboxCaseOf = (ssnDigits: string): SandboxCase => {
  const last4 = ssnDigits.slice(-4);
  const found = (Object.entries(sandboxCases) as [keyof typeof sandboxCases, { last4: string }][]).find(
    ([, c]) => c.last4 === last4,
  );
  return found ? found[0] : 'standard';
};
