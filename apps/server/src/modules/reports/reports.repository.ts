import type { ReportOptions } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';

type Option = ReportOptions['products'][number];

/**
 * The reports' filter lists, in the lender's tenant transaction: its loan products, branches and dealers (disabled
 * ones too: their old loans are still reported), and its officers — the users who work at the lender.
 */
export const listReportOptions = (db: Db, auth: AuthContext): Promise<ReportOptions> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const list = async (statement: ReturnType<typeof sql>) => (await tx.execute<Option>(statement)).rows;
    return {
      products: await list(sql`select id, name, enabled from loan_products order by name, id`),
      branches: await list(sql`select id, name, enabled from branches order by name, id`),
      dealers: await list(sql`select id, name, enabled from dealers order by name, id`),
      officers: await list(sql`select u.id, u.full_name as name, u.enabled from user_lenders ul
                                 join users u on u.id = ul.user_id
                                where ul.lender_id = ${auth.lenderId} order by u.full_name, u.id`),
    };
  });
