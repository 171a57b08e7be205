import { GET_LOAN_INFO, GET_LOAN_SUMMARY } from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from './graphql-runtime.ts';
import { APPLICATION_READ_COST, COST_SATURATED, requestCost } from './loan-summary.graphql.cost.ts';
import { MAX_BATCH_COST, MAX_OPERATION_COST } from './loan-summary.graphql.ts';

const cost = (query: string, operationName?: string) => requestCost(parse(query), operationName);
const READ = 1 + APPLICATION_READ_COST;

describe('GraphQL cost', () => {
  it('counts every field once per place, fragments expanded: a fragment spread n times counts n times', () => {
    expect(cost('{ application(id: 1) { id source } }')).toBe(READ + 2);
    const fragment = 'fragment F on Application { id source dealer { name } }';
    expect(cost(`{ application(id: 1) { ...F } } ${fragment}`)).toBe(READ + 4);
    expect(cost(`{ a: application(id: 1) { ...F } b: application(id: 2) { ...F ...F } } ${fragment}`)).toBe(
      2 * READ + 3 * 4,
    );
    expect(cost('{ application(id: 1) { ... on Application { id ... { source } } } }')).toBe(READ + 2);
  });

  it('counts the operation the request names, or the costliest when it cannot tell', () => {
    const two = 'query A { application(id: 1) { id } } query B { application(id: 1) { id source estAmtFinanced } }';
    expect(cost(two, 'A')).toBe(READ + 1);
    expect(cost(two, 'B')).toBe(READ + 3);
    expect(cost(two)).toBe(READ + 3);
  });

  it('stays finite and quick on cycles and on fragments that double at every level', () => {
    expect(
      cost(
        '{ application(id: 1) { ...A } } fragment A on Application { id ...B } fragment B on Application { source ...A }',
      ),
    ).toBe(READ + 2);
    let doubling = '{ application(id: 1) { ...F0 } }';
    for (let i = 0; i < 200; i++) doubling += ` fragment F${i} on Application { ...F${i + 1} ...F${i + 1} }`;
    doubling += ' fragment F200 on Application { id }';
    const started = Date.now();
    expect(cost(doubling)).toBe(COST_SATURATED);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("leaves the pinned documents room: GetLoanSummary at most half an operation's limit, the web's batch a third of a request's", () => {
    const summary = cost(GET_LOAN_SUMMARY);
    const info = cost(GET_LOAN_INFO);
    expect(summary * 2).toBeLessThanOrEqual(MAX_OPERATION_COST);
    expect((summary + info + 40) * 2.5).toBeLessThanOrEqual(MAX_BATCH_COST);
  });
});
