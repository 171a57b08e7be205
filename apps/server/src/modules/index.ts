import type { Module } from '../platform/app-types.ts';
import { applicationModules } from './applications/application-modules.ts';
import { registerApplicationQueueRoutes } from './application-queues/application-queues.routes.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerMfaRoutes } from './auth/mfa.routes.ts';
import { registerCreditBureauRoutes } from './credit-bureaus/credit-bureaus.routes.ts';
import { registerCoreRoutes } from './cores/cores.routes.ts';
import { applicationStatusMessagesModule } from './application-status-messages/application-status-messages.module.ts';
import { branchesModule } from './branches/branches.module.ts';
import { crossSellsModule } from './cross-sells/cross-sells.module.ts';
import { dealersModule } from './dealers/dealers.module.ts';
import { decisionCodesModule } from './decision-codes/decision-codes.module.ts';
import { registerDecisionEngineRoutes } from './decision-engine/decision-engine.routes.ts';
import { registerGridSettingRoutes } from './grid-settings/grid-settings.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { hubEventsModule } from './hub-events/hub-events.module.ts';
import { lettersModule } from './letters/letters.module.ts';
import { registerLenderCalendarRoutes } from './lender-calendar/lender-calendar.routes.ts';
import { registerLoanSummaryGraphql } from './loan-summary/graphql/loan-summary.graphql.service.ts';
import { registerLoanSummaryRoutes } from './loan-summary/loan-summary.routes.ts';
import { loanAdditionsModule } from './loan-additions/loan-additions.module.ts';
import { addOnPriceCapsModule, addOnVendorsModule } from './add-on-vendors/add-on-vendors.module.ts';
import { vehiclesModule } from './vehicles/vehicles.module.ts';
import { disbursalMethodsModule } from './disbursal-methods/disbursal-methods.module.ts';
import { disbursementsModule } from './disbursements/disbursements.module.ts';
import { coreCodeMappingsModule } from './core-code-mappings/core-code-mappings.module.ts';
import { fundingRequirementsModule } from './funding-requirements/funding-requirements.module.ts';
import { dictionaryFieldsModule } from './dictionary-fields/dictionary-fields.module.ts';
import { customFieldDefinitionsModule } from './custom-field-definitions/custom-field-definitions.module.ts';
import { registerLoanProductRoutes } from './loan-products/loan-products.routes.ts';
import { registerMenuRoutes } from './menu/menu.routes.ts';
import { notificationsModule } from './notifications/notifications.module.ts';
import { registerRecentApplicationRoutes } from './recent-applications/recent-applications.routes.ts';
import { reserveModules } from './reserves/reserves.module.ts';
import { policyObjectModules } from './policy/policy-objects.module.ts';
import { registerPolicyRoutes } from './policy/policy.routes.ts';
import { registerPolicyReplayRoutes } from './policy-replays/policy-replays.routes.ts';
import { searchFiltersModule } from './search-filters/search-filters.module.ts';
import { smsModule } from './sms/sms.module.ts';
import { registerSettingsRoutes } from './settings/settings.routes.ts';
import { truthInLendingModule } from './truth-in-lending/truth-in-lending.module.ts';
import { registerUsefulLinkRoutes } from './useful-links/useful-links.routes.ts';
import { userGroupsModule } from './user-groups/user-groups.module.ts';
import { usersAdminModule } from './users/users-admin.module.ts';
import { registerUserRoutes } from './users/users.routes.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { widgetsModule } from './widgets/widgets.module.ts';
import { reportsModule } from './reports/reports.module.ts';
import { fileExportModule } from './file-export/file-export.module.ts';
import { lenderProtectionAdminModule } from './lender-protection/lender-protection-admin.module.ts';
import { lenderProtectionModule } from './lender-protection/lender-protection.routes.ts';
import { webhooksModule } from './webhooks/webhooks.module.ts';
import { borrowerNotificationsModule } from './borrower-notifications/borrower-notifications.module.ts';
import { documentStorageModule } from './document-storage/document-storage.module.ts';
import { consumerWebModule } from './consumer-web/consumer-web.module.ts';

/**
 * Every module of the server, in registration order (app.ts walks this list). A new module adds one line here.
 */
export const modules: Module[] = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'settings', register: registerSettingsRoutes },
  { name: 'auth', register: registerAuthRoutes },
  { name: 'mfa', register: registerMfaRoutes },
  { name: 'users', register: registerUserRoutes },
  { name: 'profile', register: registerProfileRoutes },
  widgetsModule,
  { name: 'menu', register: registerMenuRoutes },
  { name: 'useful-links', register: registerUsefulLinkRoutes },
  { name: 'credit-bureaus', register: registerCreditBureauRoutes },
  { name: 'audit', register: registerAuditRoutes },
  notificationsModule,
  hubEventsModule,
  { name: 'loan-products', register: registerLoanProductRoutes },
  dealersModule,
  usersAdminModule,
  userGroupsModule,
  branchesModule,
  applicationStatusMessagesModule,
  crossSellsModule,
  decisionCodesModule,
  loanAdditionsModule,
  addOnVendorsModule,
  addOnPriceCapsModule,
  vehiclesModule,
  disbursalMethodsModule,
  disbursementsModule,
  coreCodeMappingsModule,
  fundingRequirementsModule,
  dictionaryFieldsModule,
  customFieldDefinitionsModule,
  ...reserveModules,
  // Before the policy resources: their static paths (matrices/columnDefinitions) beside matrices/:id.
  { name: 'policy', register: registerPolicyRoutes },
  { name: 'decision-engine', register: registerDecisionEngineRoutes },
  ...policyObjectModules,
  { name: 'policy-replays', register: registerPolicyReplayRoutes },
  ...applicationModules,
  { name: 'cores', register: registerCoreRoutes },
  { name: 'application-queues', register: registerApplicationQueueRoutes },
  { name: 'recent-applications', register: registerRecentApplicationRoutes },
  { name: 'grid-settings', register: registerGridSettingRoutes },
  searchFiltersModule,
  lettersModule,
  reportsModule,
  fileExportModule,
  lenderProtectionAdminModule,
  lenderProtectionModule,
  webhooksModule,
  borrowerNotificationsModule,
  documentStorageModule,
  consumerWebModule,
  truthInLendingModule,
  { name: 'lender-calendar', register: registerLenderCalendarRoutes },
  { name: 'loan-summary-graphql', register: registerLoanSummaryGraphql },
  { name: 'loan-summary', register: registerLoanSummaryRoutes },
  smsModule,
];
