import type { DocumentNode, FragmentDefinitionNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { Kind } from './graphql-runtime.ts';

/*
 * The cost of a GraphQL operation as it will run: every field counts once per place it appears AFTER fragment
 * spreads and inline fragments are expanded (a fragment spread ten times counts ten times), and each
 * `application` field (a tenant transaction of up to ~29 statements: README, Loan summary and GraphQL) counts
 * APPLICATION_READ_COST more. The count needs only the document (no schema), so the batch budget is checked on
 * the parsed request before any operation runs, and the per-operation limit by a validation rule.
 *
 * Each fragment's cost is computed once (memoized): fragments that spread each other twice, level after level,
 * would otherwise take exponential time to count. A fragment cycle counts 0 where it loops back (graphql's
 * NoFragmentCycles, one of the specified rules run in the same validation, refuses the document); an unknown
 * fragment counts 0 (KnownFragmentNames refuses it). Costs saturate at COST_SATURATED, so a document whose
 * expansion is astronomically large still answers a finite number.
 */

/** A root read: the tenant transaction and the statements of its loaders, beside its own field. */
export const APPLICATION_READ_COST = 30;
export const COST_SATURATED = 1_000_000_000;

type Selections = Pick<SelectionSetNode, 'selections'> | undefined;

/** A counter of selection sets over the given fragments, memoized per fragment. */
export const costCounter = (fragmentOf: (name: string) => FragmentDefinitionNode | null | undefined) => {
  const memo = new Map<string, number>();
  const active = new Set<string>();

  const ofFragment = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = fragmentOf(name);
    if (!fragment || active.has(name)) return 0;
    active.add(name);
    const cost = ofSet(fragment.selectionSet);
    active.delete(name);
    memo.set(name, cost);
    return cost;
  };

  const ofSet = (set: Selections): number => {
    let cost = 0;
    for (const node of set?.selections ?? []) {
      if (node.kind === Kind.FIELD) {
        cost += 1 + (node.name.value === 'application' ? APPLICATION_READ_COST : 0) + ofSet(node.selectionSet);
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        cost += ofSet(node.selectionSet);
      } else {
        cost += ofFragment(node.name.value);
      }
      if (cost >= COST_SATURATED) return COST_SATURATED;
    }
    return cost;
  };

  return ofSet;
};

const fragmentsOf = (document: DocumentNode) => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) {
      fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
};

/**
 * The cost of the operation of `document` that a request with `operationName` runs: the named one, or the only
 * one; when that is ambiguous (the request will be refused) the costliest, so the batch budget never undercounts.
 */
export const requestCost = (document: DocumentNode, operationName?: string | null): number => {
  const fragments = fragmentsOf(document);
  const cost = costCounter((name) => fragments.get(name));
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const chosen = operationName
    ? operations.find((operation) => operation.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (chosen) return cost(chosen.selectionSet);
  return Math.max(0, ...operations.map((operation) => cost(operation.selectionSet)));
};

/** The cost as a message shows it. */
export const costText = (cost: number) => (cost >= COST_SATURATED ? `over ${COST_SATURATED}` : String(cost));
