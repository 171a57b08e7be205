import type { Module } from '../../platform/app-types.ts';
import { registerActionItemRoutes } from './action-items/action-items.routes.ts';
import { registerApplicantRoutes } from './applicants/applicants.routes.ts';
import { registerApplicationAlertRoutes } from './application-alerts/application-alerts.routes.ts';
import { registerApplicationHistoryRoutes } from './application-history/application-history.routes.ts';
import { registerApplicationLockRoutes } from './application-locks/application-locks.routes.ts';
import { registerApplicationRoutes } from './applications.routes.ts';
import { registerApplicationShareRoutes } from './application-shares/application-shares.routes.ts';
import { registerCollateralRoutes } from './collaterals/collaterals.routes.ts';
import { registerCreditRoutes } from './credit/credit.routes.ts';
import { registerCrossSellRoutes } from './cross-sell/cross-sell.routes.ts';
import { registerScreeningRoutes } from './screening/screening.routes.ts';
import { registerCommentRoutes } from './comments/comments.routes.ts';
import { registerDecisionRetractionRoutes } from './decision-retraction/decision-retraction.routes.ts';
import { registerCustomFieldRoutes } from './custom-fields/custom-fields.routes.ts';
import { registerDecisionRoutes } from './decisions/decisions.routes.ts';
import { registerDealerPacketRoutes } from './dealer-packets/dealer-packets.routes.ts';
import { registerFileRoutes } from './files/files.routes.ts';
import { registerFundingRequirementRoutes } from './funding-requirements/funding-requirements.routes.ts';
import { registerLoanRoutes } from './loans/loans.routes.ts';
import { registerHmdaRoutes } from './hmda/hmda.routes.ts';
import { registerPolicyLookupRoutes } from './policy-lookups/policy-lookups.routes.ts';
import { registerPolicyRunRoutes } from './policy-runs/policy-runs.routes.ts';
import { registerPromotionRoutes } from './promotions/promotions.routes.ts';
import { registerTransactionRoutes } from './transactions/transactions.routes.ts';

/**
 * The parts of one application (the loan record, its lock, applicants, collaterals, … , promotions): each part
 * registers its own routes. modules/index.ts spreads this list in place, in this order.
 */
export const applicationModules: Module[] = [
  { name: 'applications', register: registerApplicationRoutes },
  { name: 'application-locks', register: registerApplicationLockRoutes },
  { name: 'applicants', register: registerApplicantRoutes },
  { name: 'collaterals', register: registerCollateralRoutes },
  { name: 'transactions', register: registerTransactionRoutes },
  { name: 'comments', register: registerCommentRoutes },
  { name: 'files', register: registerFileRoutes },
  { name: 'application-history', register: registerApplicationHistoryRoutes },
  { name: 'hmda', register: registerHmdaRoutes },
  { name: 'action-items', register: registerActionItemRoutes },
  { name: 'dealer-packets', register: registerDealerPacketRoutes },
  { name: 'application-shares', register: registerApplicationShareRoutes },
  { name: 'application-alerts', register: registerApplicationAlertRoutes },
  { name: 'custom-fields', register: registerCustomFieldRoutes },
  { name: 'promotions', register: registerPromotionRoutes },
  { name: 'credit', register: registerCreditRoutes },
  { name: 'screening', register: registerScreeningRoutes },
  { name: 'cross-sell', register: registerCrossSellRoutes },
  { name: 'policy-runs', register: registerPolicyRunRoutes },
  { name: 'policy-lookups', register: registerPolicyLookupRoutes },
  { name: 'decisions', register: registerDecisionRoutes },
  { name: 'decision-retraction', register: registerDecisionRetractionRoutes },
  { name: 'loans', register: registerLoanRoutes },
  { name: 'funding-requirements', register: registerFundingRequirementRoutes },
];
