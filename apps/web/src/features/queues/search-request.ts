import type { GridFilterItem, GridFilterModel, GridLogicOperator, GridSortModel } from '@mui/x-data-grid';
import type {
  ApplicationSearchRequest,
  ParsedSavedQueueCriteria,
  QueueColumn,
  QueueColumnType,
  QueueFilterItem,
  QueueGridName,
  QueueSortItem,
  SavedQueueCriteria,
} from '@credence/contracts';
import { MONEY_FILTER_PATTERN } from '@credence/contracts';
import { encodeSort, type QueueUserFilter, type QueueViewState } from './grid-state.ts';

/**
 * DataGrid models ⇄ the application search request (spec 1 §3). A queue page runs on a base — nothing for a
 * built-in queue, a saved filter's criteria for `?filterId=` — and the user's sort, filter and text on top:
 * the user's filter items are joined to the base items with AND, the user's sort and text replace the base's.
 */
export type QueueBaseCriteria = {
  filter: QueueUserFilter | null;
  sort: QueueSortItem[] | null;
  text: string | null;
  /** Visible columns a saved filter keeps (null: the user's column setting). */
  columns: string[] | null;
};

export const noBaseCriteria: QueueBaseCriteria = { filter: null, sort: null, text: null, columns: null };

/** The base of a saved filter or custom queue (its parsed `filter` JSON). */
export const baseFromSavedCriteria = (criteria: ParsedSavedQueueCriteria): QueueBaseCriteria => ({
  filter: criteria.filter && criteria.filter.filters.length > 0 ? criteria.filter : null,
  sort: criteria.sort && criteria.sort.length > 0 ? criteria.sort : null,
  text: criteria.text,
  columns: criteria.columns,
});

type Scalar = string | number | boolean;
const NO_VALUE_OPERATORS = new Set(['isEmpty', 'isNotEmpty']);

export const sortModelToItems = (model: GridSortModel): QueueSortItem[] =>
  model.flatMap((s) => (s.sort ? [{ field: s.field, dir: s.sort }] : []));

export const sortItemsToModel = (items: readonly QueueSortItem[]): GridSortModel =>
  items.map(({ field, dir }) => ({ field, sort: dir }));

const toScalar = (type: QueueColumnType, value: unknown): Scalar | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      if (typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim())) return Number.parseInt(value, 10);
      return undefined;
    }
    case 'money': {
      // Money stays the text the user typed (less '$', commas and spaces): never through a JS number.
      const text = typeof value === 'string' ? value.replace(/[$,\s]/g, '') : '';
      return MONEY_FILTER_PATTERN.test(text) ? text : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'dateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;
    case 'string':
    case 'singleSelect':
      if (typeof value === 'string') return value.trim() === '' ? undefined : value;
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
};

/**
 * The value a grid filter item sends: null for the operators without a value, undefined when the item is not
 * complete yet (the user has not typed a value), so it is not sent at all.
 */
export const toRequestValue = (
  type: QueueColumnType,
  operator: string,
  value: unknown,
): QueueFilterItem['value'] | undefined => {
  if (NO_VALUE_OPERATORS.has(operator)) return null;
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const values = value.map((v) => toScalar(type, v)).filter((v): v is Scalar => v !== undefined);
    return values.length > 0 ? values : undefined;
  }
  return toScalar(type, value);
};

/** The value the grid's filter inputs expect: a Date for date-time columns. */
const toGridValue = (type: QueueColumnType | undefined, value: QueueFilterItem['value']): unknown => {
  if (value === null) return undefined;
  if (type === 'dateTime' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return value;
};

const columnOf = (columns: readonly QueueColumn[], field: string) => columns.find((c) => c.field === field);

/** The grid's filter model as the user's filter items and text (incomplete items left out). */
export const gridFilterToQueue = (
  model: GridFilterModel,
  columns: readonly QueueColumn[],
): { filter: QueueUserFilter; text: string } => {
  const filters: QueueFilterItem[] = [];
  for (const item of model.items) {
    const column = columnOf(columns, item.field);
    if (!column || !column.filterable || !column.operators.includes(item.operator)) continue;
    const value = toRequestValue(column.type, item.operator, item.value);
    if (value === undefined) continue;
    filters.push({ field: item.field, operator: item.operator, value });
  }
  const text = (model.quickFilterValues ?? [])
    .map((v: unknown) => String(v))
    .join(' ')
    .trim();
  return { filter: { logic: model.logicOperator === 'or' ? 'or' : 'and', filters }, text };
};

/** The grid's filter model for the user's items and the text (the quick filter shows the text). */
export const queueToGridFilter = (
  filter: QueueUserFilter,
  text: string,
  columns: readonly QueueColumn[],
): GridFilterModel => ({
  items: filter.filters.map((f, index): GridFilterItem => ({
    id: index,
    field: f.field,
    operator: f.operator,
    value: toGridValue(columnOf(columns, f.field)?.type, f.value),
  })),
  logicOperator: filter.logic as GridLogicOperator,
  quickFilterValues: text ? [text] : [],
});

/**
 * Whether the user's items can be joined to the base filter in one flat {logic, filters} list: always, unless
 * the base joins several items with OR.
 */
export const canFilterOnTop = (base: QueueUserFilter | null): boolean =>
  base === null || base.filters.length <= 1 || base.logic === 'and';

export const combineFilters = (base: QueueUserFilter | null, user: QueueUserFilter): QueueUserFilter | null => {
  if (base === null || base.filters.length === 0) return user.filters.length > 0 ? user : null;
  if (user.filters.length === 0 || !canFilterOnTop(base)) return base;
  if (user.logic === 'or' && user.filters.length > 1)
    // (base) AND (a OR b) is not flat: the community grid has one item, so this only comes from a hand-made URL.
    return { logic: 'and', filters: [...base.filters, user.filters[0]!] };
  return { logic: 'and', filters: [...base.filters, ...user.filters] };
};

/** The criteria a page runs: the base with the user's state on top. */
export const effectiveCriteria = (base: QueueBaseCriteria, view: QueueViewState) => {
  const sort = view.sort ?? base.sort;
  const text = view.text ?? base.text;
  return {
    filter: combineFilters(base.filter, view.filter),
    sort: sort && sort.length > 0 ? sort : null,
    text: text ? text : null,
  };
};

/** The search request (1-based page) of a page of the grid. */
export const buildSearchRequest = (
  base: QueueBaseCriteria,
  view: QueueViewState,
  columns: string[] | null,
): ApplicationSearchRequest => ({
  page: view.page + 1,
  pageSize: view.pageSize,
  ...effectiveCriteria(base, view),
  columns,
});

/** What "Save Filter" / "Save Queue" keeps: the queue, the criteria on screen and the visible columns. */
export const toSavedCriteria = (
  gridName: QueueGridName,
  base: QueueBaseCriteria,
  view: QueueViewState,
  columns: string[] | null,
): SavedQueueCriteria => ({ gridName, ...effectiveCriteria(base, view), columns });

/** The user's sort as the URL keeps it: null when it is the base sort (so the URL stays clean). */
export const userSort = (base: QueueBaseCriteria, items: QueueSortItem[]): QueueSortItem[] | null =>
  encodeSort(items) === encodeSort(base.sort ?? []) ? null : items;

/** The user's text as the URL keeps it: null when it is the base text. */
export const userText = (base: QueueBaseCriteria, text: string): string | null =>
  text === (base.text ?? '') ? null : text;
