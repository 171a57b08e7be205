import type { Module } from '../platform/app-types.ts';
import { registerActionItemRoutes } from './action-items/action-items.routes.ts';
import { registerApplicantRoutes } from './applicants/applicants.routes.ts';
import { registerApplicationAlertRoutes } from './application-alerts/application-alerts.routes.ts';
import { registerApplicationHistoryRoutes } from './application-history/application-history.routes.ts';
import { registerApplicationLockRoutes } from './application-locks/application-locks.routes.ts';
import { registerApplicationQueueRoutes } from './application-queues/application-queues.routes.ts';
import { registerApplicationShareRoutes } from './application-shares/application-shares.routes.ts';
import { registerApplicationRoutes } from './applications/applications.routes.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerCollateralRoutes } from './collaterals/collaterals.routes.ts';
import { registerCommentRoutes } from './comments/comments.routes.ts';
import { registerCustomFieldRoutes } from './custom-fields/custom-fields.routes.ts';
import { registerDealerPacketRoutes } from './dealer-packets/dealer-packets.routes.ts';
import { applicationStatusMessagesModule } from './application-status-messages/application-status-messages.module.ts';
import { branchesModule } from './branches/branches.module.ts';
import { dealersModule } from './dealers/dealers.module.ts';
import { registerFileRoutes } from './files/files.routes.ts';
import { registerGridSettingRoutes } from './grid-settings/grid-settings.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerHmdaRoutes } from './hmda/hmda.routes.ts';
import { registerLoanProductRoutes } from './loan-products/loan-products.routes.ts';
import { registerMenuRoutes } from './menu/menu.routes.ts';
import { registerNotificationRoutes } from './notifications/notifications.routes.ts';
import { registerPromotionRoutes } from './promotions/promotions.routes.ts';
import { registerRecentApplicationRoutes } from './recent-applications/recent-applications.routes.ts';
import { searchFiltersModule } from './search-filters/search-filters.module.ts';
import { registerSettingsRoutes } from './settings/settings.routes.ts';
import { registerTransactionRoutes } from './transactions/transactions.routes.ts';
import { registerUsefulLinkRoutes } from './useful-links/useful-links.routes.ts';
import { userGroupsModule } from './user-groups/user-groups.module.ts';
import { usersAdminModule } from './users/users-admin.module.ts';
import { registerUserRoutes } from './users/users.routes.ts';

/**
 * Every module of the server, in registration order (app.ts walks this list). A new module adds one line here.
 */
export const modules: Module[] = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'settings', register: registerSettingsRoutes },
  { name: 'auth', register: registerAuthRoutes },
  { name: 'users', register: registerUserRoutes },
  { name: 'menu', register: registerMenuRoutes },
  { name: 'useful-links', register: registerUsefulLinkRoutes },
  { name: 'audit', register: registerAuditRoutes },
  { name: 'notifications', register: registerNotificationRoutes },
  { name: 'loan-products', register: registerLoanProductRoutes },
  dealersModule,
  usersAdminModule,
  userGroupsModule,
  branchesModule,
  applicationStatusMessagesModule,
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
  { name: 'application-queues', register: registerApplicationQueueRoutes },
  { name: 'recent-applications', register: registerRecentApplicationRoutes },
  { name: 'grid-settings', register: registerGridSettingRoutes },
  searchFiltersModule,
];
