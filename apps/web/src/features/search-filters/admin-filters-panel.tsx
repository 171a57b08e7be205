import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { messages, type SearchFilter, type SearchFilterInput } from '@credence/contracts';
import { createAdminSearchFilter, updateAdminSearchFilter, useAdminSearchFilters, useFilterMutation } from './api.ts';
import { FilterFormDialog } from './filter-form-dialog.tsx';
import { EnabledChip, groupsText, OpenAction, RowAction, TypeChip, YesMark } from './filter-rows.tsx';
import { PublishFilterDialog } from './publish-filter-dialog.tsx';

/** A new queue starts as All Applications with no criteria; its owner refines it from the queue page. */
const NEW_QUEUE_FILTER = JSON.stringify({ gridName: 'allApplicationsQueue' });

type Editing = { kind: 'new' } | { kind: 'edit'; filter: SearchFilter } | null;

/**
 * Every filter and queue of the lender, for canManageSearchFilters: edit any of them through the
 * administrators' call, and create a queue that is then published to the groups chosen.
 */
export const AdminFiltersPanel = () => {
  const list = useAdminSearchFilters(true);
  const [editing, setEditing] = useState<Editing>(null);
  const [publishing, setPublishing] = useState<SearchFilter | null>(null);
  const save = useFilterMutation(({ id, input }: { id: number | null; input: SearchFilterInput }) =>
    id === null ? createAdminSearchFilter(input) : updateAdminSearchFilter(id, input),
  );

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
          New Queue
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          Every filter and queue of this lender, whoever saved it.
        </Typography>
      </Box>
      {list.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : !list.data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="All filters and queues" data-testid="admin-filters-table">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={{ width: 90 }}>Type</TableCell>
                <TableCell>Created By</TableCell>
                <TableCell sx={{ width: 170, whiteSpace: 'nowrap' }}>{messages.searchFilters.showOnSideMenu}</TableCell>
                <TableCell sx={{ width: 100 }}>Status</TableCell>
                <TableCell sx={{ width: 110 }}>Published</TableCell>
                <TableCell align="right" sx={{ width: 100 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((filter) => (
                <TableRow key={filter.id} hover data-testid="admin-filter-row">
                  <TableCell sx={{ fontWeight: 500 }}>{filter.name}</TableCell>
                  <TableCell>
                    <TypeChip filter={filter} />
                  </TableCell>
                  <TableCell>{filter.createdByUser?.name ?? '—'}</TableCell>
                  <TableCell>
                    <YesMark value={filter.showOnSideMenu} label={messages.searchFilters.showOnSideMenu} />
                  </TableCell>
                  <TableCell>
                    <EnabledChip enabled={filter.enabled} />
                  </TableCell>
                  <TableCell>{groupsText(filter.userGroupIds.length)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {filter.isMine || filter.userGroupIds.length > 0 ? <OpenAction id={filter.id} /> : null}
                    <RowAction
                      label="Edit"
                      icon={EditOutlinedIcon}
                      onClick={() => setEditing({ kind: 'edit', filter })}
                    />
                  </TableCell>
                </TableRow>
              ))}
              {list.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                      No filters or queues yet.
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing?.kind === 'new' ? (
        <FilterFormDialog
          title="New Queue"
          initial={{ name: '', showOnSideMenu: true, enabled: true }}
          uniqueness={{ type: 'queue' }}
          save={(values) =>
            save.mutateAsync({
              id: null,
              input: { ...values, type: 'queue', filter: NEW_QUEUE_FILTER, userGroupIds: [] },
            })
          }
          successText={messages.searchFilters.createdFilterOrQueue}
          // The lender's user groups are listed per filter: once created, the queue is published from here.
          onSaved={(created) => setPublishing(created)}
          onClose={() => setEditing(null)}
          testId="admin-filter-dialog"
        >
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            After saving, choose the user groups to publish the queue to.
          </Typography>
        </FilterFormDialog>
      ) : null}
      {editing?.kind === 'edit' ? (
        <FilterFormDialog
          title={editing.filter.type === 'queue' ? 'Edit Queue' : 'Edit Filter'}
          initial={{
            name: editing.filter.name,
            showOnSideMenu: editing.filter.showOnSideMenu,
            enabled: editing.filter.enabled,
          }}
          // Names are unique among the owner's filters: for another user's filter the server checks it.
          uniqueness={
            editing.filter.isMine
              ? { type: editing.filter.type, id: editing.filter.id, currentName: editing.filter.name.trim() }
              : null
          }
          withEnabled
          save={(values) =>
            save.mutateAsync({
              id: editing.filter.id,
              input: { ...values, type: editing.filter.type, filter: editing.filter.filter },
            })
          }
          successText={messages.searchFilters.updatedFilterOrQueue}
          onClose={() => setEditing(null)}
          testId="admin-filter-dialog"
        />
      ) : null}
      {publishing ? <PublishFilterDialog open filter={publishing} onClose={() => setPublishing(null)} /> : null}
    </>
  );
};
