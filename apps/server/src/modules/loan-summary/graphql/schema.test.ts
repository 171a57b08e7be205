import { readFileSync } from 'node:fs';
import { GET_LOAN_INFO, GET_LOAN_SUMMARY } from '@credence/contracts';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const schema = buildSchema(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));

/** The deepest field of a document (the operation's own fields are at depth 1). */
const depthOf = (source: string) => {
  type Node = { selectionSet?: { selections: readonly Node[] } };
  const depth = (node: Node, at: number): number =>
    node.selectionSet ? Math.max(...node.selectionSet.selections.map((s) => depth(s, at + 1))) : at;
  return Math.max(...parse(source).definitions.map((d) => depth(d as Node, 0)));
};

describe('the loan summary schema', () => {
  it.each([
    ['GetLoanInfo', GET_LOAN_INFO],
    ['GetLoanSummary', GET_LOAN_SUMMARY],
  ])('makes the pinned %s document valid, within the depth limit', (_name, document) => {
    expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
    expect(depthOf(document)).toBeLessThanOrEqual(8);
  });

  it('refuses a field the summary does not have', () => {
    const errors = validate(schema, parse('{ application(id: 1) { id passwordHash } }'));
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "passwordHash" on type "Application".']);
  });
});
