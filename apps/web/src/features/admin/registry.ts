import { applicationLocksArea } from './application-locks/application-locks-area.ts';
import { statusMessagesArea } from './application-status-messages/application-status-messages-area.ts';
import { auditArea } from './audit/audit-area.ts';
import { branchesArea } from './branches/branches-area.ts';
import { creditBureausArea } from './credit-bureaus/credit-bureaus-area.ts';
import { creditTierSetsArea } from './credit-tier-sets/credit-tier-sets-area.ts';
import { crossSellsArea } from './cross-sells/cross-sells-area.ts';
import { dealersArea } from './dealers/dealers-area.ts';
import { documentStorageArea } from './document-storage/document-storage-area.ts';
import { consumerWebArea, consumerWebMessagesArea } from './consumer-web/consumer-web-area.ts';
import { dictionaryFieldsArea } from './dictionary-fields/dictionary-fields-area.ts';
import { customFieldsArea } from './custom-fields/custom-fields-area.ts';
import { decisionCodesArea } from './decision-codes/decision-codes-area.ts';
import { loanAdditionsArea } from './loan-additions/loan-additions-area.ts';
import { addOnPriceCapsArea, addOnVendorsArea } from './add-on-vendors/add-on-vendors-area.ts';
import { disbursalMethodsArea } from './disbursal-methods/disbursal-methods-area.ts';
import { disbursementsArea } from './disbursements/disbursements-area.ts';
import { coreCodeMappingsArea } from './core-code-mappings/core-code-mappings-area.ts';
import { fundingRequirementsArea } from './funding-requirements/funding-requirements-area.ts';
import { lenderCalendarArea } from './lender-calendar/lender-calendar-area.ts';
import { lenderProtectionArea } from './lender-protection/lender-protection-area.ts';
import { decisionEngineArea } from './decision-engine/decision-engine-area.ts';
import { decisionRetractArea } from './decision-retract/decision-retract-area.ts';
import type { AdminAreaEntry } from './kit/types.ts';
import { loanTermSetsArea } from './loan-term-sets/loan-term-sets-area.ts';
import { matrixAreas } from './matrices/matrices-areas.ts';
import { policySandboxArea } from './policy-sandbox/policy-sandbox-area.ts';
import { reserveMatricesArea } from './reserve-matrices/reserve-matrices-area.ts';
import { usefulLinksArea } from './useful-links/useful-links-area.ts';
import { userGroupsArea } from './user-groups/user-groups-area.ts';
import { usersArea } from './users/users-area.ts';
import { webhooksArea } from './webhooks/webhooks-area.ts';
import { borrowerNotificationsArea } from './borrower-notifications/borrower-notifications-area.ts';
import { workflowAreas } from './workflows/workflows-areas.tsx';

/**
 * The administration areas built so far (issue 9): each feeds the router (/admin/<key>), the generic list and form
 * page, and its tests. The side menu lists the areas the user's rights open (server, contracts `adminAreas`).
 * An area declares only what is its own (features/admin/<area>/<area>-area.ts): columns, form fields, the spec's
 * texts, an editor or a page of its own.
 */
export const adminRegistry: AdminAreaEntry[] = [
  dealersArea,
  branchesArea,
  statusMessagesArea,
  usersArea,
  userGroupsArea,
  usefulLinksArea,
  creditBureausArea,
  crossSellsArea,
  ...matrixAreas,
  creditTierSetsArea,
  loanTermSetsArea,
  decisionRetractArea,
  decisionCodesArea,
  loanAdditionsArea,
  addOnVendorsArea,
  addOnPriceCapsArea,
  reserveMatricesArea,
  disbursalMethodsArea,
  disbursementsArea,
  coreCodeMappingsArea,
  fundingRequirementsArea,
  dictionaryFieldsArea,
  customFieldsArea,
  decisionEngineArea,
  policySandboxArea,
  ...workflowAreas,
  applicationLocksArea,
  lenderCalendarArea,
  documentStorageArea,
  consumerWebArea,
  consumerWebMessagesArea,
  lenderProtectionArea,
  webhooksArea,
  borrowerNotificationsArea,
  auditArea,
];

export const findAdminArea = (key: string) =>
  adminRegistry.find((area) => area.key.toLowerCase() === key.toLowerCase());
