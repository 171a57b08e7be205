import { useEffect, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { truthInLendingEndpoint, type TruthInLendingRequest } from '@credence/contracts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { disclosureFailureOf, viewOfAnswer, type AnsweredDisclosure } from './truth-in-lending-model.ts';

/** How long the inputs rest before the disclosure is asked for. */
export const TRUTH_IN_LENDING_DEBOUNCE_MS = 250;

/** One ask: the request and the run of valid inputs it belongs to (a run ends when a rule is broken). */
type Ask = { run: number; request: TruthInLendingRequest };

export const truthInLendingKeys = {
  all: ['tools', 'truthInLending'] as const,
  ask: (ask: Ask | null) => [...truthInLendingKeys.all, ask] as const,
};

/**
 * The Truth in Lending disclosure of the request (POST /api/tools/truthInLending), asked once the request has
 * rested for TRUTH_IN_LENDING_DEBOUNCE_MS. While a newer request waits or is on its way the last answer stays
 * (`busy`); a broken rule (`request` null) clears it, so figures of terms typed before never come back greyed.
 * `error` is the failure of the call for the request as it is now.
 */
export const useTruthInLending = (request: TruthInLendingRequest | null) => {
  const valid = request !== null;
  const [run, setRun] = useState(0);
  const [wasValid, setWasValid] = useState(valid);
  if (valid !== wasValid) {
    setWasValid(valid);
    if (!valid) setRun(run + 1);
  }
  const target = valid ? JSON.stringify({ run, request } satisfies Ask) : null;
  const settled = useDebouncedValue(target, TRUTH_IN_LENDING_DEBOUNCE_MS);
  const ask = useMemo(() => (settled === null ? null : (JSON.parse(settled) as Ask)), [settled]);
  const query = useQuery({
    queryKey: truthInLendingKeys.ask(ask),
    queryFn: async ({ signal }): Promise<AnsweredDisclosure> => {
      const body = ask!.request;
      return { request: body, answer: await callEndpoint(truthInLendingEndpoint, { body }, { signal }) };
    },
    enabled: ask !== null,
    staleTime: Infinity,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2]?.run === run ? previous : undefined),
    // The page shows a failure on its field or inline; no toast.
    meta: { silentError: true },
  });
  const current = valid && settled === target;
  const shown = valid && ask?.run === run ? query.data : undefined;
  return {
    disclosure: shown ?? null,
    busy: valid && (!current || query.isFetching),
    error: current && query.isError ? query.error : null,
    retry: () => void query.refetch(),
  };
};

/**
 * A worksheet's disclosure from the one call: the box's view of the answer, its failure, and a 422 placed on the
 * form's field the request field is typed in (`fieldOf`: request field → form field; cleared when it goes).
 */
export const useFormDisclosure = <F extends FieldValues>(
  request: TruthInLendingRequest | null,
  form: UseFormReturn<F>,
  fieldOf: Partial<Record<string, Path<F>>>,
) => {
  const til = useTruthInLending(request);
  const view = useMemo(() => (til.disclosure ? viewOfAnswer(til.disclosure) : null), [til.disclosure]);
  const failure = useMemo(() => disclosureFailureOf(til.error, (field) => field in fieldOf), [til.error, fieldOf]);
  useEffect(() => {
    for (const [requestField, field] of Object.entries(fieldOf)) {
      if (!field) continue;
      const message = failure.fields[requestField];
      if (message) form.setError(field, { type: 'disclosure', message });
      else if (form.getFieldState(field).error?.type === 'disclosure') form.clearErrors(field);
    }
  }, [failure, form, fieldOf]);
  return { view, failure, busy: til.busy, retry: til.retry };
};
