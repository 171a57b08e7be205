import type { CreditInquiry, CreditPublicRecord, CreditReportSummary, CreditTradeline } from '@credence/contracts';
import { formatMoney, money, Money } from '@credence/domain';

/** ECOA designators whose accounts are not the applicant's obligation (they count for scores, not for ratios). */
const notObligated = new Set<CreditTradeline['ecoa']>(['AuthorizedUser', 'Terminated']);

/** The summary counts and totals of a parsed report, in exact decimals. */
export const summarizeCreditReport = (
  tradelines: readonly CreditTradeline[],
  publicRecords: readonly CreditPublicRecord[],
  inquiries: readonly CreditInquiry[],
): CreditReportSummary => {
  const open = tradelines.filter((t) => t.isOpen);
  const sum = (values: (string | null)[]) => values.reduce((s: Money, v) => (v === null ? s : s.plus(v)), money(0));
  const revolving = open.filter((t) => t.portfolioType === 'REVOLVING' && t.creditLimit !== null);
  const limits = sum(revolving.map((t) => t.creditLimit));
  const used = sum(revolving.map((t) => t.balance));
  const oldest = tradelines.map((t) => t.openedDate).sort()[0] ?? null;
  return {
    tradelinesCount: tradelines.length,
    openTradelinesCount: open.length,
    delinquentTradelinesCount: tradelines.filter((t) => t.isDeliquent).length,
    derogatoryTradelinesCount: tradelines.filter((t) => t.isDerogatory).length,
    publicRecordsCount: publicRecords.length,
    inquiriesCount: inquiries.length,
    totalBalance: formatMoney(sum(open.map((t) => t.balance))),
    totalMonthlyPayment: formatMoney(sum(open.filter((t) => !notObligated.has(t.ecoa)).map((t) => t.monthlyPayment))),
    revolvingUtilizationPercent: limits.gt(0)
      ? used.div(limits).times(100).toDecimalPlaces(1, Money.ROUND_HALF_UP).toFixed(1)
      : null,
    pastDueAmount: formatMoney(sum(tradelines.map((t) => t.pastDueAmount))),
    oldestTradelineDate: oldest,
  };
};
