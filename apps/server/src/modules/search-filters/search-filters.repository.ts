import type { SearchFilterType } from '@credence/contracts';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { searchFilters, searchFilterUserGroups, userGroups, users } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type Who = { lenderId: number; userId: number };

/**
 * Published to an enabled user group the user belongs to. Row-level security already limits every table to
 * the transaction's lender; the lender conditions say so again.
 */
const publishedTo = (userId: number): SQL =>
  sql`exists (select 1 from search_filter_user_groups fg
        join user_groups g on g.id = fg.user_group_id and g.lender_id = fg.lender_id and g.enabled
        join user_group_members m on m.user_group_id = g.id and m.lender_id = g.lender_id and m.user_id = ${userId}
       where fg.search_filter_id = ${searchFilters.id} and fg.lender_id = ${searchFilters.lenderId})`;

/** What a user sees: their own filters and queues (enabled or not), and the enabled ones published to them. */
const visibleTo = (userId: number) =>
  or(eq(searchFilters.createdByUserId, userId), and(eq(searchFilters.enabled, true), publishedTo(userId)));

const groupIdsOf = sql<number[]>`coalesce((select array_agg(fg.user_group_id order by fg.user_group_id)
    from search_filter_user_groups fg
   where fg.search_filter_id = ${searchFilters.id} and fg.lender_id = ${searchFilters.lenderId}), '{}')`;

const columns = (userId: number) => ({
  id: searchFilters.id,
  name: searchFilters.name,
  type: sql<SearchFilterType>`${searchFilters.type}`,
  filter: searchFilters.filter,
  showOnSideMenu: searchFilters.showOnSideMenu,
  enabled: searchFilters.enabled,
  sortOrder: searchFilters.sortOrder,
  createdByUserId: searchFilters.createdByUserId,
  createdByName: users.fullName,
  userGroupIds: groupIdsOf,
  visible: sql<boolean>`(${visibleTo(userId)})`,
});

const selectFilters = (tx: TenantTx, who: Who) =>
  tx
    .select(columns(who.userId))
    .from(searchFilters)
    .leftJoin(users, eq(users.id, searchFilters.createdByUserId))
    .$dynamic();

const listOrder = [asc(searchFilters.sortOrder), sql`lower(${searchFilters.name})`, asc(searchFilters.id)];

export type SearchFilterRow = NonNullable<Awaited<ReturnType<typeof findFilter>>>;

/** A write locks the filter rows it reads until it commits, so the audit's old values are the ones replaced. */
export type Lock = { lock?: boolean };

/** One filter or queue of the lender (whoever owns it), with whether `who` may see it. */
export const findFilter = async (tx: TenantTx, who: Who, id: number, { lock = false }: Lock = {}) => {
  const query = selectFilters(tx, who)
    .where(and(eq(searchFilters.lenderId, who.lenderId), eq(searchFilters.id, id)))
    .limit(1);
  return (await (lock ? query.for('update', { of: searchFilters }) : query))[0];
};

/** Several filters of the lender by id, with whether `who` may see each; locked (in id order) for a write. */
export const findFilters = (tx: TenantTx, who: Who, ids: number[]) =>
  selectFilters(tx, who)
    .where(and(eq(searchFilters.lenderId, who.lenderId), inArray(searchFilters.id, ids)))
    .orderBy(asc(searchFilters.id))
    .for('update', { of: searchFilters });

/** What `who` sees, by sort order then name. */
export const listVisible = (tx: TenantTx, who: Who) =>
  selectFilters(tx, who)
    .where(and(eq(searchFilters.lenderId, who.lenderId), visibleTo(who.userId)))
    .orderBy(...listOrder)
    .limit(1000);

/** Every filter and queue of the lender (the administrator list). */
export const listAll = (tx: TenantTx, who: Who) =>
  selectFilters(tx, who)
    .where(eq(searchFilters.lenderId, who.lenderId))
    .orderBy(...listOrder)
    .limit(5000);

/**
 * The side menu's filters and queues: enabled, shown on the side menu, and visible to `who` (own first, then
 * by sort order and name). One query.
 */
export const listForMenu = (tx: TenantTx, who: Who) =>
  tx
    .select({
      id: searchFilters.id,
      name: searchFilters.name,
      type: sql<SearchFilterType>`${searchFilters.type}`,
      filter: searchFilters.filter,
      isMine: sql<boolean>`${searchFilters.createdByUserId} = ${who.userId}`,
    })
    .from(searchFilters)
    .where(
      and(
        eq(searchFilters.lenderId, who.lenderId),
        eq(searchFilters.enabled, true),
        eq(searchFilters.showOnSideMenu, true),
        or(eq(searchFilters.createdByUserId, who.userId), publishedTo(who.userId)),
      ),
    )
    .orderBy(desc(sql`${searchFilters.createdByUserId} = ${who.userId}`), ...listOrder)
    .limit(500);

/** Is another filter of the same owner and type already called `name` (ignoring case)? */
export const isNameTaken = async (
  tx: TenantTx,
  key: { lenderId: number; ownerId: number; type: SearchFilterType; name: string; excludeId?: number | undefined },
) => {
  const rows = await tx
    .select({ id: searchFilters.id })
    .from(searchFilters)
    .where(
      and(
        eq(searchFilters.lenderId, key.lenderId),
        eq(searchFilters.createdByUserId, key.ownerId),
        eq(searchFilters.type, key.type),
        sql`lower(${searchFilters.name}) = lower(${key.name})`,
        key.excludeId === undefined ? undefined : ne(searchFilters.id, key.excludeId),
      ),
    )
    .limit(1);
  return rows.length > 0;
};

export type FilterValues = {
  name: string;
  type: SearchFilterType;
  filter: string;
  showOnSideMenu: boolean;
  enabled: boolean;
};

/** Inserts a filter after the owner's last one; answers its id. */
export const insertFilter = async (tx: TenantTx, who: Who, values: FilterValues) => {
  const [row] = await tx
    .insert(searchFilters)
    .values({
      ...values,
      lenderId: who.lenderId,
      createdByUserId: who.userId,
      sortOrder: sql`(select coalesce(max(s.sort_order) + 1, 0) from search_filters s
                       where s.lender_id = ${who.lenderId} and s.created_by_user_id = ${who.userId})`,
    })
    .returning({ id: searchFilters.id });
  return row!.id;
};

export const updateFilter = (tx: TenantTx, lenderId: number, id: number, values: FilterValues) =>
  tx
    .update(searchFilters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(searchFilters.lenderId, lenderId), eq(searchFilters.id, id)));

export const setEnabled = (tx: TenantTx, lenderId: number, id: number, enabled: boolean) =>
  tx
    .update(searchFilters)
    .set({ enabled, updatedAt: sql`now()` })
    .where(and(eq(searchFilters.lenderId, lenderId), eq(searchFilters.id, id)));

/** Deletes a filter (its user groups go with it). */
export const deleteFilter = (tx: TenantTx, lenderId: number, id: number) =>
  tx.delete(searchFilters).where(and(eq(searchFilters.lenderId, lenderId), eq(searchFilters.id, id)));

/** Sets the sort order of the owner's filters in one statement; ids of other owners are not touched. */
export const reorder = (tx: TenantTx, who: Who, ordering: { id: number; sortOrder: number }[]) =>
  tx.execute(sql`update search_filters sf set sort_order = v."sortOrder", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(ordering)}::jsonb) as v(id int, "sortOrder" int)
     where sf.id = v.id and sf.lender_id = ${who.lenderId} and sf.created_by_user_id = ${who.userId}`);

/** The user groups of the lender, or those of `ids` that belong to it. */
export const listUserGroups = (tx: TenantTx, lenderId: number, ids?: number[]) =>
  tx
    .select({ id: userGroups.id, name: userGroups.name, enabled: userGroups.enabled })
    .from(userGroups)
    .where(and(eq(userGroups.lenderId, lenderId), ids ? inArray(userGroups.id, ids) : undefined))
    .orderBy(asc(userGroups.name), asc(userGroups.id));

/** Replaces the user groups a filter is published to (none: unpublished). */
export const replaceUserGroups = async (tx: TenantTx, lenderId: number, id: number, groupIds: number[]) => {
  await tx
    .delete(searchFilterUserGroups)
    .where(and(eq(searchFilterUserGroups.lenderId, lenderId), eq(searchFilterUserGroups.searchFilterId, id)));
  if (groupIds.length > 0) {
    await tx
      .insert(searchFilterUserGroups)
      .values(groupIds.map((userGroupId) => ({ lenderId, searchFilterId: id, userGroupId })));
  }
};
