/** Named rights. A role is a set of these; every guarded route names one (or only needs a session). */
export const workRights = [
  'canViewDashboard',
  'canReceiveNotifications',
  'canPullAndRepullCredit',
  'canDecisionALoan',
  // Decide terms outside the policy (amount, term, rate) with a reason recorded as an exception (issue 29, item 5).
  'canOverridePolicy',
  'canFundALoan',
  'canCreateApplication',
  'canRevealSensitiveData',
  // Publish saved filters and queues to user groups, and the administrator variants of the filter calls.
  'canManageSearchFilters',
  // The Letters area (/letters): upload, edit, enable and disable the letter templates.
  'canManageLetters',
  // The Reports area (/reports, issue 33): every report and its CSV export.
  'canViewReports',
  // The File Export area (/fileExport, issue 33): start, follow, cancel and download exports.
  'canExportFiles',
] as const;

/** One administration area per entry: its route under /admin, its title, and the right that opens it. */
export const adminAreas = [
  { key: 'loanFormDictionaryFields', title: 'Dictionary Fields', right: 'canManageDictionaryFields' },
  { key: 'loantermsets', title: 'Loan Term Sets', right: 'canManageLoanTermSets' },
  { key: 'matrices/loanLimits', title: 'Loan Limit Matrices', right: 'canManageMatrices' },
  { key: 'matrices/fees', title: 'Fee Matrices', right: 'canManageMatrices' },
  { key: 'matrices/additionalRates', title: 'Additional Rate Matrices', right: 'canManageMatrices' },
  { key: 'matrices/passFail', title: 'Pass/Fail Matrices', right: 'canManageMatrices' },
  { key: 'crossSells', title: 'Cross Sell Settings', right: 'canManageCrossSells' },
  { key: 'creditBureaus', title: 'Credit Bureaus', right: 'canManageCreditBureaus' },
  { key: 'webhooks', title: 'Webhooks', right: 'canManageWebhooks' },
  { key: 'borrowerNotifications', title: 'Borrower Notifications', right: 'canManageBorrowerNotifications' },
  { key: 'branches', title: 'Branches', right: 'canManageBranches' },
  { key: 'reserveMatrices', title: 'Reserve Matrices', right: 'canManageReserveMatrices' },
  { key: 'lender/docStorage', title: 'Document Storage', right: 'canManageDocStorage' },
  { key: 'lenderProtection', title: 'Lender Protection', right: 'canManageLenderProtection' },
  { key: 'userGroups', title: 'User Groups', right: 'canManageUserGroups' },
  { key: 'users', title: 'Users', right: 'canManageUsers' },
  { key: 'dealers', title: 'Dealers', right: 'canManageDealers' },
  { key: 'decisionEngine', title: 'Decision Engine', right: 'canManageDecisionEngine' },
  { key: 'policySandbox', title: 'Policy Sandbox', right: 'canManageDecisionEngine' },
  { key: 'usefulLinks', title: 'Useful Links', right: 'canManageUsefulLinks' },
  { key: 'loanPolicyWorkflows', title: 'Loan Policy Workflows', right: 'canManageLoanPolicyWorkflows' },
  { key: 'corecodemappings', title: 'Core Code Mappings', right: 'canManageCoreCodeMappings' },
  { key: 'messages', title: 'Application Status Messages', right: 'canManageStatusMessages' },
  { key: 'customFields', title: 'Custom Fields', right: 'canManageCustomFields' },
  { key: 'creditTierSets', title: 'Credit Tier Sets', right: 'canManageCreditTierSets' },
  { key: 'consumerWeb', title: 'Consumer Web', right: 'canManageConsumerWeb' },
  { key: 'decisionRetract', title: 'Decision Retraction Rule Sets', right: 'canManageDecisionRetraction' },
  { key: 'disbursements', title: 'Disbursements', right: 'canManageDisbursements' },
  { key: 'disbursalMethods', title: 'Disbursal Methods', right: 'canManageDisbursements' },
  { key: 'fundingRequirements', title: 'Funding Requirements', right: 'canManageFundingRequirements' },
  { key: 'lenderCalendar', title: 'Lender Calendar', right: 'canManageLenderCalendar' },
  { key: 'applicationLocks', title: 'Application Locks', right: 'canManageApplicationLocks' },
  { key: 'decisionCodes', title: 'Decision Codes', right: 'canManageDecisionCodes' },
  { key: 'loanAdditions', title: 'Add-Ons', right: 'canManageLoanAdditions' },
  { key: 'addOnVendors', title: 'Add-On Vendors', right: 'canManageLoanAdditions' },
  { key: 'addOnPriceCaps', title: 'Add-On Price Caps', right: 'canManageLoanAdditions' },
  { key: 'audit', title: 'Audit History', right: 'canViewAuditHistory' },
] as const;

export type AdminArea = (typeof adminAreas)[number];
export const adminRights = [...new Set(adminAreas.map((a) => a.right))] as AdminArea['right'][];
export const allRights = [...workRights, ...adminRights] as const;
export type Right = (typeof workRights)[number] | AdminArea['right'];
export const isRight = (value: string): value is Right => (allRights as readonly string[]).includes(value);
