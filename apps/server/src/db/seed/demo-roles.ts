import { adminRights, allRights, type Right } from '@credence/contracts';

const officerRights: Right[] = [
  'canViewDashboard',
  'canReceiveNotifications',
  'canPullAndRepullCredit',
  'canDecisionALoan',
  'canFundALoan',
  'canCreateApplication',
];

/** The roles every demo lender has, with their rights (one definition: a lender seeded later gets the same). */
export const demoRoleDefinitions: Record<string, readonly Right[]> = {
  Administrator: allRights,
  'Loan Officer': officerRights,
  Processor: ['canCreateApplication', 'canPullAndRepullCredit'],
  'Lender Administrator': [...adminRights, 'canViewDashboard', 'canViewReports', 'canExportFiles'],
};
