import { adminMessages, type InputOf, type ListQuery, type AnyResource, type RowOf } from '@credence/contracts';
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { withTenant, type TenantTx } from '../db/tenancy.ts';
import type { App, AppDeps, Module } from './app-types.ts';
import { recordAudit } from './audit.ts';
import type { AuthContext } from './auth.ts';
import { registerEndpoint } from './endpoints.ts';
import { AppError, fieldError, notFound, pgCodeOf } from './errors.ts';
import { listPage, type ListColumns } from './list-sql.ts';

/** A tenant table the kit can carry: an integer id and a lender. */
export type KitTable = PgTable & { id: AnyPgColumn; lenderId: AnyPgColumn };

export type WriteContext = { tx: TenantTx; auth: AuthContext };

export type CrudOptions<R extends AnyResource, T extends KitTable> = {
  table: T;
  /** A stored row → the API row; by default the row schema's fields read from the same-named columns. */
  toRow?: (row: T['$inferSelect'], ctx: WriteContext) => RowOf<R> | Promise<RowOf<R>>;
  /** A validated input → column values; by default the same names. */
  toValues?: (input: z.output<R['input']>) => Partial<T['$inferInsert']>;
  /** List fields that are not a same-named column of the table (joins, expressions). */
  columns?: ListColumns;
  /** The unique index behind `resource.unique` (default `<table>_lender_name_key`). */
  uniqueConstraint?: string;
  /** An area's own rules, run inside the write's transaction before it is made (throw an AppError to refuse). */
  beforeWrite?: (
    ctx: WriteContext,
    values: Partial<T['$inferInsert']>,
    existing: T['$inferSelect'] | null,
  ) => Promise<void> | void;
  /** Work that belongs to the same write (members, child rows), after the row is stored. */
  afterWrite?: (ctx: WriteContext, row: T['$inferSelect'], input: z.output<R['input']>) => Promise<void> | void;
  /** The rows of a shared table this resource is (`kind = 'matrix'`): every read and write is kept to them. */
  scope?: SQL;
  /** Endpoints beyond the verbs (a `fields` list, a test call). */
  extraRoutes?: (app: App, deps: AppDeps, service: CrudService<R>) => void;
};

/** The fields of an API row schema read from a stored row (missing ones null). */
export const pickFields = <S extends z.ZodObject>(schema: S, row: object): z.output<S> =>
  Object.fromEntries(
    Object.keys(schema.shape).map((field) => [field, (row as Record<string, unknown>)[field] ?? null]),
  ) as z.output<S>;

type Changes = Record<string, { old: unknown; new: unknown }>;

/** Fields whose values differ (old → new), compared as JSON; ids left out. */
export const changedFields = (before: object | null, after: object | null): Changes => {
  const changes: Changes = {};
  const old = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (field === 'id') continue;
    const a = old[field] ?? null;
    const b = now[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = { old: a, new: b };
  }
  return changes;
};

export type CrudService<R extends AnyResource> = ReturnType<typeof crudService<R, KitTable>>;

const crudService = <R extends AnyResource, T extends KitTable>(db: Db, resource: R, options: CrudOptions<R, T>) => {
  const { table } = options;
  const tableColumns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const toRow = async (row: T['$inferSelect'], ctx: WriteContext): Promise<RowOf<R>> =>
    options.toRow ? options.toRow(row, ctx) : (pickFields(resource.row, row) as RowOf<R>);
  const toValues = (input: z.output<R['input']>) =>
    options.toValues ? options.toValues(input) : (input as Partial<T['$inferInsert']>);
  const columns: ListColumns = { ...tableColumns, ...options.columns };
  const unique = resource.unique;
  const uniqueConstraint = options.uniqueConstraint ?? `${tableName(table)}_lender_name_key`;

  /** A table with `updated_at` has it moved by every write. */
  const touched = () => ('updatedAt' in tableColumns ? { updatedAt: new Date() } : {});
  const find = async (tx: TenantTx, id: number) => {
    const [row] = await tx
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), options.scope))
      .for('update');
    return row as T['$inferSelect'] | undefined;
  };
  const label = (row: RowOf<R>) => String((row as Record<string, unknown>)[resource.labelField] ?? '');
  const audit = (ctx: WriteContext, action: string, id: number, row: RowOf<R>, changes: Changes) =>
    recordAudit(ctx.tx, ctx.auth, {
      area: resource.name,
      action,
      recordId: id,
      details: { label: label(row), changes },
    });

  /** A unique-index violation (two people saving the same name at once) is the same 422 as isUnique. */
  const write = async <X>(work: () => Promise<X>): Promise<X> => {
    try {
      return await work();
    } catch (error) {
      const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
      if (unique && pgCodeOf(error) === '23505' && cause.constraint === uniqueConstraint) {
        throw fieldError(unique.field, unique.message);
      }
      if (pgCodeOf(error) === '23503') throw new AppError(409, 'CONFLICT', adminMessages.kit.inUse);
      throw error;
    }
  };
  const inTenant = <X>(auth: AuthContext, work: (ctx: WriteContext) => Promise<X>) =>
    withTenant(db, auth.lenderId, (tx) => work({ tx, auth }));

  const isTaken = async (tx: TenantTx, value: string, exceptId: number | undefined): Promise<boolean> => {
    if (!unique) return false;
    const column = tableColumns[unique.field]!;
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(
        and(
          sql`lower(${column}) = lower(${value.trim()})`,
          exceptId ? ne(table.id, exceptId) : undefined,
          options.scope,
        ),
      );
    return (row?.n ?? 0) > 0;
  };

  return {
    list: (auth: AuthContext, query: ListQuery, where?: SQL) =>
      inTenant(auth, async (ctx) => {
        const page = await listPage(ctx.tx, table, columns, resource.list, query, and(where, options.scope));
        // One row after another: a row's view may query the transaction, and one connection runs one query at
        // a time (concurrent queries on a client are deprecated in pg and go away in pg 9).
        const data: RowOf<R>[] = [];
        for (const row of page.data) data.push(await toRow(row, ctx));
        return { data, total: page.total };
      }),
    get: (auth: AuthContext, id: number) =>
      inTenant(auth, async (ctx) => {
        const [row] = await ctx.tx
          .select()
          .from(table as PgTable)
          .where(and(eq(table.id, id), options.scope));
        if (!row) throw notFound();
        return toRow(row as T['$inferSelect'], ctx);
      }),
    create: (auth: AuthContext, input: z.output<R['input']>) =>
      write(() =>
        inTenant(auth, async (ctx) => {
          const values = toValues(input);
          await options.beforeWrite?.(ctx, values, null);
          const [row] = (await ctx.tx
            .insert(table)
            .values({ ...values, lenderId: auth.lenderId } as T['$inferInsert'])
            .returning()) as unknown as T['$inferSelect'][];
          if (!row) throw new Error('insert returned no row');
          await options.afterWrite?.(ctx, row, input);
          const view = await toRow(row, ctx);
          await audit(ctx, 'create', row.id as number, view, changedFields(null, view));
          return view;
        }),
      ),
    update: (auth: AuthContext, id: number, input: z.output<R['input']>) =>
      write(() =>
        inTenant(auth, async (ctx) => {
          const existing = await find(ctx.tx, id);
          if (!existing) throw notFound();
          const before = await toRow(existing, ctx);
          const values = toValues(input);
          await options.beforeWrite?.(ctx, values, existing);
          const [row] = (await ctx.tx
            .update(table)
            .set({ ...values, ...touched() } as Partial<T['$inferInsert']>)
            .where(eq(table.id, id))
            .returning()) as unknown as T['$inferSelect'][];
          if (!row) throw notFound();
          await options.afterWrite?.(ctx, row, input);
          const view = await toRow(row, ctx);
          const changes = changedFields(before, view);
          if (Object.keys(changes).length > 0) await audit(ctx, 'update', id, view, changes);
          return view;
        }),
      ),
    remove: (auth: AuthContext, id: number) =>
      write(() =>
        inTenant(auth, async (ctx) => {
          const existing = await find(ctx.tx, id);
          if (!existing) throw notFound();
          const before = await toRow(existing, ctx);
          await ctx.tx.delete(table).where(eq(table.id, id));
          await audit(ctx, 'delete', id, before, changedFields(before, null));
          return { id };
        }),
      ),
    setEnabled: (auth: AuthContext, id: number, enabled: boolean) =>
      inTenant(auth, async (ctx) => {
        const existing = await find(ctx.tx, id);
        if (!existing) throw notFound();
        const before = await toRow(existing, ctx);
        const [row] = (await ctx.tx
          .update(table)
          .set({ enabled, ...touched() } as unknown as Partial<T['$inferInsert']>)
          .where(eq(table.id, id))
          .returning()) as unknown as T['$inferSelect'][];
        if (!row) throw notFound();
        const view = await toRow(row, ctx);
        const changes = changedFields(before, view);
        if (Object.keys(changes).length > 0) await audit(ctx, enabled ? 'enable' : 'disable', id, view, changes);
        return view;
      }),
    isUnique: (auth: AuthContext, value: string, exceptId: number | undefined) =>
      inTenant(auth, async (ctx) => ({ isUnique: !(await isTaken(ctx.tx, value, exceptId)) })),
  };
};

const idOf = (params: unknown) => (params as { id: number }).id;

const tableName = (table: PgTable) => (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;

/**
 * The server side of a declared resource: a service (list, get, create, update, remove, setEnabled, isUnique, each
 * in the tenant transaction, every write audited in the same transaction) and the routes of the declared verbs.
 * An area passes what is really its own (a mapper, a rule, child rows, extra endpoints).
 */
export const crudModule = <R extends AnyResource, T extends KitTable>(resource: R, options: CrudOptions<R, T>) => {
  const module: Module & { service: (db: Db) => CrudService<R> } = {
    name: resource.name,
    service: (db) => crudService(db, resource, options) as unknown as CrudService<R>,
    register: (app, deps) => {
      const service = module.service(deps.db);
      const e = resource.endpoints;
      if (e.list) registerEndpoint(app, e.list, (r) => service.list(r.auth, r.query as ListQuery));
      if (e.get) registerEndpoint(app, e.get, (r) => service.get(r.auth, idOf(r.params)));
      if (e.create) registerEndpoint(app, e.create, (r) => service.create(r.auth, r.body as never));
      if (e.update) registerEndpoint(app, e.update, (r) => service.update(r.auth, idOf(r.params), r.body as never));
      if (e.delete) registerEndpoint(app, e.delete, (r) => service.remove(r.auth, idOf(r.params)));
      if (e.enable) registerEndpoint(app, e.enable, (r) => service.setEnabled(r.auth, idOf(r.params), true));
      if (e.disable) registerEndpoint(app, e.disable, (r) => service.setEnabled(r.auth, idOf(r.params), false));
      if (e.isUnique) {
        const field = resource.unique?.field ?? 'name';
        registerEndpoint(app, e.isUnique, (r) => {
          const query = r.query as Record<string, unknown>;
          return service.isUnique(r.auth, String(query[field] ?? ''), query.id as number | undefined);
        });
      }
      options.extraRoutes?.(app, deps, service);
    },
  };
  return module;
};

export type { InputOf };
