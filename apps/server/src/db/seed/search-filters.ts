import type { SavedQueueCriteria, SearchFilterType } from '@credence/contracts';
import { savedQueueCriteriaSchema } from '@credence/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { lenders, loanProducts, searchFilters, searchFilterUserGroups, userGroups, users } from '../schema/index.ts';

type FilterDefinition = {
  owner: string;
  name: string;
  type: SearchFilterType;
  /** The criteria, given the lender's automotive loan products. */
  criteria: SavedQueueCriteria | ((autoProductIds: number[]) => SavedQueueCriteria);
  showOnSideMenu: boolean;
  enabled?: boolean;
  /** User group names of the same lender it is published to. */
  publishedTo?: string[];
};

/** lender name → saved filters and custom queues, so the side menu's filter sections are not empty. */
const filtersByLender: Record<string, FilterDefinition[]> = {
  'Summit Federal Credit Union': [
    {
      owner: 'officer',
      name: 'Large auto loans',
      type: 'filter',
      // Amount is the estimated amount financed: for auto loans the itemization's loan total.
      criteria: (autoProductIds) => ({
        gridName: 'allApplicationsQueue',
        filter: {
          logic: 'and',
          filters: [
            { field: 'loanProduct', operator: 'isAnyOf', value: autoProductIds },
            { field: 'amount', operator: '>=', value: '25000' },
          ],
        },
        sort: [{ field: 'amount', dir: 'desc' }],
      }),
      showOnSideMenu: true,
    },
    {
      owner: 'officer',
      name: 'New applications',
      type: 'filter',
      criteria: {
        gridName: 'allApplicationsQueue',
        filter: { logic: 'and', filters: [{ field: 'state', operator: 'is', value: 'new' }] },
        sort: [{ field: 'createdUtcTime', dir: 'desc' }],
      },
      showOnSideMenu: false,
    },
    {
      owner: 'admin',
      name: 'Indirect approvals',
      type: 'queue',
      criteria: {
        gridName: 'allApplicationsQueue',
        filter: {
          logic: 'and',
          filters: [
            { field: 'direct', operator: 'is', value: false },
            { field: 'state', operator: 'is', value: 'approved' },
          ],
        },
        sort: [{ field: 'updatedUtcTime', dir: 'desc' }],
      },
      showOnSideMenu: true,
      publishedTo: ['Underwriters'],
    },
    {
      owner: 'admin',
      name: 'Pending over 50k',
      type: 'filter',
      criteria: {
        gridName: 'allApplicationsQueue',
        filter: {
          logic: 'and',
          filters: [
            { field: 'state', operator: 'is', value: 'pending' },
            { field: 'amount', operator: '>', value: '50000' },
          ],
        },
        sort: [{ field: 'amount', dir: 'desc' }],
      },
      showOnSideMenu: true,
      publishedTo: ['Underwriters', 'Funding Team'],
    },
  ],
};

/** Saved search filters and custom queues of the demo users, some published to user groups. */
export const seedSearchFilterDemo = async (tx: DbExecutor) => {
  for (const [lenderName, definitions] of Object.entries(filtersByLender)) {
    const [lender] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, lenderName));
    if (!lender) continue;
    const autoProductIds = (
      await tx
        .select({ id: loanProducts.id })
        .from(loanProducts)
        .where(and(eq(loanProducts.lenderId, lender.id), eq(loanProducts.controlType, 'AUTOMOTIVE')))
        .orderBy(loanProducts.id)
    ).map((p) => p.id);
    const sortOrders = new Map<number, number>();
    for (const definition of definitions) {
      // The same rules as a save through the API: the criteria must pass the allow-list.
      const criteria =
        typeof definition.criteria === 'function' ? definition.criteria(autoProductIds) : definition.criteria;
      savedQueueCriteriaSchema.parse(criteria);
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.username, definition.owner));
      if (!owner) throw new Error(`seed: no user ${definition.owner}`);
      const sortOrder = sortOrders.get(owner.id) ?? 0;
      sortOrders.set(owner.id, sortOrder + 1);
      const [row] = await tx
        .insert(searchFilters)
        .values({
          lenderId: lender.id,
          createdByUserId: owner.id,
          name: definition.name,
          type: definition.type,
          filter: JSON.stringify(criteria),
          showOnSideMenu: definition.showOnSideMenu,
          enabled: definition.enabled ?? true,
          sortOrder,
        })
        .returning({ id: searchFilters.id });
      for (const groupName of definition.publishedTo ?? []) {
        const [group] = await tx
          .select({ id: userGroups.id })
          .from(userGroups)
          .where(and(eq(userGroups.lenderId, lender.id), eq(userGroups.name, groupName)));
        if (!group) throw new Error(`seed: no user group ${groupName}`);
        await tx
          .insert(searchFilterUserGroups)
          .values({ lenderId: lender.id, searchFilterId: row!.id, userGroupId: group.id });
      }
    }
  }
};
