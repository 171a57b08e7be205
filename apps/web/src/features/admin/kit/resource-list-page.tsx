import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { adminMessages, messages, type AnyResource, type RowOf } from '@credence/contracts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { callVerb, useResourceAction, useResourcePage } from '../../../lib/resource-api.ts';
import type { AdminAreaEntry } from './types.ts';

type ResourceEntry = Extract<AdminAreaEntry, { kind: 'resource' }>;
type Row = RowOf<AnyResource> & { enabled?: boolean };

const PAGE_SIZES = [10, 25, 50, 100];

/** The list's state lives in the URL (page, size, sort, search, enabled), so a reload or a shared link keeps it. */
const useListState = (resource: AnyResource, editId: string | null) => {
  const [params, update] = useUrlParams();
  const sortFields = resource.list.sort as readonly string[];
  const sort = params.get('sort');
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25,
    sort: sort && sortFields.includes(sort) ? sort : sortFields[0]!,
    order: params.get('order') === 'desc' ? ('desc' as const) : ('asc' as const),
    text: params.get('text') ?? '',
    enabled: params.get('enabled') === 'true' || params.get('enabled') === 'false' ? params.get('enabled')! : '',
    /** `?edit=<id>` or `?edit=new`: the editor opened from a link (a workflow opening one of its matrices). */
    edit: editId ?? params.get('edit'),
    update,
  };
};

/**
 * The generic administration area (issue 9): a server-side grid of a declared resource — paging, sort, quick
 * search and the enabled filter in the URL, an Enabled/Disabled chip, and edit, enable/disable and delete actions
 * with confirmation — and its create/edit form.
 */
export const ResourceListPage = ({ area, editId = null }: { area: ResourceEntry; editId?: string | null }) => {
  const { resource, texts = {} } = area;
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const allowed = hasRight(user, area.right);
  const state = useListState(resource, editId);
  const [search, setSearch] = useState(state.text);
  const text = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Row | 'new' | null>(() =>
    state.edit === 'new' && resource.endpoints.create ? 'new' : null,
  );
  const verbs = resource.endpoints;
  const canToggle = verbs.enable !== undefined && verbs.disable !== undefined;

  useEffect(() => {
    if (text !== state.text) state.update({ text, page: null });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const query = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
    ...(state.text ? { text: state.text } : {}),
    ...(state.enabled ? { enabled: state.enabled } : {}),
    ...area.listFilters,
  };
  const page = useResourcePage(resource, query, allowed);
  const action = useResourceAction(resource);

  // Opening an area without its right: an area with a 403 text of its own says it and goes home (spec 2 §6).
  const redirectHome = Boolean(user && !allowed && texts.forbidden);
  useEffect(() => {
    if (!redirectHome) return;
    toasts.error(messages.errors.title, texts.forbidden, { toastId: `${resource.name}-forbidden` });
    void navigate('/home', { replace: true });
  }, [redirectHome, navigate, resource.name, texts.forbidden]);

  // A 403 (the right was taken away while the page was open): the area's text, then home (spec 2 §6).
  useEffect(() => {
    const error = page.error;
    if (!error || isSessionError(error)) return;
    if (isApiError(error) && error.status === 403 && texts.forbidden) {
      toasts.error(messages.errors.title, texts.forbidden, { toastId: `${resource.name}-forbidden` });
      void navigate('/home');
      return;
    }
    toasts.error(messages.errors.title, texts.loadFailed ?? messages.errors.backend, {
      toastId: `${resource.name}-load`,
    });
  }, [page.error, navigate, resource.name, texts.forbidden, texts.loadFailed]);

  // A link that opens the editor: the record is read first (a record of another area is not opened).
  useEffect(() => {
    if (!allowed || !state.edit || editing) return;
    const id = Number(state.edit);
    if (!Number.isInteger(id) || id <= 0 || !verbs.get) return;
    let active = true;
    callVerb<Row>(resource, 'get', { params: { id } })
      .then((row) => {
        const own = Object.entries(area.listFilters ?? {}).every(
          ([field, value]) => String((row as Record<string, unknown>)[field]) === value,
        );
        if (active && own) setEditing(row);
      })
      .catch((error: unknown) => {
        if (active && !isSessionError(error))
          toasts.error(messages.errors.title, texts.loadFailed ?? messages.errors.backend);
      });
    return () => {
      active = false;
    };
    // Only the link opens it; closing the editor takes the parameter away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.edit, allowed]);
  const closeEditor = () => {
    setEditing(null);
    if (editId) void navigate(`/admin/${area.key}`);
    else if (state.edit) state.update({ edit: null, returnTo: null });
  };
  /** Opens a record's editor; an area with `editRoute` shows it at /admin/<area>/edit/<id>. */
  const openEditor = (row: Row) => {
    setEditing(row);
    if (area.editRoute) void navigate(`/admin/${area.key}/edit/${String(row.id)}`);
  };

  const { Editor } = area;

  const label = (row: Row) => String((row as Record<string, unknown>)[resource.labelField] ?? row.id);

  const run = async (verb: 'enable' | 'disable' | 'delete', row: Row) => {
    const name = label(row);
    const questions = {
      enable: { title: `Enable ${resource.singular}`, message: `Enable ${name}?`, confirmText: 'Enable' },
      disable: { title: `Disable ${resource.singular}`, message: `Disable ${name}?`, confirmText: 'Disable' },
      delete: {
        title: `Delete ${resource.singular}`,
        message: `Delete ${name}? This cannot be undone.`,
        confirmText: 'Delete',
      },
    };
    if (!(await confirm(questions[verb]))) return;
    try {
      await action.mutateAsync({ verb, id: row.id as number });
      const done = {
        enable: texts.enabled ?? adminMessages.kit.enabled,
        disable: texts.disabled ?? adminMessages.kit.disabled,
        delete: texts.deleted ?? adminMessages.kit.deleted,
      };
      toasts.success('Success', done[verb]);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isApiError(error) && error.status === 403 && texts.forbidden) {
        toasts.error(messages.errors.title, texts.forbidden);
        void navigate('/home');
        return;
      }
      const failed = {
        enable: texts.enableFailed ?? adminMessages.kit.enableFailed,
        disable: texts.disableFailed ?? adminMessages.kit.disableFailed,
        delete:
          isApiError(error) && error.status === 409
            ? adminMessages.kit.inUse
            : (texts.deleteFailed ?? adminMessages.kit.deleteFailed),
      };
      toasts.error(messages.errors.title, failed[verb]);
    }
  };

  const columns: GridColDef<Row>[] = [
    ...area.columns.map((c): GridColDef<Row> => ({
      field: c.id ?? c.field,
      headerName: c.header,
      flex: c.flex ?? 1,
      minWidth: c.minWidth ?? 90,
      sortable: (resource.list.sort as readonly string[]).includes(c.id ?? c.field) && c.sortable !== false,
      ...(c.render ? { renderCell: ({ row }) => c.render!(row) } : {}),
      valueGetter: (_value, row) =>
        c.text ? c.text(row) : ((row as Record<string, unknown>)[c.field] as string | number | null),
    })),
    ...(canToggle || 'enabled' in resource.row.shape
      ? [
          {
            field: 'enabled',
            headerName: 'Status',
            width: 110,
            sortable: (resource.list.sort as readonly string[]).includes('enabled'),
            renderCell: ({ row }) => (
              <Chip
                size="small"
                variant="outlined"
                label={row.enabled ? 'Enabled' : 'Disabled'}
                color={row.enabled ? 'success' : 'default'}
              />
            ),
          } satisfies GridColDef<Row>,
        ]
      : []),
    {
      field: '__actions',
      headerName: 'Actions',
      width: 120,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', width: '100%', height: '100%' }}>
          {verbs.update ? (
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit ${label(row)}`} size="small" onClick={() => openEditor(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {canToggle ? (
            <Tooltip title={row.enabled ? 'Disable' : 'Enable'}>
              <IconButton
                aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${label(row)}`}
                size="small"
                onClick={() => void run(row.enabled ? 'disable' : 'enable', row)}
              >
                {row.enabled ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          ) : null}
          {verbs.delete ? (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${label(row)}`} size="small" onClick={() => void run('delete', row)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      ),
    },
  ];

  if (redirectHome) return null;
  if (user && !allowed) {
    return (
      <>
        <PageTitle>{area.title}</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }

  const sortModel: GridSortModel = [{ field: state.sort, sort: state.order }];
  const paginationModel: GridPaginationModel = { page: state.page - 1, pageSize: state.pageSize };

  return (
    <>
      <PageTitle
        actions={
          verbs.create ? (
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add {resource.singular}
            </Button>
          ) : undefined
        }
      >
        {area.title}
      </PageTitle>
      <Paper variant="outlined">
        <Box sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            placeholder={`Search ${area.title.toLowerCase()}`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: 320 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': `Search ${area.title.toLowerCase()}`, maxLength: 200 },
            }}
          />
          {'enabled' in resource.list.filters ? (
            <TextField
              select
              label="Status"
              value={state.enabled}
              onChange={(event) => state.update({ enabled: event.target.value, page: null })}
              sx={{ width: 160 }}
            >
              <MenuItem value="">All</MenuItem>
              <MenuItem value="true">Enabled</MenuItem>
              <MenuItem value="false">Disabled</MenuItem>
            </TextField>
          ) : null}
        </Box>
        <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 360 }} data-testid="resource-grid">
          <DataGrid<Row>
            label={area.title}
            rows={(page.data?.data ?? []) as Row[]}
            columns={columns}
            loading={page.isFetching}
            paginationMode="server"
            sortingMode="server"
            rowCount={page.data?.total ?? 0}
            pageSizeOptions={PAGE_SIZES}
            paginationModel={paginationModel}
            onPaginationModelChange={(model) =>
              state.update({
                page: model.page === 0 ? null : String(model.page + 1),
                pageSize: model.pageSize === 25 ? null : String(model.pageSize),
              })
            }
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const first = model[0];
              state.update({
                sort: first ? first.field : null,
                order: first?.sort === 'desc' ? 'desc' : null,
                page: null,
              });
            }}
            disableColumnFilter
            disableRowSelectionOnClick
            onRowDoubleClick={({ row }) => (verbs.update ? openEditor(row) : undefined)}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          />
        </Box>
      </Paper>
      {editing ? (
        <Suspense fallback={null}>
          <Editor record={editing === 'new' ? null : editing} onClose={closeEditor} />
        </Suspense>
      ) : null}
    </>
  );
};
