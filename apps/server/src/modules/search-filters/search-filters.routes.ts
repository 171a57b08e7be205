import {
  errorBodySchema,
  isUniqueQuerySchema,
  isUniqueResponseSchema,
  publishSearchFilterSchema,
  searchFilterIdParamsSchema,
  searchFilterInputSchema,
  searchFilterListSchema,
  searchFilterOrderSchema,
  searchFilterSchema,
  searchFilterUserGroupsSchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './search-filters.service.ts';

const tags = ['search filters'];
const manage = { right: 'canManageSearchFilters' } as const;
const errors = { 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/**
 * Saved search filters and custom queues (spec 1 §7), paths as the spec writes them. Static segments
 * (IsUnique, order, admin) win over `:id` in the router, whatever the registration order.
 */
export const registerSearchFilterRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/SearchFilters',
    {
      schema: {
        tags,
        summary:
          "The caller's filters and queues (enabled or not) and the enabled ones published to the caller's enabled user groups (isMine false), by sort order then name",
        response: { 200: searchFilterListSchema },
      },
    },
    (request) => service.listSearchFilters(db, authOf(request)),
  );

  app.get(
    '/api/SearchFilters/IsUnique',
    {
      schema: {
        tags,
        summary: "Is the name free among the caller's filters of that type (trimmed, ignoring case), leaving out id?",
        querystring: isUniqueQuerySchema,
        response: { 200: isUniqueResponseSchema, 422: errorBodySchema },
      },
    },
    (request) => service.isSearchFilterNameUnique(db, authOf(request), request.query),
  );

  app.put(
    '/api/SearchFilters/order',
    {
      schema: {
        tags,
        summary:
          "Reorder the caller's own filters {ordering: [{id, sortOrder}]} (an id not the caller's: 403 or 404, nothing changed); answers the caller's list",
        body: searchFilterOrderSchema,
        response: { 200: searchFilterListSchema, ...errors },
      },
    },
    (request) => service.reorderSearchFilters(db, authOf(request), request.body),
  );

  app.post(
    '/api/SearchFilters',
    {
      schema: {
        tags,
        summary: 'Create a filter or queue of the caller, placed after their last one (userGroupIds is ignored)',
        body: searchFilterInputSchema,
        response: { 201: searchFilterSchema, 422: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSearchFilter(db, authOf(request), request.body)),
  );

  app.get(
    '/api/SearchFilters/:id',
    {
      schema: {
        tags,
        summary: 'One filter or queue the caller owns or that is published to them',
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.getSearchFilter(db, authOf(request), request.params.id),
  );

  app.put(
    '/api/SearchFilters/:id',
    {
      schema: {
        tags,
        summary: "Update one of the caller's own filters or queues (userGroupIds is ignored)",
        params: searchFilterIdParamsSchema,
        body: searchFilterInputSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.updateSearchFilter(db, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/SearchFilters/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's own filters or queues",
        params: searchFilterIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteSearchFilter(db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/SearchFilters/:id/enable',
    {
      schema: {
        tags,
        summary: "Enable one of the caller's own filters or queues; answers it",
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.setSearchFilterEnabled(db, authOf(request), request.params.id, true),
  );

  app.post(
    '/api/SearchFilters/:id/disable',
    {
      schema: {
        tags,
        summary: "Disable one of the caller's own filters or queues; answers it",
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.setSearchFilterEnabled(db, authOf(request), request.params.id, false),
  );

  app.get(
    '/api/SearchFilters/:id/UserGroups',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "The Publish Filter dialog of one of the caller's filters: every user group of the lender {id, name, enabled} and the chosen ids",
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterUserGroupsSchema, ...errors },
      },
    },
    (request) => service.getSearchFilterUserGroups(db, authOf(request), request.params.id),
  );

  app.put(
    '/api/SearchFilters/:id/Publish',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Publish one of the caller's filters to {userGroupIds} (at least one, of this lender), replacing the earlier groups; answers the filter",
        params: searchFilterIdParamsSchema,
        body: publishSearchFilterSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.publishSearchFilter(db, authOf(request), request.params.id, request.body.userGroupIds),
  );

  app.delete(
    '/api/SearchFilters/:id/Unpublish',
    {
      config: manage,
      schema: {
        tags,
        summary: "Unpublish one of the caller's filters (removes every user group); answers the filter",
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.unpublishSearchFilter(db, authOf(request), request.params.id),
  );

  app.get(
    '/api/SearchFilters/admin',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Every filter and queue of the lender, with the user who created it',
        response: { 200: searchFilterListSchema, 403: errorBodySchema },
      },
    },
    (request) => service.adminListSearchFilters(db, authOf(request)),
  );

  app.post(
    '/api/SearchFilters/admin',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a filter or queue of the caller and publish it to userGroupIds, in one transaction',
        body: searchFilterInputSchema,
        response: { 201: searchFilterSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.adminCreateSearchFilter(db, authOf(request), request.body)),
  );

  app.get(
    '/api/SearchFilters/:id/admin',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Any filter or queue of the lender',
        params: searchFilterIdParamsSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.adminGetSearchFilter(db, authOf(request), request.params.id),
  );

  app.put(
    '/api/SearchFilters/:id/admin',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Update any filter or queue of the lender; userGroupIds, when given, replaces its user groups (empty: unpublished)',
        params: searchFilterIdParamsSchema,
        body: searchFilterInputSchema,
        response: { 200: searchFilterSchema, ...errors },
      },
    },
    (request) => service.adminUpdateSearchFilter(db, authOf(request), request.params.id, request.body),
  );
};
