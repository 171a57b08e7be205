import {
  reserveEndpoints,
  reserveMatricesResource,
  reservesResource,
  reserveTexts,
  type ReserveMatrixRow,
} from '@credence/contracts';
import { reserveMatrices, reserves } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Module } from '../../platform/app-types.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { validationError } from '../../platform/errors.ts';
import {
  defaultReserveNameColumn,
  findReserve,
  findReserves,
  matrixRows,
  rowCountColumn,
  toReserve,
  toReserveMatrix,
  unknownProductIds,
} from './reserves.repository.ts';
import { reservesListsWithDetails, resolveReserveByMatrix } from './reserves.service.ts';

/**
 * Administration › Reserve Matrices, the reserves (spec 3 §7 "Reserves"): the kit's verbs, each write audited; only
 * the fields of the method are stored. Plus the spec's PUT reserves/ (id in the body, the kit's update),
 * GET reserves/doesNameExist (`exists` and its opposite `isUnique`) and GET
 * reserves/getReservesListsAndMatricesWithDetails.
 */
export const reservesModule = crudModule(reservesResource, {
  table: reserves,
  toRow: toReserve,
  toValues: (input) => ({
    name: input.name,
    method: input.method,
    flatAmount: input.method === 'flat' ? input.flatAmount : null,
    percentOfAmount: input.method === 'percentOfAmount' ? input.percentOfAmount : null,
    participationPercent: input.method === 'rateParticipation' ? input.participationPercent : null,
    maxSpread: input.method === 'rateParticipation' ? input.maxSpread : null,
    capAmount: input.capAmount,
    enabled: input.enabled,
  }),
  extraRoutes: (app, deps, service) => {
    registerEndpoint(app, reserveEndpoints.save, ({ auth, body }) => {
      const { id, ...input } = body;
      return service.update(auth, id, input as never);
    });
    registerEndpoint(app, reserveEndpoints.doesNameExist, async ({ auth, query }) => {
      const { isUnique } = await service.isUnique(auth, query.name, query.id);
      return { exists: !isUnique, isUnique };
    });
    registerEndpoint(app, reserveEndpoints.listsWithDetails, ({ auth }) =>
      withTenant(deps.db, auth.lenderId, (tx) => reservesListsWithDetails(tx)),
    );
  },
});

/**
 * Administration › Reserve Matrices, the matrices: the kit's verbs at reserveMatrix, each write audited. Every
 * reserve a matrix names (rows and default) must be the lender's and enabled — one it already named may stay
 * after being disabled — and every loan product the lender's: a 422 on the row's field. Plus the spec's POST
 * reserveMatrix/resolveReserveByMatrix/ (the funding and decision worksheets).
 */
export const reserveMatricesModule = crudModule(reserveMatricesResource, {
  table: reserveMatrices,
  columns: { defaultReserveName: defaultReserveNameColumn, rowCount: rowCountColumn },
  toRow: async (row, { tx }) => {
    const reserve = row.defaultReserveId === null ? undefined : await findReserve(tx, row.defaultReserveId);
    return toReserveMatrix(row, reserve?.name ?? '');
  },
  toValues: (input) => ({
    name: input.name,
    defaultReserveId: input.defaultReserveId,
    rows: input.rows.map((r) => ({ ...r, loanProductIds: [...new Set(r.loanProductIds)] })) as ReserveMatrixRow[],
    enabled: input.enabled,
  }),
  beforeWrite: async ({ tx }, values, existing) => {
    const rows = (values.rows ?? []) as ReserveMatrixRow[];
    const kept = new Set<number>(
      existing
        ? [
            ...matrixRows(existing).map((r) => r.reserveId),
            ...(existing.defaultReserveId === null ? [] : [existing.defaultReserveId]),
          ]
        : [],
    );
    const named = [...rows.map((r) => r.reserveId), ...(values.defaultReserveId ? [values.defaultReserveId] : [])];
    const usable = new Set((await findReserves(tx, named)).filter((r) => r.enabled || kept.has(r.id)).map((r) => r.id));
    const unknownProducts = await unknownProductIds(
      tx,
      rows.flatMap((r) => r.loanProductIds),
    );
    const errors: { field: string; message: string }[] = [];
    if (values.defaultReserveId && !usable.has(values.defaultReserveId))
      errors.push({ field: 'defaultReserveId', message: reserveTexts.unknownReserve });
    rows.forEach((row, i) => {
      if (!usable.has(row.reserveId))
        errors.push({ field: `rows.${i}.reserveId`, message: reserveTexts.unknownReserve });
      const j = row.loanProductIds.findIndex((id) => unknownProducts.has(id));
      if (j >= 0) errors.push({ field: `rows.${i}.loanProductIds.${j}`, message: reserveTexts.unknownProduct });
    });
    if (errors.length > 0) throw validationError(errors);
  },
  extraRoutes: (app, deps) => {
    registerEndpoint(app, reserveEndpoints.resolve, ({ auth, body }) =>
      withTenant(deps.db, auth.lenderId, (tx) => resolveReserveByMatrix(tx, body)),
    );
  },
});

/** The modules of the area (modules/index.ts lists them). */
export const reserveModules: Module[] = [reservesModule, reserveMatricesModule];
