/**
 * The administration home's groups and each area's one-line description, keyed by the area's key (contracts
 * `adminAreas`). Kept on the web side and loaded with the home page only: the shell's first load carries none of
 * it. An area missing here is shown under 'Other' with its title alone.
 */
export const adminGroups = [
  'Users & access',
  'Lending policy',
  'Products & pricing',
  'Funding',
  'Integrations',
  'Communications',
  'Compliance & audit',
] as const;
export type AdminGroup = (typeof adminGroups)[number] | 'Other';

export const adminAreaGuide: Record<string, { group: AdminGroup; description: string }> = {
  users: { group: 'Users & access', description: 'Staff accounts, their roles, lenders and sign-in.' },
  userGroups: { group: 'Users & access', description: 'Teams that share queues, filters and approvals.' },
  branches: { group: 'Users & access', description: 'The branches staff and applications belong to.' },
  applicationLocks: {
    group: 'Users & access',
    description: 'Who holds an application open now; lock on open, and unlock.',
  },
  mfa: { group: 'Users & access', description: 'Second-factor sign-in for privileged users.' },
  decisionEngine: {
    group: 'Lending policy',
    description: 'Products, rates and automatic decisions the engine applies.',
  },
  policySandbox: {
    group: 'Lending policy',
    description: 'Replay a draft policy against past applications before publishing.',
  },
  loanPolicyWorkflows: {
    group: 'Lending policy',
    description: 'The steps and pass/fail checks an application goes through.',
  },
  'matrices/loanLimits': { group: 'Lending policy', description: 'Maximum amounts and terms by tier and collateral.' },
  'matrices/fees': { group: 'Lending policy', description: 'Fees charged by product, tier and amount.' },
  'matrices/additionalRates': {
    group: 'Lending policy',
    description: 'Rate adjustments added on top of the base rate.',
  },
  'matrices/passFail': { group: 'Lending policy', description: 'Yes/no rules a workflow step checks.' },
  creditTierSets: { group: 'Lending policy', description: 'Credit score bands that set tiers and pricing.' },
  loantermsets: { group: 'Lending policy', description: 'The terms a product offers, in months.' },
  decisionRetract: {
    group: 'Lending policy',
    description: 'Changes after a decision that send it back for review.',
  },
  decisionCodes: {
    group: 'Lending policy',
    description: 'Decline reasons, approval conditions and counter-offer reasons.',
  },
  loanAdditions: { group: 'Products & pricing', description: 'GAP, warranties and other add-ons sold with loans.' },
  addOnVendors: { group: 'Products & pricing', description: 'The vendors behind the add-ons and their prices.' },
  crossSells: { group: 'Products & pricing', description: 'Offers suggested to members while applying.' },
  reserveMatrices: { group: 'Products & pricing', description: 'Dealer reserve (participation) by rate and term.' },
  customFields: {
    group: 'Products & pricing',
    description: 'Extra questions a loan product asks on its applications.',
  },
  dealers: { group: 'Products & pricing', description: 'Dealerships that send indirect applications.' },
  disbursements: { group: 'Funding', description: 'How loan proceeds are paid out, per product.' },
  disbursalMethods: { group: 'Funding', description: 'Checks, ACH, dealer drafts and other payout methods.' },
  fundingRequirements: { group: 'Funding', description: 'Stipulations to clear before a loan funds.' },
  corecodemappings: { group: 'Funding', description: "Credence's codes translated to the core system's." },
  lenderCalendar: { group: 'Funding', description: 'Holidays and the time zone that set business days.' },
  creditBureaus: { group: 'Integrations', description: 'Bureau accounts and the score models pulled.' },
  webhooks: { group: 'Integrations', description: 'Signed event notices sent to your systems.' },
  'lender/docStorage': { group: 'Integrations', description: 'Where signed documents and files are filed.' },
  lenderProtection: { group: 'Integrations', description: 'Credentials for collateral protection services.' },
  loanFormDictionaryFields: {
    group: 'Integrations',
    description: "Loan form vendors' field codes and where each value is read.",
  },
  consumerWeb: { group: 'Communications', description: "The member-facing site's look, fields and messages." },
  borrowerNotifications: {
    group: 'Communications',
    description: 'E-mails and texts sent to borrowers as applications move.',
  },
  messages: { group: 'Communications', description: 'Status messages shown for each application state.' },
  usefulLinks: { group: 'Communications', description: "Links in every user's menu." },
  audit: { group: 'Compliance & audit', description: 'Every configuration change: who, when, old and new.' },
};
