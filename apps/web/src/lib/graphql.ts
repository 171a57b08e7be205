import {
  GET_LOAN_INFO,
  GET_LOAN_SUMMARY,
  GRAPHQL_BATCH_INTERVAL_MS,
  GRAPHQL_BATCH_MAX,
  GRAPHQL_PATH,
  type LoanInfo,
  type LoanSummaryApplication,
} from '@credence/contracts';
import { ApiError, request } from './api-client.ts';

/*
 * A small GraphQL client over the house API client (bearer token, session events, ApiError): operations asked for
 * within GRAPHQL_BATCH_INTERVAL_MS (10 ms) of the first go out together in one POST to /api/graphql, at most
 * GRAPHQL_BATCH_MAX (10) per POST (spec 3 §7). One operation is sent as a plain GraphQL request, several as an
 * array (Mercurius' batched queries), answered in the same order.
 */

export type GraphQLRequest = { query: string; operationName?: string; variables?: Record<string, unknown> };

type GraphQLErrorEntry = {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; statusCode?: number; [key: string]: unknown };
};
type GraphQLAnswer<T> = { data?: T | null; errors?: GraphQLErrorEntry[] };

const statusOfCode: Record<string, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  VALIDATION_ERROR: 422,
};

/** A GraphQL error as the ApiError the rest of the app knows (404 for an application the lender cannot see). */
export const graphQLErrorOf = (errors: readonly GraphQLErrorEntry[]): ApiError => {
  const first = errors[0];
  const code = first?.extensions?.code;
  const status =
    typeof first?.extensions?.statusCode === 'number'
      ? first.extensions.statusCode
      : ((code ? statusOfCode[code] : undefined) ?? 500);
  return new ApiError(status, { code, message: first?.message });
};

type Pending = {
  operation: GraphQLRequest;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
};

export type GraphQLClient = {
  /** Sends one operation (batched with the others of the same 10 ms) and answers its `data`. */
  request: <T>(operation: GraphQLRequest) => Promise<T>;
};

export const createGraphQLClient = ({
  path = GRAPHQL_PATH,
  intervalMs = GRAPHQL_BATCH_INTERVAL_MS,
  max = GRAPHQL_BATCH_MAX,
}: { path?: string; intervalMs?: number; max?: number } = {}): GraphQLClient => {
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = async (batch: Pending[]) => {
    try {
      const body = batch.length === 1 ? batch[0]!.operation : batch.map((p) => p.operation);
      const answer = await request<GraphQLAnswer<unknown> | GraphQLAnswer<unknown>[]>('POST', path, body);
      const answers = Array.isArray(answer) ? answer : [answer];
      batch.forEach((pending, index) => {
        const one = answers[index];
        if (!one) pending.reject(new ApiError(500));
        else if (one.errors && one.errors.length > 0) pending.reject(graphQLErrorOf(one.errors));
        else pending.resolve(one.data);
      });
    } catch (error) {
      // A transport error (ApiError with the server's status and body) fails every operation of the POST.
      batch.forEach((pending) => pending.reject(error));
    }
  };

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    for (let at = 0; at < batch.length; at += max) void send(batch.slice(at, at + max));
  };

  return {
    request: <T>(operation: GraphQLRequest) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ operation, resolve: resolve as (data: unknown) => void, reject });
        if (queue.length >= max) flush();
        else timer ??= setTimeout(flush, intervalMs);
      }),
  };
};

/** The app's client. */
export const graphql = createGraphQLClient();

/** GetLoanInfo (spec 3 §7): the loan's headline figures, always read afresh (never cached). */
export const fetchLoanInfo = async (applicationId: number): Promise<LoanInfo> => {
  const data = await graphql.request<{ application: LoanInfo | null }>({
    query: GET_LOAN_INFO,
    operationName: 'GetLoanInfo',
    variables: { applicationId },
  });
  if (!data.application) throw new ApiError(404, { code: 'NOT_FOUND' });
  return data.application;
};

/** GetLoanSummary (spec 3 §7): the whole application graph of the summary. */
export const fetchLoanSummary = async (applicationId: number): Promise<LoanSummaryApplication> => {
  const data = await graphql.request<{ application: LoanSummaryApplication | null }>({
    query: GET_LOAN_SUMMARY,
    operationName: 'GetLoanSummary',
    variables: { applicationId },
  });
  if (!data.application) throw new ApiError(404, { code: 'NOT_FOUND' });
  return data.application;
};
