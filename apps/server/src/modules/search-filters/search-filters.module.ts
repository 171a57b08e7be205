import { searchFilterEndpoints as e } from '@credence/contracts';
import type { Module } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './search-filters.service.ts';

/**
 * Saved search filters and custom queues (spec 1 §7): the declared calls, each handing its parsed input to one
 * service function. Ownership, publishing and the audit are the service's.
 */
export const searchFiltersModule: Module = {
  name: 'search-filters',
  register: (app, { db }) => {
    registerEndpoint(app, e.list, ({ auth }) => service.listSearchFilters(db, auth));
    registerEndpoint(app, e.isUnique, ({ auth, query }) => service.isSearchFilterNameUnique(db, auth, query));
    registerEndpoint(app, e.order, ({ auth, body }) => service.reorderSearchFilters(db, auth, body));
    registerEndpoint(app, e.create, ({ auth, body }) => service.createSearchFilter(db, auth, body));
    registerEndpoint(app, e.get, ({ auth, params }) => service.getSearchFilter(db, auth, params.id));
    registerEndpoint(app, e.update, ({ auth, params, body }) => service.updateSearchFilter(db, auth, params.id, body));
    registerEndpoint(app, e.delete, async ({ auth, params }) => {
      await service.deleteSearchFilter(db, auth, params.id);
      return null;
    });
    registerEndpoint(app, e.enable, ({ auth, params }) => service.setSearchFilterEnabled(db, auth, params.id, true));
    registerEndpoint(app, e.disable, ({ auth, params }) => service.setSearchFilterEnabled(db, auth, params.id, false));
    registerEndpoint(app, e.userGroups, ({ auth, params }) => service.getSearchFilterUserGroups(db, auth, params.id));
    registerEndpoint(app, e.publish, ({ auth, params, body }) =>
      service.publishSearchFilter(db, auth, params.id, body.userGroupIds),
    );
    registerEndpoint(app, e.unpublish, ({ auth, params }) => service.unpublishSearchFilter(db, auth, params.id));
    registerEndpoint(app, e.adminList, ({ auth }) => service.adminListSearchFilters(db, auth));
    registerEndpoint(app, e.adminCreate, ({ auth, body }) => service.adminCreateSearchFilter(db, auth, body));
    registerEndpoint(app, e.adminGet, ({ auth, params }) => service.adminGetSearchFilter(db, auth, params.id));
    registerEndpoint(app, e.adminUpdate, ({ auth, params, body }) =>
      service.adminUpdateSearchFilter(db, auth, params.id, body),
    );
  },
};
