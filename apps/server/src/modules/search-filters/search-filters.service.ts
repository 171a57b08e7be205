import {
  messages,
  savedQueueCriteriaSchema,
  type FieldError,
  type SearchFilter,
  type SearchFilterOrder,
  type SearchFilterType,
  type SearchFilterUserGroups,
  type searchFilterInputSchema,
} from '@credence/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import { AppError, fieldError, notFound, validationError } from '../../platform/errors.ts';
import * as repo from './search-filters.repository.ts';

export type SearchFilterBody = z.output<typeof searchFilterInputSchema>;
type Who = repo.Who;

const whoOf = (auth: AuthContext): Who => ({ lenderId: auth.lenderId, userId: auth.userId });

const toView = (row: repo.SearchFilterRow, who: Who): SearchFilter => ({
  id: row.id,
  name: row.name,
  type: row.type,
  filter: row.filter,
  userGroupIds: row.userGroupIds,
  showOnSideMenu: row.showOnSideMenu,
  enabled: row.enabled,
  sortOrder: row.sortOrder,
  createdByUser: row.createdByName === null ? null : { id: row.createdByUserId, name: row.createdByName },
  isMine: row.createdByUserId === who.userId,
});

const filterNotFound = () => notFound(messages.queues.filterNotFound);
const notOwner = () => new AppError(403, 'FORBIDDEN', messages.searchFilters.notOwner);

/** A filter the caller may see (own or published to them); anything else is a 404 that says nothing more. */
const loadVisible = async (tx: TenantTx, who: Who, id: number, lock: repo.Lock = {}) => {
  const row = await repo.findFilter(tx, who, id, lock);
  if (!row || !row.visible) throw filterNotFound();
  return row;
};

/** A filter the caller owns, locked for the write: a visible one of someone else is a 403, an invisible one a 404. */
const loadOwn = async (tx: TenantTx, who: Who, id: number, lock: repo.Lock = { lock: true }) => {
  const row = await loadVisible(tx, who, id, lock);
  if (row.createdByUserId !== who.userId) throw notOwner();
  return row;
};

/** Any filter of the lender (administrator calls); locked when the call writes. */
const loadAny = async (tx: TenantTx, who: Who, id: number, lock: repo.Lock = {}) => {
  const row = await repo.findFilter(tx, who, id, lock);
  if (!row) throw filterNotFound();
  return row;
};

const reload = async (tx: TenantTx, who: Who, id: number) => toView(await loadAny(tx, who, id), who);

/** The audit's area (DESIGN.md rule 13): one record per filter, its id, labelled by its name. */
export const SEARCH_FILTERS_AREA = 'searchFilters';

/** What the audit keeps of a filter: its values, not whether the caller happens to own it. */
const auditedValues = ({ isMine: _isMine, ...values }: SearchFilter) => values;

/**
 * Records one audit row of a write in its transaction: the fields that changed, old → new. A write that changed
 * nothing records nothing. Reordering, publishing and unpublishing are recorded as 'update' (their changes name
 * sortOrder or userGroupIds), so the audit's as-of replay, which reads the value actions only, sees them.
 */
const audit = async (
  tx: TenantTx,
  auth: AuthContext,
  action: 'create' | 'update' | 'delete' | 'enable' | 'disable',
  before: SearchFilter | null,
  after: SearchFilter | null,
) => {
  const record = after ?? before;
  if (!record) return;
  const changes = changedFields(before && auditedValues(before), after && auditedValues(after));
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, auth, {
    area: SEARCH_FILTERS_AREA,
    action,
    recordId: record.id,
    details: { label: record.name, changes },
  });
};

const UNIQUE_VIOLATION = '23505';
const NAME_KEY = 'search_filters_owner_type_name_key';
const isNameTaken = (error: unknown) => {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return cause.code === UNIQUE_VIOLATION && cause.constraint === NAME_KEY;
};
const nameNotUnique = () => fieldError('name', messages.searchFilters.nameNotUnique);

/** Runs a write in one tenant transaction; a name taken meanwhile (the unique index) is the same 422. */
const write = async <T>(db: Db, auth: AuthContext, work: (tx: TenantTx, who: Who) => Promise<T>): Promise<T> => {
  try {
    return await withTenant(db, auth.lenderId, (tx) => work(tx, whoOf(auth)));
  } catch (error) {
    if (isNameTaken(error)) throw nameNotUnique();
    throw error;
  }
};

const ensureNameFree = async (
  tx: TenantTx,
  key: { lenderId: number; ownerId: number; type: SearchFilterType; name: string; excludeId?: number },
) => {
  if (await repo.isNameTaken(tx, key)) throw nameNotUnique();
};

/**
 * The criteria as parsed by their schema, written out again: unknown keys dropped, text trimmed, defaults filled
 * in, no odd spacing — what is stored is what the queue search understands, never the text exactly as sent. The
 * body schema has already validated it (a 422 otherwise), so this parse cannot fail.
 */
export const normaliseCriteria = (filter: string): string =>
  JSON.stringify(savedQueueCriteriaSchema.parse(JSON.parse(filter)));

const valuesOf = (body: SearchFilterBody): repo.FilterValues => ({
  name: body.name,
  type: body.type,
  filter: normaliseCriteria(body.filter),
  showOnSideMenu: body.showOnSideMenu,
  enabled: body.enabled,
});

/** Every id must be a user group of the lender (disabled ones too: the dialog offers them); 422 otherwise. */
const checkGroups = async (tx: TenantTx, who: Who, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = new Set((await repo.listUserGroups(tx, who.lenderId, unique)).map((g) => g.id));
  const errors = ids.flatMap((id, i): FieldError[] =>
    found.has(id) ? [] : [{ field: `userGroupIds.${i}`, message: messages.searchFilters.groupNotFound }],
  );
  if (errors.length > 0) throw validationError(errors);
  return unique;
};

// ---- The caller's own filters and queues ----

/** Own filters and queues (enabled or not) and the enabled ones published to the caller's enabled groups. */
export const listSearchFilters = (db: Db, auth: AuthContext): Promise<SearchFilter[]> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const who = whoOf(auth);
    return (await repo.listVisible(tx, who)).map((row) => toView(row, who));
  });

export const getSearchFilter = (db: Db, auth: AuthContext, id: number): Promise<SearchFilter> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const who = whoOf(auth);
    return toView(await loadVisible(tx, who, id), who);
  });

/** Creates a filter or queue of the caller, after their last one. userGroupIds is not honoured here. */
export const createSearchFilter = (db: Db, auth: AuthContext, body: SearchFilterBody): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    await ensureNameFree(tx, { lenderId: who.lenderId, ownerId: who.userId, type: body.type, name: body.name });
    const id = await repo.insertFilter(tx, who, valuesOf(body));
    const created = await reload(tx, who, id);
    await audit(tx, auth, 'create', null, created);
    return created;
  });

/** Updates one of the caller's filters. userGroupIds is not honoured here. */
export const updateSearchFilter = (
  db: Db,
  auth: AuthContext,
  id: number,
  body: SearchFilterBody,
): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    const before = toView(await loadOwn(tx, who, id), who);
    await ensureNameFree(tx, {
      lenderId: who.lenderId,
      ownerId: who.userId,
      type: body.type,
      name: body.name,
      excludeId: id,
    });
    await repo.updateFilter(tx, who.lenderId, id, valuesOf(body));
    const after = await reload(tx, who, id);
    await audit(tx, auth, 'update', before, after);
    return after;
  });

export const deleteSearchFilter = (db: Db, auth: AuthContext, id: number): Promise<void> =>
  write(db, auth, async (tx, who) => {
    const before = toView(await loadOwn(tx, who, id), who);
    await repo.deleteFilter(tx, who.lenderId, id);
    await audit(tx, auth, 'delete', before, null);
  });

export const setSearchFilterEnabled = (
  db: Db,
  auth: AuthContext,
  id: number,
  enabled: boolean,
): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    const before = toView(await loadOwn(tx, who, id), who);
    await repo.setEnabled(tx, who.lenderId, id, enabled);
    const after = await reload(tx, who, id);
    await audit(tx, auth, enabled ? 'enable' : 'disable', before, after);
    return after;
  });

/** Is `name` free among the caller's filters of `type` (trimmed, ignoring case), leaving out `id`? */
export const isSearchFilterNameUnique = (
  db: Db,
  auth: AuthContext,
  query: { name: string; type: SearchFilterType; id?: number | undefined },
): Promise<{ isUnique: boolean }> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const name = query.name.trim();
    if (name === '') return { isUnique: true };
    const taken = await repo.isNameTaken(tx, {
      lenderId: auth.lenderId,
      ownerId: auth.userId,
      type: query.type,
      name,
      excludeId: query.id,
    });
    return { isUnique: !taken };
  });

/** Sets the sort order of the caller's own filters; any other id (someone else's, unknown) changes nothing. */
export const reorderSearchFilters = (db: Db, auth: AuthContext, body: SearchFilterOrder): Promise<SearchFilter[]> =>
  write(db, auth, async (tx, who) => {
    const ids = body.ordering.map((o) => o.id);
    if (new Set(ids).size !== ids.length) throw fieldError('ordering', messages.errors.validation);
    const rows = await repo.findFilters(tx, who, ids);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row || !row.visible) throw filterNotFound();
      if (row.createdByUserId !== who.userId) throw notOwner();
    }
    await repo.reorder(tx, who, body.ordering);
    const after = (await repo.listVisible(tx, who)).map((row) => toView(row, who));
    // One row per filter whose place changed.
    for (const row of rows) {
      await audit(tx, auth, 'update', toView(row, who), after.find((f) => f.id === row.id) ?? null);
    }
    return after;
  });

// ---- Publishing (right canManageSearchFilters, the caller's own filters) ----

/** The Publish Filter dialog: every user group of the lender, and those the filter is published to. */
export const getSearchFilterUserGroups = (db: Db, auth: AuthContext, id: number): Promise<SearchFilterUserGroups> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const who = whoOf(auth);
    const row = await loadOwn(tx, who, id, { lock: false });
    return { userGroups: await repo.listUserGroups(tx, who.lenderId), userGroupIds: row.userGroupIds };
  });

/** Publishes to exactly these groups (replacing the earlier ones); all of them or nothing. */
export const publishSearchFilter = (
  db: Db,
  auth: AuthContext,
  id: number,
  userGroupIds: number[],
): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    const before = toView(await loadOwn(tx, who, id), who);
    const groups = await checkGroups(tx, who, userGroupIds);
    await repo.replaceUserGroups(tx, who.lenderId, id, groups);
    const after = await reload(tx, who, id);
    await audit(tx, auth, 'update', before, after);
    return after;
  });

export const unpublishSearchFilter = (db: Db, auth: AuthContext, id: number): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    const before = toView(await loadOwn(tx, who, id), who);
    await repo.replaceUserGroups(tx, who.lenderId, id, []);
    const after = await reload(tx, who, id);
    await audit(tx, auth, 'update', before, after);
    return after;
  });

// ---- Administrator calls (right canManageSearchFilters): every filter and queue of the lender ----

export const adminListSearchFilters = (db: Db, auth: AuthContext): Promise<SearchFilter[]> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const who = whoOf(auth);
    return (await repo.listAll(tx, who)).map((row) => toView(row, who));
  });

export const adminGetSearchFilter = (db: Db, auth: AuthContext, id: number): Promise<SearchFilter> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const who = whoOf(auth);
    return toView(await loadAny(tx, who, id), who);
  });

/** Creates a filter or queue of the caller and publishes it to userGroupIds, in one transaction. */
export const adminCreateSearchFilter = (db: Db, auth: AuthContext, body: SearchFilterBody): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    await ensureNameFree(tx, { lenderId: who.lenderId, ownerId: who.userId, type: body.type, name: body.name });
    const groups = await checkGroups(tx, who, body.userGroupIds ?? []);
    const id = await repo.insertFilter(tx, who, valuesOf(body));
    if (groups.length > 0) await repo.replaceUserGroups(tx, who.lenderId, id, groups);
    const created = await reload(tx, who, id);
    await audit(tx, auth, 'create', null, created);
    return created;
  });

/**
 * Updates any filter or queue of the lender (the name stays unique among its owner's); userGroupIds, when
 * given, replaces its groups (an empty list unpublishes it).
 */
export const adminUpdateSearchFilter = (
  db: Db,
  auth: AuthContext,
  id: number,
  body: SearchFilterBody,
): Promise<SearchFilter> =>
  write(db, auth, async (tx, who) => {
    const row = await loadAny(tx, who, id, { lock: true });
    const before = toView(row, who);
    await ensureNameFree(tx, {
      lenderId: who.lenderId,
      ownerId: row.createdByUserId,
      type: body.type,
      name: body.name,
      excludeId: id,
    });
    const groups = body.userGroupIds === undefined ? undefined : await checkGroups(tx, who, body.userGroupIds);
    await repo.updateFilter(tx, who.lenderId, id, valuesOf(body));
    if (groups !== undefined) await repo.replaceUserGroups(tx, who.lenderId, id, groups);
    const after = await reload(tx, who, id);
    await audit(tx, auth, 'update', before, after);
    return after;
  });
