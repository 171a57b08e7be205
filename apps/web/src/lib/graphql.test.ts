import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPHQL_BATCH_INTERVAL_MS, GRAPHQL_BATCH_MAX, GRAPHQL_PATH } from '@credence/contracts';
import { ApiError } from './api-client.ts';
import { createGraphQLClient } from './graphql.ts';

type Sent = { url: string; body: unknown };

/** A fetch that answers every operation of a POST with `{ data: { echo: <its variables> } }`, or `answer`. */
const mockFetch = (answer?: (body: unknown) => { status: number; json: unknown }) => {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as unknown;
    sent.push({ url, body });
    const reply = answer
      ? answer(body)
      : {
          status: 200,
          json: Array.isArray(body)
            ? body.map((op: { variables: unknown }) => ({ data: { echo: op.variables } }))
            : { data: { echo: (body as { variables: unknown }).variables } },
        };
    return new Response(JSON.stringify(reply.json), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
};

const op = (n: number) => ({ query: 'query Q($n: Int!) { n(n: $n) }', operationName: 'Q', variables: { n } });

describe('the GraphQL client batches the operations of one interval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the spec constants: 10 ms, at most 10 operations', () => {
    expect(GRAPHQL_BATCH_INTERVAL_MS).toBe(10);
    expect(GRAPHQL_BATCH_MAX).toBe(10);
  });

  it('sends 3 operations asked for within 10 ms as one POST of 3, each caller getting its own data', async () => {
    const sent = mockFetch();
    const client = createGraphQLClient();
    const first = client.request(op(1));
    await vi.advanceTimersByTimeAsync(4);
    const second = client.request(op(2));
    await vi.advanceTimersByTimeAsync(4);
    const third = client.request(op(3));
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS);
    expect(await Promise.all([first, second, third])).toEqual([
      { echo: { n: 1 } },
      { echo: { n: 2 } },
      { echo: { n: 3 } },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(GRAPHQL_PATH);
    expect(sent[0]!.body).toEqual([op(1), op(2), op(3)]);
  });

  it('sends 12 operations as two POSTs: 10, then 2', async () => {
    const sent = mockFetch();
    const client = createGraphQLClient();
    const answers = Array.from({ length: 12 }, (_, i) => client.request(op(i)));
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS);
    expect((await Promise.all(answers)).map((a) => (a as { echo: { n: number } }).echo.n)).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    expect(sent.map((s) => (s.body as unknown[]).length)).toEqual([10, 2]);
  });

  it('sends operations of different intervals apart, one alone as a plain request', async () => {
    const sent = mockFetch();
    const client = createGraphQLClient();
    const first = client.request(op(1));
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS + 5);
    const second = client.request(op(2));
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS);
    await Promise.all([first, second]);
    expect(sent.map((s) => s.body)).toEqual([op(1), op(2)]);
  });

  it("fails only the operation the server answered with an error, as an ApiError with the error's code", async () => {
    mockFetch((body) => ({
      status: 200,
      json: (body as { variables: { n: number } }[]).map((o) =>
        o.variables.n === 2
          ? { data: null, errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }
          : { data: { ok: o.variables.n } },
      ),
    }));
    const client = createGraphQLClient();
    const ok = client.request(op(1));
    const missing = client.request(op(2)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS);
    expect(await ok).toEqual({ ok: 1 });
    const error = await missing;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('fails every operation of a POST the server refused', async () => {
    mockFetch(() => ({ status: 503, json: { code: 'DB_UNAVAILABLE', message: 'The database is unavailable' } }));
    const client = createGraphQLClient();
    const answers = [1, 2].map((n) => client.request(op(n)).catch((error: unknown) => error));
    await vi.advanceTimersByTimeAsync(GRAPHQL_BATCH_INTERVAL_MS);
    for (const error of await Promise.all(answers))
      expect(error).toMatchObject({ status: 503, code: 'DB_UNAVAILABLE' });
  });
});
