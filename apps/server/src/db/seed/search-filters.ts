import type { SavedQueueCriteria, SearchFilterType } from '@credence/contracts';
import { savedQueueCriteriaSchema } from '@credence/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { lenders, searchFilters, searchFilterUserGroups, userGroups, users } from '../schema/index.ts';

type FilterDefinition = {
  owner: string;
  name: string;
  type: SearchFilterType;
  criteria: SavedQueueCriteria;
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
      criteria: {
        gridName: 'allApplicationsQueue',
        filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: '25000' }] },
        sort: [{ field: 'requestedAmount', dir: 'desc' }],
      },
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
            { field: 'requestedAmount', operator: '>', value: '50000' },
          ],
        },
        sort: [{ field: 'requestedAmount', dir: 'desc' }],
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
    const sortOrders = new Map<number, number>();
    for (const definition of definitions) {
      // The same rules as a save through the API: the criteria must pass the allow-list.
      savedQueueCriteriaSchema.parse(definition.criteria);
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
          filter: JSON.stringify(definition.criteria),
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
