import {
  booleanFacts,
  matrixColumns,
  metricLabel,
  metricMeasureOf,
  metricMeasures,
  metricTypes,
  type AttributeDefinition,
  type BooleanFact,
  type Matrix,
  type MatrixColumnKey,
  type MetricStage,
  type ProductRateTables,
  type RateTable,
  type Workflow,
} from '@credence/contracts';
import { describeRange, unitOfColumn } from '@credence/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { policyObjects } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { listEnabledLoanProducts } from '../loan-products/loan-products.repository.ts';
import * as repo from './policy.repository.ts';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The auto-approval attribute definitions (spec 2 §1, §7): every metric a workflow's condition may compare —
 * stage by stage, with its unit — and the yes/no facts it may branch on.
 */
export const attributeDefinitions = (): AttributeDefinition[] => [
  ...metricTypes.map((metric) => ({
    key: metric,
    label: capitalise(metricLabel(metric)),
    type: 'metric' as const,
    unit: metricMeasures[metricMeasureOf(metric)].unit,
    stage: metric.slice(0, metric.length - metricMeasureOf(metric).length) as MetricStage,
  })),
  ...(Object.entries(booleanFacts) as [BooleanFact, string][]).map(([key, label]) => ({
    key,
    label: capitalise(label),
    type: 'fact' as const,
    unit: null,
    stage: null,
  })),
];

type RateMatrix = Extract<Matrix, { matrixType: 'Rate' }>;

/** A cell in words without its column's name: "61 months to 72 months", "A, A+", "any". */
const cellText = (key: MatrixColumnKey, cell: RateMatrix['rows'][number]['cells'][number]) =>
  cell.kind === 'value'
    ? cell.values.length === 0
      ? 'any'
      : cell.values.join(', ')
    : describeRange(unitOfColumn(key), cell);

/** The rows of a Rate matrix that can apply to a product (its product cell names it or is "any"), in words. */
const flatten = (matrix: RateMatrix, productId: number): RateTable['rows'] => {
  const productAxis = matrix.axes.findIndex((axis) => axis.key === 'product');
  return matrix.rows.flatMap((row, rowIndex) => {
    const cell = productAxis >= 0 ? row.cells[productAxis] : undefined;
    if (cell?.kind === 'value' && cell.values.length > 0 && !cell.values.includes(String(productId))) return [];
    return [
      {
        rowIndex,
        conditions: matrix.axes
          .map((axis, i) => ({ axis, cell: row.cells[i]! }))
          .filter(({ axis }) => axis.key !== 'product')
          .map(({ axis, cell: c }) => ({
            key: axis.key,
            label: matrixColumns[axis.key].label,
            text: cellText(axis.key, c),
          })),
        rate: 'rate' in row.result ? row.result.rate : null,
        adjustment: 'adjustment' in row.result ? row.result.adjustment : null,
      },
    ];
  });
};

/** Whether a matrix's product column names the product in any row. */
const namesProduct = (matrix: RateMatrix, productId: number) => {
  const productAxis = matrix.axes.findIndex((axis) => axis.key === 'product');
  return (
    productAxis >= 0 &&
    matrix.rows.some((row) => {
      const cell = row.cells[productAxis];
      return cell?.kind === 'value' && cell.values.includes(String(productId));
    })
  );
};

/**
 * The rate tables (spec 2 §1 reference data): the lender's published, enabled Rate matrices in effect, flattened
 * per enabled loan product — the ones the product's published workflows look up, and any whose product column
 * names the product — each row's conditions in words with its base or additional rate.
 */
export const rateTables = async (tx: TenantTx): Promise<ProductRateTables[]> => {
  const products = await listEnabledLoanProducts(tx);
  const inEffect = await repo.listInEffect(tx);
  const rateIds = new Set(
    (
      await tx
        .select({ id: policyObjects.id })
        .from(policyObjects)
        .where(and(eq(policyObjects.kind, 'matrix'), eq(policyObjects.matrixType, 'Rate')))
    ).map((r) => r.id),
  );
  const rates = inEffect.filter((e) => rateIds.has(e.objectId));
  const workflows = inEffect.filter((e) => e.kind === 'loanPolicyWorkflow' || e.kind === 'autoApprovalWorkflow');
  const configs = new Map(
    (
      await repo.loadConfigs(
        tx,
        [...rates, ...workflows].map((e) => e.versionId),
      )
    ).map((c) => [c.versionId, c.config]),
  );
  const workflowProducts = new Map(
    (workflows.length === 0
      ? []
      : await tx
          .select({ id: policyObjects.id, loanProductIds: policyObjects.loanProductIds })
          .from(policyObjects)
          .where(
            inArray(
              policyObjects.id,
              workflows.map((w) => w.objectId),
            ),
          )
    ).map((w) => [w.id, w.loanProductIds]),
  );
  const tables = rates.map((e) => ({ entry: e, matrix: configs.get(e.versionId) as unknown as RateMatrix }));
  return products.map((product) => {
    const lookedUp = new Set<string>();
    for (const w of workflows) {
      if (!(workflowProducts.get(w.objectId) ?? []).includes(product.id)) continue;
      const workflow = configs.get(w.versionId) as unknown as Workflow | undefined;
      for (const node of workflow?.nodes ?? []) if (node.type === 'matrixLookup') lookedUp.add(node.matrixId);
    }
    return {
      loanProductId: product.id,
      loanProductName: product.name,
      tables: tables
        .filter(({ entry, matrix }) => lookedUp.has(String(entry.objectId)) || namesProduct(matrix, product.id))
        .map(({ entry, matrix }) => ({
          matrixId: entry.objectId,
          name: entry.name,
          version: entry.version,
          kind: matrix.rows.some((row) => 'adjustment' in row.result) ? ('additional' as const) : ('base' as const),
          rows: flatten(matrix, product.id),
        })),
    };
  });
};
