import { messages, type SavedQueueCriteria, type SearchFilter, type SearchFilterInput } from '@credence/contracts';
import { createSearchFilter, updateSearchFilter, useFilterMutation } from './api.ts';
import { FilterFormDialog } from './filter-form-dialog.tsx';

export type SearchFilterDialogMode =
  | { kind: 'create'; type: 'filter' | 'queue'; criteria: SavedQueueCriteria }
  | { kind: 'edit'; filter: SearchFilter; criteria?: SavedQueueCriteria };

export type SearchFilterDialogProps = {
  open: boolean;
  onClose: () => void;
  mode: SearchFilterDialogMode;
  onSaved?: (filter: SearchFilter) => void;
};

export const searchFilterDialogTitle = (mode: SearchFilterDialogMode): string => {
  const type = mode.kind === 'create' ? mode.type : mode.filter.type;
  if (mode.kind === 'create') return type === 'queue' ? messages.queues.saveQueue : messages.queues.saveFilter;
  return type === 'queue' ? 'Edit Queue' : 'Edit Filter';
};

/**
 * Save the criteria of a queue page as a new filter or custom queue, or rename an existing one (spec 1 §2,
 * §4): POST or PUT `/api/SearchFilters`; with `criteria` an edit also replaces the saved criteria.
 */
export const SearchFilterDialog = ({ open, onClose, mode, onSaved }: SearchFilterDialogProps) => {
  const save = useFilterMutation(({ id, input }: { id: number | null; input: SearchFilterInput }) =>
    id === null ? createSearchFilter(input) : updateSearchFilter(id, input),
  );
  if (!open) return null;

  const type = mode.kind === 'create' ? mode.type : mode.filter.type;
  const existing = mode.kind === 'edit' ? mode.filter : null;
  const filterJson = mode.criteria !== undefined ? JSON.stringify(mode.criteria) : (existing?.filter ?? '{}');

  return (
    <FilterFormDialog
      title={searchFilterDialogTitle(mode)}
      initial={{
        name: existing?.name ?? '',
        showOnSideMenu: existing?.showOnSideMenu ?? false,
        enabled: existing?.enabled ?? true,
      }}
      uniqueness={{ type, id: existing?.id, currentName: existing?.name.trim() }}
      changedOutside={existing !== null && mode.criteria !== undefined}
      save={(values) =>
        save.mutateAsync({
          id: existing?.id ?? null,
          input: { ...values, type, filter: filterJson, enabled: existing?.enabled ?? true },
        })
      }
      successText={existing ? messages.searchFilters.updated : messages.searchFilters.created}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
};
