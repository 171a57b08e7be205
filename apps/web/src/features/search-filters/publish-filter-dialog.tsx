import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import { messages, type SearchFilter, type SearchFilterUserGroups } from '@credence/contracts';
import { useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { publishSearchFilter, unpublishSearchFilter, useFilterMutation, useSearchFilterUserGroups } from './api.ts';
import { FILTER_DIALOG_WIDTH } from './filter-form-dialog.tsx';
import { UserGroupsSelect } from './user-groups-select.tsx';

export type PublishFilterDialogProps = {
  open: boolean;
  onClose: () => void;
  filter: Pick<SearchFilter, 'id' | 'name'>;
};

/**
 * Publish Filter (spec 1 §2, 400 wide): the lender's user groups, the current ones chosen; at least one group
 * (spec 1 §5). Unpublish removes every group. For users with canManageSearchFilters.
 */
export const PublishFilterDialog = ({ open, onClose, filter }: PublishFilterDialogProps) => {
  const titleId = useId();
  useCloseOnCloseAllDialogs(onClose);
  const groups = useSearchFilterUserGroups(filter.id, open);
  if (!open) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: {
          sx: { width: FILTER_DIALOG_WIDTH, maxWidth: '96vw' },
          'data-testid': 'publish-filter-dialog',
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{messages.searchFilters.publishTitle}</DialogTitle>
      {groups.data && !groups.isFetching ? (
        <PublishForm filter={filter} groups={groups.data} onClose={onClose} />
      ) : (
        <>
          <DialogContent dividers>
            {groups.isError ? (
              <Alert severity="error">{messages.errors.backend}</Alert>
            ) : (
              <Skeleton variant="rounded" height={56} aria-label="Loading user groups" />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};

const PublishForm = ({
  filter,
  groups,
  onClose,
}: {
  filter: Pick<SearchFilter, 'id' | 'name'>;
  groups: SearchFilterUserGroups;
  onClose: () => void;
}) => {
  const [chosen, setChosen] = useState<number[]>(groups.userGroupIds);
  const [touched, setTouched] = useState(false);
  const publish = useFilterMutation((ids: number[]) => publishSearchFilter(filter.id, ids));
  const unpublish = useFilterMutation(() => unpublishSearchFilter(filter.id));
  const busy = publish.isPending || unpublish.isPending;
  const published = groups.userGroupIds.length > 0;
  const error = touched && chosen.length === 0 ? messages.searchFilters.atLeastOneGroup : null;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toasts.success(undefined, success);
      onClose();
    } catch (e) {
      showApiErrorToast(e);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Box sx={{ mb: 1.5, color: 'text.secondary', fontSize: 14 }}>{filter.name}</Box>
        <UserGroupsSelect
          groups={groups.userGroups}
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            setTouched(true);
          }}
          error={error}
          disabled={busy}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {published ? (
          <Button
            color="warning"
            sx={{ mr: 'auto' }}
            disabled={busy}
            onClick={() => void run(() => unpublish.mutateAsync(undefined), messages.searchFilters.unpublished)}
          >
            Unpublish
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || busy}
          startIcon={publish.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => void run(() => publish.mutateAsync(chosen), messages.searchFilters.published)}
        >
          Publish
        </Button>
      </DialogActions>
    </>
  );
};
