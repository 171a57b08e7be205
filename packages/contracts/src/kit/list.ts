import { z } from 'zod';

/**
 * The one list contract of every administration grid (DESIGN.md rule 5): a page window, one allow-listed sort
 * field and direction, a quick-search text and allow-listed filters; the answer is `{data, total}`.
 */
export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** A filter sent in a query string: 'true' or 'false'. */
export const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const LIST_PAGE_SIZE_MAX = 500;

export type ListSpec<Field extends string = string> = {
  /** The fields a list may be sorted by; the first is the default. */
  sort: readonly [Field, ...Field[]];
  /** The fields the quick search looks in (contains, case-insensitive). */
  text: readonly Field[];
  /** Filters: a field and the query schema of its value (booleanQuery, an id, an enum). */
  filters: Record<string, z.ZodType>;
};

/** The query schema of a list: page (from 1), pageSize, sort, order, text, and the declared filters. */
export const listQuerySchema = <F extends string, Filters extends Record<string, z.ZodType>>(spec: {
  sort: readonly [F, ...F[]];
  filters: Filters;
}) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(25),
    sort: z.enum(spec.sort as unknown as [F, ...F[]]).optional(),
    order: sortOrderSchema.default('asc'),
    text: z.string().trim().max(200).optional(),
    ...spec.filters,
  });

export type ListQuery = {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order: SortOrder;
  text?: string | undefined;
  [filter: string]: unknown;
};

export const pageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), total: z.number().int() });
export type Page<Row> = { data: Row[]; total: number };

export const isUniqueSchema = z.object({ isUnique: z.boolean() });
