import { and, eq } from 'drizzle-orm';
import { defaultWidgetSettings, type WidgetSettings } from '@credence/contracts';
import type { DbExecutor } from '../client.ts';
import { lenders, loanAdditions, userAddonPreferences, userLenders, users, userWidgets } from '../schema/index.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';

const thisYear: WidgetSettings = {
  frequency: { text: 'This Year', value: 'thisYear' },
  startDate: null,
  endDate: null,
};

/**
 * Demo dashboards (issue 32): the administrator at Summit and the Harbor officer see the Funding Table for this
 * month and Add On Sales for this year, tracking every enabled add-on of their lender. The loan officer's dashboard
 * is left empty (the browser tests add widgets there). The snapshots are the job's: made on the first run.
 */
export const seedWidgetDemo = async (tx: DbExecutor) => {
  const dashboards: [username: string, lender: string][] = [
    ['admin', SUMMIT],
    ['harbor', HARBOR],
  ];
  for (const [username, lenderName] of dashboards) {
    const [row] = await tx
      .select({ userId: users.id, lenderId: lenders.id })
      .from(users)
      .innerJoin(userLenders, eq(userLenders.userId, users.id))
      .innerJoin(lenders, eq(lenders.id, userLenders.lenderId))
      .where(and(eq(users.username, username), eq(lenders.name, lenderName)));
    if (!row) continue;
    const additions = await tx
      .select({ id: loanAdditions.id })
      .from(loanAdditions)
      .where(and(eq(loanAdditions.lenderId, row.lenderId), eq(loanAdditions.enabled, true)));
    await tx.insert(userWidgets).values([
      { ...row, name: 'fundingTable', settings: defaultWidgetSettings },
      { ...row, name: 'addonSales', settings: thisYear },
    ]);
    if (additions.length > 0)
      await tx.insert(userAddonPreferences).values({ ...row, additionIds: additions.map((a) => a.id) });
  }
};
