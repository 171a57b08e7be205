import {
  QUEUE_DEFAULT_PAGE_SIZE,
  QUEUE_PAGE_SIZES,
  type QueueFilterItem,
  type QueueSortItem,
} from '@credence/contracts';

/**
 * The state of a queue page that lives in the URL, so Back/Forward, a reload and a shared link show the same
 * page. Format (every key left out when it has its default, so the default page has a clean URL):
 *
 * - `page=2` — 1-based page (the grid counts from 0);
 * - `pageSize=50` — one of QUEUE_PAGE_SIZES;
 * - `sort=requestedAmount:desc` — comma-separated `field:dir`; an empty `sort=` means "no sort" where the
 *   page has a base sort (a saved filter's), absent means "the base sort";
 * - `filter=[["state","is","new"]]` — JSON array of `[field, operator, value?]`, the user's filter items on
 *   top of the base criteria; `logic=or` when they are joined by OR;
 * - `search=TEXT` — the side-menu search text (the request's `text`); empty `search=` clears a base text.
 *
 * Other keys (`filterId`) are kept as they are.
 */
export type QueueFilterLogic = 'and' | 'or';
export type QueueUserFilter = { logic: QueueFilterLogic; filters: QueueFilterItem[] };

export type QueueViewState = {
  /** 0-based, as the DataGrid counts. */
  page: number;
  pageSize: number;
  /** null: not in the URL (the base sort applies); [] explicitly no sort. */
  sort: QueueSortItem[] | null;
  /** The user's filter items (complete ones only), on top of the base criteria. */
  filter: QueueUserFilter;
  /** null: not in the URL (the base text applies); '' explicitly no text. */
  text: string | null;
};

export const queueUrlKeys = ['page', 'pageSize', 'sort', 'filter', 'logic', 'search'] as const;

export const defaultViewState: QueueViewState = {
  page: 0,
  pageSize: QUEUE_DEFAULT_PAGE_SIZE,
  sort: null,
  filter: { logic: 'and', filters: [] },
  text: null,
};

const MAX_PAGE = 1_000_000;
const MAX_SORT_ITEMS = 3;
const MAX_FILTER_ITEMS = 20;
const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

const readPage = (raw: string | null): number => {
  if (!raw || !/^\d{1,7}$/.test(raw)) return 0;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page - 1 : 0;
};

const readPageSize = (raw: string | null): number => {
  const size = Number(raw);
  return (QUEUE_PAGE_SIZES as readonly number[]).includes(size) ? size : QUEUE_DEFAULT_PAGE_SIZE;
};

export const encodeSort = (sort: readonly QueueSortItem[]): string => sort.map((s) => `${s.field}:${s.dir}`).join(',');

export const decodeSort = (raw: string | null): QueueSortItem[] | null => {
  if (raw === null) return null;
  const items: QueueSortItem[] = [];
  for (const part of raw.split(',')) {
    const [field = '', dir] = part.split(':');
    if (!FIELD_PATTERN.test(field) || (dir !== 'asc' && dir !== 'desc')) continue;
    if (items.some((s) => s.field === field)) continue;
    items.push({ field, dir });
  }
  return items.slice(0, MAX_SORT_ITEMS);
};

export const encodeFilterItems = (filters: readonly QueueFilterItem[]): string =>
  JSON.stringify(filters.map((f) => (f.value === null ? [f.field, f.operator] : [f.field, f.operator, f.value])));

export const decodeFilterItems = (raw: string | null): QueueFilterItem[] => {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: QueueFilterItem[] = [];
  for (const entry of parsed.slice(0, MAX_FILTER_ITEMS)) {
    if (!Array.isArray(entry)) continue;
    const [field, operator, value = null] = entry as unknown[];
    if (typeof field !== 'string' || !FIELD_PATTERN.test(field)) continue;
    if (typeof operator !== 'string' || operator.length === 0 || operator.length > 32) continue;
    if (value !== null && !isScalar(value) && !(Array.isArray(value) && value.every(isScalar))) continue;
    items.push({ field, operator, value: value as QueueFilterItem['value'] });
  }
  return items;
};

/** The queue state a URL describes (anything malformed falls back to the default). */
export const readViewState = (params: URLSearchParams): QueueViewState => ({
  page: readPage(params.get('page')),
  pageSize: readPageSize(params.get('pageSize')),
  sort: decodeSort(params.get('sort')),
  filter: {
    logic: params.get('logic') === 'or' ? 'or' : 'and',
    filters: decodeFilterItems(params.get('filter')),
  },
  text: params.has('search') ? (params.get('search') ?? '').trim() : null,
});

/** The URL query of a state: other keys of `current` kept, defaults left out. */
export const writeViewState = (current: URLSearchParams, state: QueueViewState): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const key of queueUrlKeys) next.delete(key);
  if (state.text !== null) next.set('search', state.text);
  if (state.sort !== null) next.set('sort', encodeSort(state.sort));
  if (state.filter.filters.length > 0) {
    next.set('filter', encodeFilterItems(state.filter.filters));
    if (state.filter.logic === 'or' && state.filter.filters.length > 1) next.set('logic', 'or');
  }
  if (state.page > 0) next.set('page', String(state.page + 1));
  if (state.pageSize !== QUEUE_DEFAULT_PAGE_SIZE) next.set('pageSize', String(state.pageSize));
  return next;
};

/** Whether two states ask the server for different rows besides the page (a new filter or order starts at page 1). */
export const sameCriteria = (a: QueueViewState, b: QueueViewState): boolean =>
  a.text === b.text &&
  (a.sort === null ? 'null' : encodeSort(a.sort)) === (b.sort === null ? 'null' : encodeSort(b.sort)) &&
  a.filter.logic === b.filter.logic &&
  encodeFilterItems(a.filter.filters) === encodeFilterItems(b.filter.filters);

/**
 * The part of a URL the grid's filter model shows (filter items, logic, search text): when it changes and is
 * not the page's own update, the filter model is re-read from the URL (Back/Forward, the search chip).
 */
export const filterKeyOf = (params: URLSearchParams): string =>
  [params.get('filter') ?? '', params.get('logic') ?? '', params.has('search') ? `=${params.get('search')}` : ''].join(
    '\u0000',
  );
