import { useQuery } from '@tanstack/react-query';
import { SEARCH_FILTER_NAME_DEBOUNCE_MS, searchFilterNameSchema, type SearchFilterType } from '@credence/contracts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { checkNameIsUnique, searchFilterKeys } from './api.ts';

/** 'checking' while typing has not paused for 300 ms or the server has not answered; 'unknown' if it failed. */
export type UniqueNameStatus = 'skipped' | 'checking' | 'unique' | 'taken' | 'unknown';

export type UniqueNameCheck = {
  /** Check against the caller's filters of this type, leaving out `id`; null: no check (the server decides). */
  type: SearchFilterType;
  id?: number;
  /** A name the filter already has (trimmed): not checked. */
  currentName?: string;
} | null;

/**
 * The name uniqueness check of spec 1 §5: after typing pauses for SEARCH_FILTER_NAME_DEBOUNCE_MS, asks
 * `GET /api/SearchFilters/IsUnique`; names the format rules already reject are not sent.
 */
export const useUniqueName = (name: string, check: UniqueNameCheck): UniqueNameStatus => {
  const trimmed = name.trim();
  const settled = useDebouncedValue(trimmed, SEARCH_FILTER_NAME_DEBOUNCE_MS);
  const wellFormed = searchFilterNameSchema.safeParse(settled).success;
  const unchanged = check?.currentName !== undefined && settled.toLowerCase() === check.currentName.toLowerCase();
  const enabled = check !== null && wellFormed && !unchanged;
  const query = useQuery({
    queryKey: searchFilterKeys.isUnique(settled, check?.type ?? 'filter', check?.id),
    queryFn: ({ signal }) => checkNameIsUnique(settled, check?.type ?? 'filter', check?.id, signal),
    enabled,
    staleTime: 0,
    gcTime: 10_000,
    retry: false,
    meta: { silentError: true },
  });
  if (check === null || !searchFilterNameSchema.safeParse(trimmed).success) return 'skipped';
  if (settled !== trimmed) return 'checking';
  if (unchanged) return 'unique';
  if (query.isError) return 'unknown';
  if (query.isFetching || query.data === undefined) return 'checking';
  return query.data ? 'unique' : 'taken';
};
