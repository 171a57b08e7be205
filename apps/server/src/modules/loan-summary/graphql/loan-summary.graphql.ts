import { readFileSync } from 'node:fs';
import { GRAPHQL_BATCH_MAX, GRAPHQL_PATH, messages } from '@credence/contracts';
import type { FastifyInstance } from 'fastify';
import type {
  ASTNode,
  ExecutionResult,
  FieldNode,
  FragmentSpreadNode,
  GraphQLFormattedError,
  InlineFragmentNode,
  ValidationRule,
} from 'graphql';
import { z } from 'zod';
import mercurius, { type MercuriusContext, type MercuriusOptions } from 'mercurius';
import { withTenant } from '../../../db/tenancy.ts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, isDatabaseUnavailable, loggableError, notFound, unauthenticated } from '../../../platform/errors.ts';
import { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse } from './graphql-runtime.ts';
import { loadApplications, selectedPaths } from './loan-summary.graphql.loaders.ts';

/*
 * GraphQL at /api/graphql (spec 3 §7; DESIGN: Mercurius, only for the loan summary). One query field,
 * `application(id)`, read in the caller's lender's tenant transaction. Guarded like every /api route (a live
 * session: 401 otherwise); the reads need no right beyond it, as the application's REST reads. Limits: depth 8,
 * at most MAX_SELECTIONS fields and fragment spreads and MAX_ALIASES aliases per document, MAX_TOKENS tokens,
 * at most GRAPHQL_BATCH_MAX operations per batched request; no GraphiQL; no introspection and no "Did you mean"
 * suggestions in production. Errors answer a message and a code, never a stack or a statement.
 */

export const QUERY_DEPTH_LIMIT = 8;
/** GetLoanSummary selects about 400 fields: room for it, none for a document that repeats it many times. */
export const MAX_SELECTIONS = 800;
export const MAX_ALIASES = 10;
export const MAX_TOKENS = 5000;

const schema = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** What a resolver gets: the caller (null only when a request got past the guard without one: refused). */
export type LoanSummaryGraphqlContext = MercuriusContext & { auth: AuthContext | null };

/**
 * graphql's validation options. In production, no "Did you mean …?" in validation errors: the suggestions name
 * fields, arguments and types of the schema ('Did you mean "applicants"?'), which would give back what turning
 * introspection off hides (graphql 16.10+ `hideSuggestions`; Mercurius hands these options to `validate`).
 * Elsewhere they stay, for the developer. The execution's variable coercion could suggest only enum values of an
 * input, and the schema takes none (one Int argument). (Mercurius's type names only `maxErrors`.)
 */
const validateOptions = (env: string): { maxErrors?: number; hideSuggestions: boolean } => ({
  hideSuggestions: env === 'production',
});

/** Refuses documents that select too much: many fields, fragment spreads or aliases (alias batching). */
const sizeLimitRule: ValidationRule = (context) => {
  let selections = 0;
  let aliases = 0;
  const count = (node: ASTNode) => {
    selections += 1;
    if (selections === MAX_SELECTIONS + 1) {
      context.reportError(new GraphQLError(`A query selects at most ${MAX_SELECTIONS} fields.`, { nodes: node }));
    }
  };
  return {
    Field(node) {
      count(node);
      if (node.alias) {
        aliases += 1;
        if (aliases === MAX_ALIASES + 1) {
          context.reportError(new GraphQLError(`A query uses at most ${MAX_ALIASES} aliases.`, { nodes: node }));
        }
      }
    },
    FragmentSpread(node) {
      count(node);
    },
  };
};

/**
 * Refuses an operation deeper than QUERY_DEPTH_LIMIT fields, fragments followed (Mercurius' own depth check stops
 * at a fragment spread).
 */
const depthLimitRule: ValidationRule = (context) => {
  type Selections = { selections: readonly (FieldNode | FragmentSpreadNode | InlineFragmentNode)[] } | undefined;
  const depth = (set: Selections, at: number, seen: ReadonlySet<string>): number => {
    let deepest = at;
    for (const node of set?.selections ?? []) {
      if (node.kind === Kind.FIELD) deepest = Math.max(deepest, depth(node.selectionSet, at + 1, seen));
      else if (node.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depth(node.selectionSet, at, seen));
      else if (!seen.has(node.name.value)) {
        const fragment = context.getFragment(node.name.value);
        deepest = Math.max(deepest, depth(fragment?.selectionSet, at, new Set([...seen, node.name.value])));
      }
    }
    return deepest;
  };
  return {
    OperationDefinition(node) {
      const found = depth(node.selectionSet, 0, new Set());
      if (found > QUERY_DEPTH_LIMIT) {
        context.reportError(
          new GraphQLError(`The query's depth is ${found}; at most ${QUERY_DEPTH_LIMIT} is allowed.`, { nodes: node }),
        );
      }
    },
  };
};

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * The errors as the client sees them: validation and depth messages (about the query), the house errors' message
 * and code (NOT_FOUND, UNAUTHENTICATED), and for anything else a plain 'internal' message; the cause is logged
 * without its statement or parameters.
 */
const formatErrors = (execution: ExecutionResult & { statusCode?: number }, log: Log) => {
  let statusCode = execution.data ? 200 : (execution.statusCode ?? 200);
  const errors: GraphQLFormattedError[] = [];
  for (const error of execution.errors ?? []) {
    const original = error.originalError as
      (Error & { errors?: unknown; statusCode?: number; code?: string }) | undefined;
    if (original && Array.isArray(original.errors)) {
      // Mercurius' validation error: the query's own problems (unknown field, depth, size, bad variables).
      for (const inner of original.errors as Error[]) {
        const located = inner as Error & { locations?: GraphQLFormattedError['locations'] };
        errors.push({
          message: inner.message,
          ...(located.locations ? { locations: located.locations } : {}),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        });
      }
      if (!execution.data && typeof original.statusCode === 'number') statusCode = original.statusCode;
    } else if (original instanceof AppError) {
      errors.push({ message: original.message, path: error.path, extensions: { code: original.code } });
    } else if (original && isDatabaseUnavailable(original)) {
      log.warn({ err: loggableError(original) }, 'graphql: database unavailable');
      errors.push({
        message: messages.errors.databaseUnavailable,
        path: error.path,
        extensions: { code: 'DB_UNAVAILABLE' },
      });
    } else if (original && !(original instanceof GraphQLError)) {
      log.error({ err: loggableError(original, { stack: true }) }, 'graphql: resolver failed');
      errors.push({ message: messages.errors.backend, path: error.path, extensions: { code: 'INTERNAL' } });
    } else {
      // graphql-js' own error about the request (a variable of the wrong type, …).
      errors.push({
        message: error.message,
        ...(error.locations ? { locations: error.locations } : {}),
        ...(error.path ? { path: error.path } : {}),
        extensions: { code: 'BAD_REQUEST' },
      });
    }
  }
  return { statusCode, response: { data: execution.data ?? null, errors } };
};

const GRAPHQL_SUMMARY =
  'GraphQL of the loan summary: GetLoanInfo and GetLoanSummary (spec 3 §7); a list of at most 10 operations batches them';
const operationSchema = z.object({
  query: z.string().max(100_000),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().max(200).nullable().optional(),
});
const postBodySchema = z.union([operationSchema, z.array(operationSchema)]);
const getQuerySchema = z.object({
  query: z.string().max(10_000),
  variables: z.string().max(10_000).optional(),
  operationName: z.string().max(200).optional(),
});

type GraphqlRunner = FastifyInstance['graphql'];
/** The GraphQL scope of each app (the plugin is encapsulated: its error handler is for /api/graphql only). */
const runners = new WeakMap<object, GraphqlRunner>();

/** The app's GraphQL executor, for in-process queries (`readLoanSummary`). */
export const graphqlOf = (app: FastifyInstance): GraphqlRunner => {
  const runner = runners.get(app);
  if (!runner) throw new Error('The loan summary GraphQL module is not registered on this app');
  return runner;
};

export const registerLoanSummaryGraphql = (app: App, deps: AppDeps) => {
  const root = app as unknown as FastifyInstance;
  void app.register(async (scope) => {
    // Mercurius declares its routes with JSON schemas; the app validates and documents with zod: the routes of
    // this scope get the zod equivalents (the OpenAPI document lists them, the validator checks the shape).
    scope.addHook('onRoute', (route) => {
      route.schema =
        route.method === 'GET'
          ? { tags: ['loan-summary'], summary: GRAPHQL_SUMMARY, querystring: getQuerySchema }
          : { tags: ['loan-summary'], summary: GRAPHQL_SUMMARY, body: postBodySchema };
    });

    scope.addHook('preHandler', async (request, reply) => {
      const operations = Array.isArray(request.body) ? request.body : [request.body ?? request.query];
      // More than GRAPHQL_BATCH_MAX operations in one POST: refused whole, before any runs.
      if (operations.length > GRAPHQL_BATCH_MAX) {
        return reply.code(400).send({
          data: null,
          errors: [
            {
              message: `A batched request holds at most ${GRAPHQL_BATCH_MAX} operations (${operations.length} sent).`,
              extensions: { code: 'BATCH_TOO_LARGE' },
            },
          ],
        });
      }
      // A query that is not GraphQL is the client's 400 (Mercurius would try it as a JSON document AST).
      for (const operation of operations as { query?: unknown }[]) {
        if (typeof operation?.query !== 'string') continue;
        try {
          parse(operation.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          const syntax = error as Error & { locations?: GraphQLFormattedError['locations'] };
          return reply.code(400).send({
            data: null,
            errors: [
              {
                message: syntax.message,
                ...(syntax.locations ? { locations: syntax.locations } : {}),
                extensions: { code: 'GRAPHQL_PARSE_FAILED' },
              },
            ],
          });
        }
      }
    });

    const options: MercuriusOptions = {
      schema,
      path: GRAPHQL_PATH,
      graphiql: false,
      ide: false,
      allowBatchedQueries: true,
      queryDepth: QUERY_DEPTH_LIMIT,
      graphql: { parseOptions: { maxTokens: MAX_TOKENS }, validateOptions: validateOptions(deps.config.env) },
      validationRules: [
        sizeLimitRule,
        depthLimitRule,
        ...(deps.config.env === 'production' ? [NoSchemaIntrospectionCustomRule] : []),
      ],
      context: (request) => ({ auth: request.auth }),
      errorFormatter: (execution, context) => formatErrors(execution, context.reply?.log ?? context.app.log),
      // The house errors (401 from the guard, 503, …) keep the house body; only GraphQL's own go as GraphQL.
      errorHandler: async (error, _request, reply) => {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !code.startsWith('MER_ERR')) throw error;
        const { statusCode, response } = formatErrors(
          { data: null, errors: [new GraphQLError(error.message, { originalError: error })] },
          reply.log,
        );
        await reply.code(statusCode).send(response);
      },
      resolvers: {
        Query: {
          application: async (_root: unknown, args: { id: number }, context: MercuriusContext, info) => {
            const auth = (context as LoanSummaryGraphqlContext).auth;
            if (!auth) throw unauthenticated();
            const paths = selectedPaths(info);
            const loaded = await withTenant(deps.db, auth.lenderId, (tx) =>
              loadApplications(tx, auth, [args.id], paths),
            );
            const application = loaded.get(args.id);
            if (!application) throw notFound();
            return application;
          },
        },
      },
    };
    await scope.register(mercurius, options);
    runners.set(root, scope.graphql.bind(scope) as GraphqlRunner);
  });
};
