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
import { APPLICATION_READ_COST, costCounter, costText, requestCost } from './loan-summary.graphql.cost.ts';
import { loadApplications, selectedPaths } from './loan-summary.graphql.loaders.ts';
import { createUserShare, type UserShare } from '../../../platform/user-share.ts';
import { createUserSlots, type UserSlots } from './loan-summary.graphql.slots.ts';

/*
 * GraphQL at /api/graphql (spec 3 §7; DESIGN: Mercurius, only for the loan summary). One query field,
 * `application(id)`, read in the caller's lender's tenant transaction. Guarded like every /api route (a live
 * session: 401 otherwise); the reads need no right beyond it, as the application's REST reads. Limits: depth 8,
 * at most MAX_SELECTIONS fields and fragment spreads and MAX_ALIASES aliases per document, MAX_TOKENS tokens,
 * at most GRAPHQL_BATCH_MAX operations per batched request, a cost of at most MAX_OPERATION_COST per operation and
 * MAX_BATCH_COST per request (fields counted after fragments are expanded: loan-summary.graphql.cost.ts), at most
 * GRAPHQL_USER_RUNNING requests and GRAPHQL_USER_READS application reads of one user at a time; no GraphiQL; no
 * introspection and no "Did you mean" suggestions in production. Errors answer a message and a code, never a
 * stack or a statement.
 */

export const QUERY_DEPTH_LIMIT = 8;
/** GetLoanSummary selects about 400 fields: room for it, none for a document that repeats it many times. */
export const MAX_SELECTIONS = 800;
export const MAX_ALIASES = 10;
export const MAX_TOKENS = 5000;

/*
 * Cost (issue 30, item 2). MAX_SELECTIONS counts a fragment once however often it is spread: ten aliases
 * spreading one fragment of the whole summary passed it, ten such operations to a batch and sixteen batches at
 * once emptied the database pool. The cost counts what will run — every field once per place after fragments
 * are expanded, plus APPLICATION_READ_COST (30) for each `application` read. Measured on the pinned documents
 * (packages/contracts/src/applications/loan-summary.ts, and the dialog's settings query): GetLoanSummary 449,
 * GetLoanInfo 52, GetLoanSummarySettings 35; the web's largest batch (all three) 536. Limits: 1000 per operation
 * (2.2 × GetLoanSummary: room for the summary to grow by half) and 1500 per request (2.8 × the web's largest
 * batch; three whole summaries fit). The attack above costs 4490 per operation and 44,900 per batch.
 */
export const MAX_OPERATION_COST = 1000;
export const MAX_BATCH_COST = 1500;

/*
 * Concurrency per user (issue 30, item 2), in this process (its database pool is per process as well). At most
 * GRAPHQL_USER_RUNNING (2) GraphQL requests of one user run at once; the next GRAPHQL_USER_WAITING (4) wait in
 * that user's line up to GRAPHQL_USER_WAIT_MS (5 s) — the web sends one request at a time, so a second tab or a
 * refetch waits a moment instead of failing — and beyond that the request is answered 429 RATE_LIMITED with
 * Retry-After: 1 (the house body). Inside the admitted requests, at most GRAPHQL_USER_READS (2) `application`
 * reads of the user hold a tenant transaction at once (a batch's operations and aliases run in parallel
 * otherwise: one request could take ten connections); the in-process reads (the PDF) share that cap. A slot is
 * held until the execution ends — also when the client has left — and freed on every path.
 */
export const GRAPHQL_USER_RUNNING = 2;
export const GRAPHQL_USER_WAITING = 4;
export const GRAPHQL_USER_WAIT_MS = 5000;
export const GRAPHQL_USER_READS = 2;
export const GRAPHQL_RETRY_AFTER_SECONDS = 1;

/*
 * Each user's share of the GraphQL work (issue 30, item 13; platform/user-share.ts), in points: a request is
 * charged its cost (the sum of its operations' costs, as above) and one point per KiB of its answer — what the
 * request thread does for it: the reads and resolvers the fields stand for, and the answer built and serialized.
 * A user's bucket holds GRAPHQL_USER_BURST_POINTS and refills GRAPHQL_USER_SHARE_POINTS a second. In debt, the
 * next request waits (in the user's line) until the debt is paid, at most SHARE_MAX_WAIT_MS, else is answered 429
 * with Retry-After. Measured (2 cores): the heaviest batch allowed — 3 × GetLoanSummary of an application at the
 * comment bounds, 1.8 MB — takes ~0.2 s of the request thread and costs 3 147 points (~16 a millisecond); so the
 * share is ~25 ms of work a second (2.5 %), after a burst of ~0.5 s. The web's summary (GetLoanInfo, settings,
 * GetLoanSummary) costs ~560 points: a person opens 14 in a row, then one every 1.4 s.
 */
export const GRAPHQL_USER_SHARE_POINTS = 400;
export const GRAPHQL_USER_BURST_POINTS = 8_000;
/** The points of a request: its cost, and one per KiB of its answer. */
export const graphqlPoints = (cost: number, answerBytes: number) => cost + Math.ceil(answerBytes / 1024);

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
 * at a fragment spread). Each fragment's own depth is computed once: fragments spreading one another twice, level
 * after level, would take exponential time otherwise. A cycle adds nothing (NoFragmentCycles refuses it).
 */
const depthLimitRule: ValidationRule = (context) => {
  type Selections = { selections: readonly (FieldNode | FragmentSpreadNode | InlineFragmentNode)[] } | undefined;
  const memo = new Map<string, number>();
  const active = new Set<string>();
  const fragmentDepth = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = context.getFragment(name);
    if (!fragment || active.has(name)) return 0;
    active.add(name);
    const found = depth(fragment.selectionSet);
    active.delete(name);
    memo.set(name, found);
    return found;
  };
  /** The depth of the fields below a selection set (0 for none). */
  const depth = (set: Selections): number => {
    let deepest = 0;
    for (const node of set?.selections ?? []) {
      if (node.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depth(node.selectionSet));
      else if (node.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depth(node.selectionSet));
      else deepest = Math.max(deepest, fragmentDepth(node.name.value));
    }
    return deepest;
  };
  return {
    OperationDefinition(node) {
      const found = depth(node.selectionSet);
      if (found > QUERY_DEPTH_LIMIT) {
        context.reportError(
          new GraphQLError(`The query's depth is ${found}; at most ${QUERY_DEPTH_LIMIT} is allowed.`, { nodes: node }),
        );
      }
    },
  };
};

const operationCostMessage = (cost: number) =>
  `The query's cost is ${costText(cost)} (each field counted once per place after fragments are expanded, ` +
  `each application read ${1 + APPLICATION_READ_COST}); at most ${MAX_OPERATION_COST} is allowed.`;

/** Refuses an operation that costs more than MAX_OPERATION_COST (loan-summary.graphql.cost.ts). */
const costLimitRule: ValidationRule = (context) => {
  const cost = costCounter((name) => context.getFragment(name));
  return {
    OperationDefinition(node) {
      const found = cost(node.selectionSet);
      if (found > MAX_OPERATION_COST)
        context.reportError(new GraphQLError(operationCostMessage(found), { nodes: node }));
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
/** The per-user lines of each app: requests admitted, application reads; and the users' shares of time. */
const userLines = new WeakMap<object, { requests: UserSlots; reads: UserSlots; share: UserShare }>();

const linesOf = (app: FastifyInstance) => {
  const lines = userLines.get(app);
  if (!lines) throw new Error('The loan summary GraphQL module is not registered on this app');
  return lines;
};

/** What one user holds and waits for now on this app (tests, diagnostics). */
export const graphqlLoadOf = (app: FastifyInstance, userId: number) => {
  const lines = linesOf(app);
  return { requests: lines.requests.stats(userId), reads: lines.reads.stats(userId) };
};

/** The users' shares of GraphQL time on this app (tests, diagnostics). */
export const graphqlShareOf = (app: FastifyInstance): UserShare => linesOf(app).share;

/** The refusal of a request over the user's line: the house body (RATE_LIMITED), as the other per-user limits. */
const tooManyAtOnce = () =>
  new AppError(
    429,
    'RATE_LIMITED',
    messages.limits.graphqlTooManyAtOnce(GRAPHQL_USER_RUNNING, GRAPHQL_USER_WAITING),
    undefined,
    { 'Retry-After': String(GRAPHQL_RETRY_AFTER_SECONDS) },
  );

/** The refusal of a request whose user is further in debt of GraphQL work than a request may wait. */
const overShare = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(429, 'RATE_LIMITED', messages.limits.graphqlOverShare(seconds), undefined, {
    'Retry-After': String(seconds),
  });
};

/** The GraphQL error body of a request refused whole before any operation runs (400). */
const refusal = (message: string, code: string, locations?: GraphQLFormattedError['locations']) => ({
  data: null,
  errors: [{ message, ...(locations ? { locations } : {}), extensions: { code } }],
});

/** The app's GraphQL executor, for in-process queries (`readLoanSummary`). */
export const graphqlOf = (app: FastifyInstance): GraphqlRunner => {
  const runner = runners.get(app);
  if (!runner) throw new Error('The loan summary GraphQL module is not registered on this app');
  return runner;
};

export const registerLoanSummaryGraphql = (app: App, deps: AppDeps) => {
  const root = app as unknown as FastifyInstance;
  const requests = createUserSlots({
    running: GRAPHQL_USER_RUNNING,
    waiting: GRAPHQL_USER_WAITING,
    waitMs: GRAPHQL_USER_WAIT_MS,
  });
  // Bounded by the admitted requests and their cost (a request holds at most MAX_BATCH_COST / 31 reads).
  const reads = createUserSlots({ running: GRAPHQL_USER_READS, waiting: Infinity, waitMs: Infinity });
  const share = createUserShare({ perSecond: GRAPHQL_USER_SHARE_POINTS, burst: GRAPHQL_USER_BURST_POINTS });
  /** Each admitted request's cost (the preHandler's sum), charged with its answer's size when it is sent. */
  const costs = new WeakMap<object, number>();
  userLines.set(root, { requests, reads, share });

  void app.register(async (scope) => {
    // Mercurius declares its routes with JSON schemas; the app validates and documents with zod: the routes of
    // this scope get the zod equivalents (the OpenAPI document lists them, the validator checks the shape).
    scope.addHook('onRoute', (route) => {
      route.schema =
        route.method === 'GET'
          ? { tags: ['loan-summary'], summary: GRAPHQL_SUMMARY, querystring: getQuerySchema }
          : { tags: ['loan-summary'], summary: GRAPHQL_SUMMARY, body: postBodySchema };
      if (route.url !== GRAPHQL_PATH) return;
      // The user's line: the execution runs inside it, and the slot is freed when the execution ends, whichever
      // way (an answer, an error, a client that left meanwhile: the work goes on, so the slot stays taken). In the
      // line, the user's share: a request waits out the user's debt first (it is charged when its answer is sent).
      const handler = route.handler;
      route.handler = async function (this: typeof scope, request, reply) {
        const userId = request.auth?.userId;
        if (userId === undefined) return handler.call(this, request, reply);
        const gone = new AbortController();
        const socket = request.raw.socket as (typeof request.raw.socket | null) | undefined;
        const onClose = () => gone.abort();
        socket?.once('close', onClose);
        try {
          const release = await requests.acquire(userId, gone.signal);
          if (!release) throw tooManyAtOnce();
          try {
            const refused = await share.admit(userId, gone.signal);
            if (refused > 0) throw overShare(refused);
            return await handler.call(this, request, reply);
          } finally {
            release();
          }
        } finally {
          socket?.off('close', onClose);
        }
      };
    });

    scope.addHook('preHandler', async (request, reply) => {
      const operations = Array.isArray(request.body) ? request.body : [request.body ?? request.query];
      // More than GRAPHQL_BATCH_MAX operations in one POST: refused whole, before any runs.
      if (operations.length > GRAPHQL_BATCH_MAX) {
        return reply
          .code(400)
          .send(
            refusal(
              `A batched request holds at most ${GRAPHQL_BATCH_MAX} operations (${operations.length} sent).`,
              'BATCH_TOO_LARGE',
            ),
          );
      }
      // A query that is not GraphQL is the client's 400 (Mercurius would try it as a JSON document AST). Each
      // operation's cost, and their sum, are checked here too: a request over either is refused whole, before
      // any operation is validated or runs (the validation rule keeps the limit for in-process queries).
      let total = 0;
      for (const operation of operations as { query?: unknown; operationName?: unknown }[]) {
        if (typeof operation?.query !== 'string') continue;
        let document;
        try {
          document = parse(operation.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          const syntax = error as Error & { locations?: GraphQLFormattedError['locations'] };
          return reply.code(400).send(refusal(syntax.message, 'GRAPHQL_PARSE_FAILED', syntax.locations));
        }
        const operationName = typeof operation.operationName === 'string' ? operation.operationName : null;
        const cost = requestCost(document, operationName);
        if (cost > MAX_OPERATION_COST) {
          return reply.code(400).send(refusal(operationCostMessage(cost), 'GRAPHQL_VALIDATION_FAILED'));
        }
        total += cost;
      }
      if (total > MAX_BATCH_COST) {
        return reply
          .code(400)
          .send(
            refusal(
              `The batch's cost is ${costText(total)} (the sum of its ${operations.length} operations' costs); ` +
                `at most ${MAX_BATCH_COST} is allowed per request.`,
              'BATCH_TOO_COSTLY',
            ),
          );
      }
      costs.set(request, total);
    });

    // The user's share is charged what the request cost and the size of what it answers (refusals included).
    scope.addHook('onSend', async (request, _reply, payload) => {
      const userId = request.auth?.userId;
      if (userId === undefined) return payload;
      const bytes = typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.byteLength(payload) : 0;
      share.charge(userId, graphqlPoints(costs.get(request) ?? 0, bytes));
      return payload;
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
        costLimitRule,
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
            // At most GRAPHQL_USER_READS reads of this user hold a tenant transaction at once (never refused).
            const release = await reads.acquire(auth.userId);
            let loaded;
            try {
              loaded = await withTenant(deps.db, auth.lenderId, (tx) => loadApplications(tx, auth, [args.id], paths));
            } finally {
              release?.();
            }
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
