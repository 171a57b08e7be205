import { ADDON_ALL_LOANS, addonGroupingLabels, addonPenetrationReport, type ReportFilters } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { fundedGroupingSql, fundedLoans } from './funded-loans.report.ts';
import type { QueryOf, ReportContext, ReportSql } from './report-kit.ts';

type Query = QueryOf<typeof addonPenetrationReport>;

/**
 * 6. Add-on penetration. The loans are the Funded loans report's (`fundedLoans`: funded in the period, not
 * reversed, of the applications the shared filters select); their add-ons are the loan's own (`loans.additions`,
 * copied from the decision of record and booked as they stand — see the declaration): one line per loan and add-on
 * it records (offered, `selected` or not), and one line with no add-on for a loan that records none, so every loan
 * is counted. A loan recorded before the `selected` flag carried its add-ons (the widgets' rule).
 */
const loanAddons = (query: ReportFilters & { groupBy: Query['groupBy'] }, ctx: ReportContext) => {
  const group =
    query.groupBy === 'none'
      ? { join: sql``, id: sql`null::int`, name: sql`${ADDON_ALL_LOANS}::text`, none: null }
      : fundedGroupingSql[query.groupBy];
  const join: SQL = sql`${group.join}
    left join lateral (select (e->>'id')::int as id, e->>'name' as name,
                              coalesce((e->>'selected')::boolean, true) as selected, (e->>'amount')::numeric as amount
                         from jsonb_array_elements(l.additions) e) x on true`;
  return sql`
    select l.id as loan_id, ${group.id} as group_id, coalesce(${group.name}, ${group.none ?? ''}) as group_name,
           x.id as addition_id, x.name as addition_name, x.selected, x.amount
      ${fundedLoans(query, ctx, join, query.groupBy !== 'none')}`;
};

/** The add-ons sold of a set of lines: a loan carries an add-on once (the decision refuses it twice). */
const sold = sql`count(*) filter (where f.selected)`;
const soldAmount = sql`coalesce(sum(f.amount) filter (where f.selected), 0)::numeric(16, 2)`;
const percent = (part: SQL, whole: SQL) => sql`round(100 * (${part})::numeric / nullif(${whole}, 0), 2)`;

/** At most this many groups are drawn (the most funded loans); the table lists them all. */
const CHART_GROUPS = 10;

export const addonPenetrationSql: ReportSql<Query> = {
  declaration: addonPenetrationReport,
  /** Per group (all the loans when not grouped) and add-on offered or carried on one of the group's loans. */
  rows: (query, ctx) => sql`
    with f as (${loanAddons(query, ctx)}),
    g as (select f.group_id, f.group_name, count(distinct f.loan_id)::int as loans from f group by 1, 2),
    s as (select f.group_id, f.group_name, f.addition_id, min(f.addition_name) as recorded_name,
                 ${sold}::int as with_addon, ${soldAmount} as amount
            from f where f.addition_id is not null group by 1, 2, 3)
    select coalesce(s.group_id::text, '-') || ':' || s.addition_id as "key", s.group_id as "groupId",
           s.group_name as "groupName", s.addition_id as "additionId",
           coalesce(c.name, s.recorded_name) as "additionName", g.loans as "loans", s.with_addon as "withAddon",
           ${percent(sql`s.with_addon`, sql`g.loans`)} as "penetration", s.amount as "amount",
           round(s.amount / nullif(s.with_addon, 0), 2) as "averageAmount",
           coalesce(c.sort_order, 2147483647) as "sortOrder"
      from s join g on g.group_id is not distinct from s.group_id and g.group_name = s.group_name
      left join loan_additions c on c.id = s.addition_id`,
  /** Every funded loan (not grouped): those carrying at least one add-on, the add-ons sold and their amount. */
  totals: (query, ctx) => sql`
    select count(distinct f.loan_id)::int as "loans",
           count(distinct f.loan_id) filter (where f.selected)::int as "withAddon",
           ${percent(sql`count(distinct f.loan_id) filter (where f.selected)`, sql`count(distinct f.loan_id)`)}
             as "penetration",
           ${soldAmount} as "amount", ${sold}::int as "sold",
           round(sum(f.amount) filter (where f.selected) / nullif(${sold}, 0), 2) as "averageAmount"
      from (${loanAddons({ ...query, groupBy: 'none' }, ctx)}) f`,
  /**
   * Not grouped: each add-on's penetration (horizontal bars, the highest first). Grouped: the groups with the most
   * funded loans along the axis, a bar per add-on (its penetration in the group).
   */
  chart: async (tx, query, _ctx, table) => {
    const result = await tx.execute<{
      groupId: number | null;
      groupName: string;
      additionId: number;
      additionName: string;
      loans: number;
      penetration: string | null;
      sortOrder: number;
    }>(sql`select * from ${table} r`);
    const rows = result.rows;
    if (query.groupBy === 'none') {
      const ordered = [...rows].sort(
        (a, b) => Number(b.penetration ?? 0) - Number(a.penetration ?? 0) || a.sortOrder - b.sortOrder,
      );
      return {
        kind: 'bar',
        horizontal: true,
        title: 'Share of funded loans carrying each add-on',
        categories: ordered.map((r) => r.additionName),
        series: [
          {
            key: 'penetration',
            label: 'Penetration',
            unit: 'percent',
            stack: null,
            data: ordered.map((r) => r.penetration ?? '0'),
          },
        ],
      };
    }
    const groupKey = (r: { groupId: number | null; groupName: string }) => `${r.groupId ?? '-'}:${r.groupName}`;
    const groups = [...new Map(rows.map((r) => [groupKey(r), r])).values()]
      .sort((a, b) => b.loans - a.loans || a.groupName.localeCompare(b.groupName))
      .slice(0, CHART_GROUPS);
    const addons = [...new Map(rows.map((r) => [r.additionId, r])).values()].sort(
      (a, b) => a.sortOrder - b.sortOrder || a.additionName.localeCompare(b.additionName),
    );
    const cell = new Map(rows.map((r) => [`${groupKey(r)}/${r.additionId}`, r.penetration ?? '0']));
    return {
      kind: 'bar',
      horizontal: false,
      title: `Add-on penetration by ${addonGroupingLabels[query.groupBy].toLowerCase()}`,
      categories: groups.map((g) => g.groupName),
      series: addons.map((a) => ({
        key: `addon${a.additionId}`,
        label: a.additionName,
        unit: 'percent' as const,
        stack: null,
        data: groups.map((g) => cell.get(`${groupKey(g)}/${a.additionId}`) ?? '0'),
      })),
    };
  },
  tieBreak: sql`r."groupName", r."groupId", r."sortOrder", r."additionName", r."additionId"`,
};
