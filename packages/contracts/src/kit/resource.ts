import { z } from 'zod';
import { idParamsSchema } from '../applications/common.ts';
import type { Right } from '../rights.ts';
import { endpoint, type Access, type Endpoint } from './endpoint.ts';
import { isUniqueSchema, listQuerySchema, pageSchema, type ListSpec } from './list.ts';

export type Verb = 'list' | 'get' | 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'isUnique';

type RowShape = z.ZodObject<{ id: z.ZodNumber } & z.ZodRawShape>;

export type ResourceDeclaration<
  Row extends RowShape,
  Input extends z.ZodType,
  V extends Verb,
  F extends string,
  Filters extends Record<string, z.ZodType>,
> = {
  /** The noun, as the audit's area and the API docs' tag: 'branches'. */
  name: string;
  /** 'Branches' / 'Branch'. */
  title: string;
  singular: string;
  /** '/api/branches'. */
  path: string;
  /** The right that opens the area and allows every write. */
  right: Right;
  /** Who may read (list, get); the area's right unless said otherwise (dealers are read by every worksheet). */
  readAccess?: Access;
  row: Row;
  input: Input;
  verbs: readonly V[];
  /** The field whose value is unique per lender (case-insensitive), and the 422 text when it is taken. */
  unique?: { field: keyof z.output<Row> & string; message: string };
  /** The field that names a record (audit label, confirmations). */
  labelField: keyof z.output<Row> & string;
  list: ListSpec<F> & { sort: readonly [F, ...F[]]; filters: Filters };
  /** enable/disable are POST unless the spec says PUT. */
  toggleMethod?: 'POST' | 'PUT';
  /** Where the spec names a verb's path differently ('edit', 'nameIsUnique'): relative to `path`. */
  subPaths?: Partial<Record<'create' | 'isUnique', string>>;
};

const isUniqueQuery = (field: string) =>
  z.object({
    [field]: z.string().max(500),
    id: z.coerce.number().int().positive().optional(),
  });

const deletedSchema = z.object({ id: z.number().int() });

/** Every endpoint a resource may have; a declaration keeps those of its verbs. */
const allEndpoints = <
  Row extends RowShape,
  Input extends z.ZodType,
  F extends string,
  Filters extends Record<string, z.ZodType>,
>(
  d: Omit<ResourceDeclaration<Row, Input, Verb, F, Filters>, 'verbs'>,
) => {
  const write: Access = { right: d.right };
  const read: Access = d.readAccess ?? write;
  const tag = d.name;
  const item = `${d.path}/:id`;
  const toggle = (verb: 'enable' | 'disable') =>
    endpoint({
      method: d.toggleMethod ?? 'POST',
      path: `${item}/${verb}`,
      access: write,
      tag,
      summary: `${verb === 'enable' ? 'Enable' : 'Disable'} a ${d.singular.toLowerCase()}`,
      params: idParamsSchema,
      response: d.row,
    });
  return {
    list: endpoint({
      method: 'GET',
      path: d.path,
      access: read,
      tag,
      summary: `${d.title}: a page, sorted, searched and filtered`,
      query: listQuerySchema<F, Filters>(d.list),
      response: pageSchema(d.row),
    }),
    get: endpoint({
      method: 'GET',
      path: item,
      access: read,
      tag,
      summary: `One ${d.singular.toLowerCase()}`,
      params: idParamsSchema,
      response: d.row,
    }),
    create: endpoint({
      method: 'POST',
      path: d.subPaths?.create ? `${d.path}/${d.subPaths.create}` : d.path,
      access: write,
      tag,
      summary: `Create a ${d.singular.toLowerCase()}`,
      body: d.input,
      response: d.row,
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: item,
      access: write,
      tag,
      summary: `Update a ${d.singular.toLowerCase()}`,
      params: idParamsSchema,
      body: d.input,
      response: d.row,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: item,
      access: write,
      tag,
      summary: `Delete a ${d.singular.toLowerCase()}`,
      params: idParamsSchema,
      response: deletedSchema,
    }),
    enable: toggle('enable'),
    disable: toggle('disable'),
    isUnique: endpoint({
      method: 'GET',
      path: `${d.path}/${d.subPaths?.isUnique ?? 'isUnique'}`,
      access: write,
      tag,
      summary: `Whether a ${d.singular.toLowerCase()}'s ${d.unique?.field ?? 'name'} is free (id: the record being edited)`,
      query: isUniqueQuery(d.unique?.field ?? 'name'),
      response: isUniqueSchema,
    }),
  };
};

type AllEndpoints<
  Row extends RowShape,
  Input extends z.ZodType,
  F extends string,
  Filters extends Record<string, z.ZodType>,
> = ReturnType<typeof allEndpoints<Row, Input, F, Filters>>;

export type Resource<
  Row extends RowShape = RowShape,
  Input extends z.ZodType = z.ZodType,
  V extends Verb = Verb,
  F extends string = string,
  Filters extends Record<string, z.ZodType> = Record<string, z.ZodType>,
> = ResourceDeclaration<Row, Input, V, F, Filters> & {
  endpoints: Pick<AllEndpoints<Row, Input, F, Filters>, V>;
};

/**
 * Declares an administration resource (DESIGN.md rule 12): its path, right, schemas, verbs, unique key and list
 * fields. The server's CRUD module, the typed web client, the generic list and form and the generic tests all
 * read this one object.
 */
export const defineResource = <
  Row extends RowShape,
  Input extends z.ZodType,
  const V extends Verb,
  const F extends string,
  Filters extends Record<string, z.ZodType>,
>(
  declaration: ResourceDeclaration<Row, Input, V, F, Filters>,
): Resource<Row, Input, V, F, Filters> => {
  const all = allEndpoints<Row, Input, F, Filters>(declaration);
  const endpoints = Object.fromEntries(declaration.verbs.map((verb) => [verb, all[verb]])) as Pick<typeof all, V>;
  return { ...declaration, endpoints };
};

/** Any declared resource (what the kit's generic code takes). */
export type AnyResource = Omit<
  ResourceDeclaration<RowShape, z.ZodType, Verb, string, Record<string, z.ZodType>>,
  'list'
> & {
  list: ListSpec;
  endpoints: Partial<Record<Verb, Endpoint>>;
};
export type RowOf<R extends AnyResource> = z.output<R['row']>;
export type InputOf<R extends AnyResource> = z.input<R['input']>;
export type AnyEndpoint = Endpoint;
