import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { messages, type SearchFilter } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { confirm } from '../../lib/confirm.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { AdminFiltersPanel } from './admin-filters-panel.tsx';
import {
  deleteSearchFilter,
  orderSearchFilters,
  setSearchFilterEnabled,
  useFilterMutation,
  useSearchFilters,
} from './api.ts';
import { EnabledChip, groupsText, OpenAction, RowAction, TypeChip, YesMark } from './filter-rows.tsx';
import { moveById, moveItem, orderingOf, sameOrder, splitFilters } from './ordering.ts';
import { PublishFilterDialog } from './publish-filter-dialog.tsx';
import { SearchFilterDialog, type SearchFilterDialogMode } from './search-filter-dialog.tsx';

export const FILTERS_PAGE_TITLE = 'My Filters and Queues';
export const MANAGE_RIGHT = 'canManageSearchFilters';

/** A filter starts from All Applications with no criteria; the queue pages save their own criteria. */
const emptyCriteria = { gridName: 'allApplicationsQueue' } as const;

/**
 * My Filters and Queues (/filters): the caller's filters and queues in side-menu order, reordered by drag and
 * drop or the move buttons, with edit, publish, enable/disable and delete; the filters shared with the caller
 * (read-only); and, for canManageSearchFilters, every filter of the lender.
 */
export const FiltersPage = () => {
  const { data: user } = useCurrentUser();
  const canManage = hasRight(user, MANAGE_RIGHT);
  const [tab, setTab] = useState<'mine' | 'all'>('mine');
  const [dialog, setDialog] = useState<SearchFilterDialogMode | null>(null);

  return (
    <>
      <PageTitle>{FILTERS_PAGE_TITLE}</PageTitle>
      {canManage ? (
        <Tabs value={tab} onChange={(_e, value: 'mine' | 'all') => setTab(value)} sx={{ mb: 2 }}>
          <Tab value="mine" label="Mine" />
          <Tab value="all" label="All users" />
        </Tabs>
      ) : null}
      {tab === 'mine' ? (
        <>
          {/* Actions sit on the left, clear of the toasts (top right). */}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create', type: 'filter', criteria: emptyCriteria })}
            >
              New Filter
            </Button>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create', type: 'queue', criteria: emptyCriteria })}
            >
              New Queue
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              Drag a row, or use its arrows, to change the order on the side menu.
            </Typography>
          </Box>
          <MyFilters canManage={canManage} onEdit={setDialog} />
        </>
      ) : (
        <AdminFiltersPanel />
      )}
      {dialog ? <SearchFilterDialog open mode={dialog} onClose={() => setDialog(null)} /> : null}
    </>
  );
};

const MyFilters = ({ canManage, onEdit }: { canManage: boolean; onEdit: (mode: SearchFilterDialogMode) => void }) => {
  const list = useSearchFilters();
  const [publishing, setPublishing] = useState<SearchFilter | null>(null);

  if (list.isError) return <Alert severity="error">{messages.errors.backend}</Alert>;
  if (!list.data) return <Skeleton variant="rounded" height={200} />;
  const { mine, shared } = splitFilters(list.data);

  return (
    <>
      <OwnFiltersTable
        filters={mine}
        canManage={canManage}
        onEdit={(filter) => onEdit({ kind: 'edit', filter })}
        onPublish={setPublishing}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Shared Filters
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Shared filters" data-testid="shared-filters-table">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={{ width: 100 }}>Type</TableCell>
              <TableCell>Shared By</TableCell>
              <TableCell sx={{ width: 80 }} align="right">
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shared.map((filter) => (
              <TableRow key={filter.id} hover data-testid="shared-filter-row">
                <TableCell>{filter.name}</TableCell>
                <TableCell>
                  <TypeChip filter={filter} />
                </TableCell>
                <TableCell>{filter.createdByUser?.name ?? '—'}</TableCell>
                <TableCell align="right">
                  <OpenAction id={filter.id} />
                </TableCell>
              </TableRow>
            ))}
            {shared.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                    No filters are shared with you.
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {publishing ? <PublishFilterDialog open filter={publishing} onClose={() => setPublishing(null)} /> : null}
    </>
  );
};

type OwnFiltersTableProps = {
  filters: SearchFilter[];
  canManage: boolean;
  onEdit: (filter: SearchFilter) => void;
  onPublish: (filter: SearchFilter) => void;
};

const OwnFiltersTable = ({ filters, canManage, onEdit, onPublish }: OwnFiltersTableProps) => {
  // While a row is dragged, and until the saved order has been read back, the order shown is this one.
  const [preview, setPreviewState] = useState<SearchFilter[] | null>(null);
  // The drag events read the latest order from here (they may fire before React renders the last change).
  const previewRef = useRef<SearchFilter[] | null>(null);
  const setPreview = (next: SearchFilter[] | null) => {
    previewRef.current = next;
    setPreviewState(next);
  };
  const [dragged, setDraggedState] = useState<number | null>(null);
  const draggedRef = useRef<number | null>(null);
  const setDragged = (id: number | null) => {
    draggedRef.current = id;
    setDraggedState(id);
  };
  const rows = preview ?? filters;
  const reorder = useFilterMutation(orderSearchFilters);
  const toggle = useFilterMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    setSearchFilterEnabled(id, enabled),
  );
  const remove = useFilterMutation(deleteSearchFilter);

  const saveOrder = async (next: SearchFilter[]) => {
    if (sameOrder(next, filters)) {
      setPreview(null);
      return;
    }
    setPreview(next);
    try {
      await reorder.mutateAsync(orderingOf(next));
      toasts.success(undefined, messages.searchFilters.orderUpdated);
    } catch (error) {
      showApiErrorToast(error);
    } finally {
      setPreview(null);
    }
  };

  const onToggle = async (filter: SearchFilter) => {
    const enabled = !filter.enabled;
    try {
      await toggle.mutateAsync({ id: filter.id, enabled });
      toasts.success(undefined, enabled ? messages.searchFilters.enabled : messages.searchFilters.disabled);
    } catch {
      toasts.error(
        messages.errors.title,
        enabled ? messages.searchFilters.enableFailed : messages.searchFilters.disableFailed,
      );
    }
  };

  const onDelete = async (filter: SearchFilter) => {
    const yes = await confirm({
      title: filter.type === 'queue' ? 'Delete Queue' : 'Delete Filter',
      message: `Are you sure you want to delete '${filter.name}'?`,
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(filter.id);
      toasts.success(undefined, messages.searchFilters.deleted);
    } catch (error) {
      showApiErrorToast(error);
    }
  };

  const dragProps = (filter: SearchFilter) => ({
    draggable: !reorder.isPending,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(filter.id));
      setDragged(filter.id);
      setPreview(rows);
    },
    onDragOver: (event: DragEvent) => {
      const moving = draggedRef.current;
      if (moving === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (moving !== filter.id) setPreview(moveById(previewRef.current ?? rows, moving, filter.id));
    },
    onDrop: (event: DragEvent) => event.preventDefault(),
    onDragEnd: () => {
      setDragged(null);
      void saveOrder(previewRef.current ?? rows);
    },
  });

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="My filters and queues" data-testid="my-filters-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 36 }} />
            <TableCell>Name</TableCell>
            <TableCell sx={{ width: 90 }}>Type</TableCell>
            <TableCell sx={{ width: 170, whiteSpace: 'nowrap' }}>{messages.searchFilters.showOnSideMenu}</TableCell>
            <TableCell sx={{ width: 100 }}>Status</TableCell>
            <TableCell sx={{ width: 110 }}>Published</TableCell>
            <TableCell align="right" sx={{ width: 300 }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((filter, index) => (
            <TableRow
              key={filter.id}
              hover
              data-testid="my-filter-row"
              data-filter-id={filter.id}
              {...dragProps(filter)}
              sx={{ opacity: dragged === filter.id ? 0.5 : 1, cursor: 'grab' }}
            >
              <TableCell sx={{ color: 'text.secondary', pr: 0 }} aria-label="Drag to reorder">
                <DragIndicatorIcon fontSize="small" sx={{ display: 'block' }} />
              </TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{filter.name}</TableCell>
              <TableCell>
                <TypeChip filter={filter} />
              </TableCell>
              <TableCell>
                <YesMark value={filter.showOnSideMenu} label={messages.searchFilters.showOnSideMenu} />
              </TableCell>
              <TableCell>
                <EnabledChip enabled={filter.enabled} />
              </TableCell>
              <TableCell>{groupsText(filter.userGroupIds.length)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <OpenAction id={filter.id} />
                <RowAction label="Edit" icon={EditOutlinedIcon} onClick={() => onEdit(filter)} />
                {canManage ? (
                  <RowAction
                    label={filter.userGroupIds.length > 0 ? 'Publish or Unpublish' : 'Publish'}
                    icon={PublicIcon}
                    color={filter.userGroupIds.length > 0 ? 'primary' : 'default'}
                    onClick={() => onPublish(filter)}
                  />
                ) : null}
                <RowAction
                  label={filter.enabled ? 'Disable' : 'Enable'}
                  icon={filter.enabled ? BlockIcon : CheckCircleOutlineIcon}
                  disabled={toggle.isPending}
                  onClick={() => void onToggle(filter)}
                />
                <RowAction
                  label="Delete"
                  icon={DeleteOutlineIcon}
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => void onDelete(filter)}
                />
                <RowAction
                  label="Move up"
                  icon={ArrowUpwardIcon}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => void saveOrder(moveItem(rows, index, index - 1))}
                />
                <RowAction
                  label="Move down"
                  icon={ArrowDownwardIcon}
                  disabled={index === rows.length - 1 || reorder.isPending}
                  onClick={() => void saveOrder(moveItem(rows, index, index + 1))}
                />
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                  You have no saved filters or queues. Save one from a queue page, or use New Filter.
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
