import { applicationSourceLabels, applicationSources, type QueueRow } from '@credence/contracts';
import { applicationStates, type ApplicationState } from '@credence/domain';
import { asc } from 'drizzle-orm';
import { dealers, loanProducts } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import {
  type BuiltQueue,
  idsQuery,
  pageAndCountQuery,
  pageQuery,
  type QueueDbRow,
  type QueueDbRowWithCount,
  rowsByIdsQuery,
} from './queue-sql.ts';

/** The queue's SQL pieces the File Export area's kinds read through (modules/file-export). */
export { buildQueue, pageOfIds, type QueueDbRow } from './queue-sql.ts';

/** A state as the queues show it: Title Case ('counteroffer' → 'Counteroffer'). */
export const stateLabel = (state: string) => state.charAt(0).toUpperCase() + state.slice(1);

export const toQueueRow = (r: QueueDbRow): QueueRow => ({
  applicationId: r.id,
  applicantName: r.applicant_name,
  memberNumber: r.member_number,
  loanProduct: r.loan_product_id,
  loanProductName: r.loan_product_name,
  state: r.state as ApplicationState,
  requestedAmount: r.requested_amount,
  amount: r.amount,
  termMonths: r.term_months,
  averageCreditScore: r.average_credit_score,
  dealer: r.dealer_id,
  dealerName: r.dealer_name,
  direct: r.direct,
  source: r.source,
  createdUtcTime: new Date(r.created_at).toISOString(),
  updatedUtcTime: new Date(r.updated_at).toISOString(),
  lockingUser: r.locking_user,
  createdBy: r.created_by,
  decisionRate: r.decision_rate,
  decisionPayment: r.decision_payment,
  decisionTier: r.decision_tier,
});

export const findPage = async (tx: TenantTx, built: BuiltQueue, limit: number, offset: number) =>
  (await tx.execute<QueueDbRow>(pageQuery(built, limit, offset))).rows.map(toQueueRow);

/** A page and the count of all its matches from one statement (see pageAndCountQuery); null when the page is empty. */
export const findPageAndCount = async (tx: TenantTx, built: BuiltQueue, limit: number, offset: number) => {
  const rows = (await tx.execute<QueueDbRowWithCount>(pageAndCountQuery(built, limit, offset))).rows;
  return { data: rows.map(toQueueRow), count: rows.length > 0 ? Number(rows[0]!.total_count) : null };
};

export const findIds = async (tx: TenantTx, built: BuiltQueue, limit: number) =>
  (await tx.execute<{ id: number }>(idsQuery(built, limit))).rows.map((r) => r.id);

/** The rows of these ids, in the order of the ids. */
export const findRowsByIds = async (tx: TenantTx, lenderId: number, ids: number[]) => {
  const rows = (await tx.execute<QueueDbRow>(rowsByIdsQuery(lenderId, ids))).rows.map(toQueueRow);
  const byId = new Map(rows.map((r) => [r.applicationId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** The value options of the singleSelect columns: the lender's products (disabled too), dealers, states, sources. */
export const loadValueOptions = async (tx: TenantTx) => {
  const products = await tx
    .select({ value: loanProducts.id, label: loanProducts.name })
    .from(loanProducts)
    .orderBy(asc(loanProducts.name), asc(loanProducts.id));
  const dealerOptions = await tx
    .select({ value: dealers.id, label: dealers.name })
    .from(dealers)
    .orderBy(asc(dealers.name), asc(dealers.id));
  return {
    loanProduct: products,
    dealer: dealerOptions,
    state: applicationStates.map((s) => ({ value: s, label: stateLabel(s) })),
    source: applicationSources.map((s) => ({ value: s, label: applicationSourceLabels[s] })),
  };
};
