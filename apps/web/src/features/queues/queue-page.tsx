import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DownloadIcon from '@mui/icons-material/Download';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import SaveIcon from '@mui/icons-material/Save';
import {
  DataGrid,
  useGridApiRef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import {
  messages,
  QUEUE_PAGE_SIZES,
  queueGridNameSchema,
  queueTitles,
  savedQueueCriteriaSchema,
  type QueueColumn,
  type QueueGridName,
  type QueueRow,
  type SavedQueueCriteria,
  type SearchFilter,
} from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { inPageNavigationOptions } from '../../lib/in-page-navigation.ts';
import { useNewestSearchParams } from '../../lib/url-params.ts';
import { filterHref, SearchFilterDialog } from '../search-filters/index.ts';
import {
  isMissingFilter,
  queueKeys,
  useExportQueue,
  useGridSetting,
  useQueueColumns,
  useQueuePage,
  useSaveGridSetting,
} from './api.ts';
import { useSearchFilter } from './api.ts';
import {
  GRID_SETTING_SAVE_DELAY_MS,
  parseGridSetting,
  QUEUE_GRID_SETTING_NAME,
  serializeGridSetting,
  visibilityModelFromFields,
  visibilityModelOf,
  visibleFields,
  type QueueGridSetting,
} from './grid-settings.ts';
import {
  encodeFilterItems,
  filterKeyOf,
  readViewState,
  sameCriteria,
  writeViewState,
  type QueueViewState,
} from './grid-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { buildQueueColumns, worksheetPathOf } from './queue-columns.tsx';
import { QueueToolbar, QueueToolbarContext } from './queue-toolbar.tsx';
import {
  baseFromSavedCriteria,
  buildSearchRequest,
  canFilterOnTop,
  gridFilterToQueue,
  noBaseCriteria,
  queueToGridFilter,
  sortItemsToModel,
  sortModelToItems,
  toSavedCriteria,
  userSort,
  userText,
  type QueueBaseCriteria,
} from './search-request.ts';

/**
 * Filter changes settle this long before they reach the URL and the server (the grid's value input already
 * waits 150 ms after a keystroke): typing a name asks for the whole name once, not for every letter.
 */
export const QUEUE_FILTER_URL_DELAY_MS = 350;

/** A filter model re-read from the URL keeps the ids of the items on screen, so their inputs are not re-created. */
const keepItemIds = (next: GridFilterModel, current: GridFilterModel): GridFilterModel => ({
  ...next,
  items: next.items.map((item, index) => {
    const shown = current.items[index];
    return shown && shown.field === item.field ? { ...item, id: shown.id } : item;
  }),
});

const gridNameOfPath = (pathname: string): QueueGridName =>
  queueGridNameSchema.catch('allApplicationsQueue').parse(pathname.replace(/^\/+|\/+$/g, ''));

const filterIdOf = (raw: string | null): number | 'invalid' | null => {
  if (raw === null || raw === '') return null;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 'invalid';
};

/**
 * Every queue route (/myQueue … /allApplicationsQueue): one DataGrid with server-side paging, sorting and
 * filtering. `/allApplicationsQueue?search=TEXT` shows the side-menu search; `?filterId=ID` runs a saved filter
 * or custom queue on its queue, with the user's sort and filter on top.
 */
export const QueuePage = () => {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const routeGrid = gridNameOfPath(pathname);
  const filterId = filterIdOf(params.get('filterId'));
  // A new queue or saved filter starts afresh (local grid state is not carried over).
  return <QueueLoader key={`${routeGrid}:${String(filterId)}`} routeGrid={routeGrid} filterId={filterId} />;
};

type LoaderProps = { routeGrid: QueueGridName; filterId: number | 'invalid' | null };

const QueueLoader = ({ routeGrid, filterId }: LoaderProps) => {
  const columns = useQueueColumns();
  const setting = useGridSetting(QUEUE_GRID_SETTING_NAME);
  const savedFilter = useSearchFilter(typeof filterId === 'number' ? filterId : null);

  const saved = useMemo(() => {
    if (!savedFilter.data) return null;
    let json: unknown;
    try {
      json = JSON.parse(savedFilter.data.filter);
    } catch {
      return null;
    }
    const parsed = savedQueueCriteriaSchema.safeParse(json);
    return parsed.success ? { filter: savedFilter.data, criteria: parsed.data } : null;
  }, [savedFilter.data]);

  const title =
    filterId === null
      ? queueTitles[routeGrid]
      : (saved?.filter.name ?? savedFilter.data?.name ?? queueTitles[routeGrid]);

  if (filterId === 'invalid' || (savedFilter.isError && isMissingFilter(savedFilter.error))) {
    return (
      <>
        <PageTitle>{queueTitles[routeGrid]}</PageTitle>
        <Alert severity="warning">{messages.queues.filterNotFound}</Alert>
      </>
    );
  }
  if (savedFilter.data && !saved) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <Alert severity="error">{messages.searchFilters.invalidFilter}</Alert>
      </>
    );
  }
  if (columns.isError || savedFilter.isError) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <Alert severity="error">{messages.errors.backend}</Alert>
      </>
    );
  }
  // A failed setting read is not fatal: the grid opens with the default columns.
  if (!columns.data || setting.isPending || (filterId !== null && !saved)) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <Skeleton variant="rounded" height={480} data-testid="queue-loading" />
      </>
    );
  }
  return (
    <QueueGrid
      title={title}
      gridName={saved ? saved.criteria.gridName : routeGrid}
      columns={columns.data.columns}
      setting={parseGridSetting(setting.data?.setting)}
      savedFilter={saved?.filter ?? null}
      base={saved ? baseFromSavedCriteria(saved.criteria) : noBaseCriteria}
    />
  );
};

type GridProps = {
  title: string;
  gridName: QueueGridName;
  columns: QueueColumn[];
  setting: QueueGridSetting;
  savedFilter: SearchFilter | null;
  base: QueueBaseCriteria;
};

type DialogMode =
  | { kind: 'create'; type: 'filter' | 'queue'; criteria: SavedQueueCriteria }
  | { kind: 'edit'; filter: SearchFilter; criteria: SavedQueueCriteria };

const describeItem = (columns: readonly QueueColumn[], item: { field: string; operator: string; value: unknown }) => {
  const column = columns.find((c) => c.field === item.field);
  const label = (v: unknown) => column?.valueOptions?.find((o) => o.value === v)?.label ?? String(v);
  const value =
    item.value === null
      ? ''
      : Array.isArray(item.value)
        ? item.value.map(label).join(', ')
        : column?.type === 'dateTime' && typeof item.value === 'string'
          ? formatDateTime(item.value)
          : label(item.value);
  return `${column?.headerName ?? item.field} ${item.operator} ${value}`.trim();
};

const QueueGrid = ({ title, gridName, columns, setting, savedFilter, base }: GridProps) => {
  const { params, newest, request: requestParams } = useNewestSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apiRef = useGridApiRef();
  const view = useMemo(() => readViewState(params), [params]);
  const text = view.text ?? base.text ?? '';
  const filterOnTop = canFilterOnTop(base.filter);

  // --- The grid's filter model: local (it holds items still being typed), written to the URL once typing
  // settles, re-read when the URL changes by other means (Back/Forward, the search chip). The page stays
  // mounted through its own URL updates (in-page navigation), so the filter panel and its focus stay.
  const committedKey = filterKeyOf(params);
  const [gridFilter, setGridFilter] = useState<GridFilterModel>(() => queueToGridFilter(view.filter, text, columns));
  const [seenKey, setSeenKey] = useState(committedKey);
  /** The filter key of the page's own last URL update: its echo must not reset what is typed since. */
  const [ownKey, setOwnKey] = useState<string | null>(null);
  /** Counts re-reads from the URL; a pending filter update scheduled before one is dropped. */
  const [urlReads, setUrlReads] = useState(0);
  if (seenKey !== committedKey) {
    setSeenKey(committedKey);
    if (committedKey === ownKey) setOwnKey(null);
    else {
      const local = gridFilterToQueue(gridFilter, columns);
      const differs =
        local.text !== text ||
        encodeFilterItems(local.filter.filters) !== encodeFilterItems(view.filter.filters) ||
        (view.filter.filters.length > 1 && local.filter.logic !== view.filter.logic);
      if (differs) {
        setGridFilter(keepItemIds(queueToGridFilter(view.filter, text, columns), gridFilter));
        setUrlReads((n) => n + 1);
      }
    }
  }

  // --- Columns: visibility, widths and density, remembered per user (a saved filter's own columns win).
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() =>
    base.columns
      ? visibilityModelFromFields(columns, base.columns)
      : visibilityModelOf(columns, setting.columnVisibility),
  );
  const [widths, setWidths] = useState<Record<string, number>>(setting.widths);
  const [density, setDensity] = useState<GridDensity>(setting.density);
  const gridColumns = useMemo(() => buildQueueColumns(columns, widths), [columns, widths]);
  const shownFields = useMemo(() => visibleFields(columns, visibility), [columns, visibility]);

  const saveSetting = useSaveGridSetting(QUEUE_GRID_SETTING_NAME);
  const [settingToSave, setSettingToSave] = useState<QueueGridSetting | null>(null);
  const { mutate: saveSettingNow } = saveSetting;
  useEffect(() => {
    if (!settingToSave) return;
    const timer = window.setTimeout(() => {
      const text = serializeGridSetting(settingToSave);
      saveSettingNow(text, {
        onSuccess: (saved) => queryClient.setQueryData(queueKeys.gridSetting(QUEUE_GRID_SETTING_NAME), saved),
      });
    }, GRID_SETTING_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settingToSave, saveSettingNow, queryClient]);
  const remember = (next: Partial<Pick<QueueGridSetting, 'columnVisibility' | 'widths' | 'density'>>) =>
    setSettingToSave({
      // A saved filter's own columns are saved with the filter, not as the user's column setting.
      columnVisibility: base.columns ? setting.columnVisibility : visibility,
      widths,
      density: density as QueueGridSetting['density'],
      ...next,
    });

  // --- The page.
  const request = useMemo(() => buildSearchRequest(base, view, null), [base, view]);
  const page = useQueuePage(gridName, request, true);
  const criteriaKey = useMemo(() => {
    const { page: _p, pageSize: _s, ...criteria } = request;
    return JSON.stringify(criteria);
  }, [request]);
  const current = page.data && page.data.criteriaKey === criteriaKey && !page.isPlaceholderData ? page.data : null;
  const known = page.data && page.data.criteriaKey === criteriaKey ? page.data : null;
  // Unknown while the criteria's first page loads (so the grid does not move the page), -1 when only a lower bound.
  const rowCount = !known || known.totalIsLowerBound ? -1 : known.total;
  const hasNextPage = current
    ? (view.page + 1) * view.pageSize < current.total || current.data.length === view.pageSize
    : undefined;
  const paginationMeta = useMemo(
    () => (known?.totalIsLowerBound ? { hasNextPage: hasNextPage ?? true } : {}),
    [known?.totalIsLowerBound, hasNextPage],
  );

  // --- URL updates: typing (filter, text) replaces the history entry, page and sort changes push one.
  // The grid goes back to the first page by itself after any sort or filter event, also one it only re-emits
  // while it mounts or its columns change; the page then comes from the URL, not from the grid. A move to the
  // first page is followed only when a person asked for it (a click or key in the grid, whose handler sets the
  // page synchronously) or when the page is past the end.
  const userGesture = useRef(false);
  const markGesture = () => {
    userGesture.current = true;
    queueMicrotask(() => {
      userGesture.current = false;
    });
  };

  // The URL reads so far, for a filter update that runs after a delay.
  const latestReads = useRef(urlReads);
  useEffect(() => {
    latestReads.current = urlReads;
  });

  /** The newest view state: a change builds on it, not on the rendered one (see useNewestSearchParams). */
  const newestView = useCallback(() => readViewState(newest()), [newest]);
  const go = useCallback(
    (next: QueueViewState, replace: boolean) => {
      requestParams(writeViewState(newest(), next), inPageNavigationOptions(replace));
    },
    [newest, requestParams],
  );

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.page === view.page && model.pageSize === view.pageSize) return;
    const pastTheEnd = rowCount >= 0 && view.page * view.pageSize >= rowCount;
    const resetByGrid = model.page === 0 && model.pageSize === view.pageSize && !userGesture.current && !pastTheEnd;
    if (resetByGrid) return;
    go({ ...newestView(), page: model.pageSize === view.pageSize ? model.page : 0, pageSize: model.pageSize }, false);
  };

  const onSortModelChange = (model: GridSortModel) => {
    const now = newestView();
    const next: QueueViewState = { ...now, sort: userSort(base, sortModelToItems(model)), page: 0 };
    if (sameCriteria(next, now)) return;
    go(next, false);
  };

  const filterTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(filterTimer.current), []);
  const onFilterModelChange = (model: GridFilterModel) => {
    setGridFilter(model);
    window.clearTimeout(filterTimer.current);
    const scheduledAfter = urlReads;
    filterTimer.current = window.setTimeout(() => {
      // The URL changed by other means meanwhile (Back, the search chip): it wins over this older model.
      if (latestReads.current !== scheduledAfter) return;
      const now = newestView();
      const local = gridFilterToQueue(model, columns);
      const next: QueueViewState = { ...now, filter: local.filter, text: userText(base, local.text), page: 0 };
      if (sameCriteria(next, now)) return;
      setOwnKey(filterKeyOf(writeViewState(newest(), next)));
      go(next, true);
    }, QUEUE_FILTER_URL_DELAY_MS);
  };

  const clearText = () => {
    const next: QueueViewState = { ...newestView(), text: base.text ? '' : null, page: 0 };
    go(next, false);
  };

  const sortModel = useMemo(() => sortItemsToModel(view.sort ?? base.sort ?? []), [view.sort, base.sort]);
  const paginationModel = useMemo(() => ({ page: view.page, pageSize: view.pageSize }), [view.page, view.pageSize]);

  // --- Export and save.
  const exportQueue = useExportQueue();
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  /** The criteria on screen, with a filter still settling (typed less than QUEUE_FILTER_URL_DELAY_MS ago). */
  const viewOnScreen = (): QueueViewState => {
    const local = gridFilterToQueue(gridFilter, columns);
    return { ...newestView(), filter: local.filter, text: userText(base, local.text) };
  };
  const criteria = () => toSavedCriteria(gridName, base, viewOnScreen(), shownFields);
  const onSaved = (saved: SearchFilter) => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: queueKeys.searchFilter(saved.id) });
    void navigate(filterHref(saved.id), { replace: savedFilter?.id === saved.id });
  };
  const mine = savedFilter?.isMine ? savedFilter : null;

  const actions = (
    <Stack direction="row" spacing={1} sx={{ ml: 1 }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={exportQueue.isPending}
        onClick={() =>
          exportQueue.mutate({
            gridName,
            request: buildSearchRequest(base, { ...viewOnScreen(), page: 0 }, shownFields),
          })
        }
      >
        {exportQueue.isPending ? messages.queues.exporting : messages.queues.exportCsv}
      </Button>
      {mine ? (
        <Button
          size="small"
          startIcon={<SaveIcon />}
          onClick={() => setDialog({ kind: 'edit', filter: mine, criteria: criteria() })}
        >
          {mine.type === 'queue' ? messages.queues.saveQueue : messages.queues.saveFilter}
        </Button>
      ) : (
        <>
          <Button
            size="small"
            startIcon={<BookmarkAddIcon />}
            onClick={() => setDialog({ kind: 'create', type: 'filter', criteria: criteria() })}
          >
            {messages.queues.saveFilter}
          </Button>
          <Button
            size="small"
            startIcon={<PlaylistAddIcon />}
            onClick={() => setDialog({ kind: 'create', type: 'queue', criteria: criteria() })}
          >
            {messages.queues.saveQueue}
          </Button>
        </>
      )}
    </Stack>
  );
  const toolbarExtras = { actions, filterDisabled: !filterOnTop };

  return (
    <>
      <PageTitle>{title}</PageTitle>
      {text || base.filter ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {text ? (
            <Chip
              label={messages.queues.searchChip(text)}
              onDelete={clearText}
              color="primary"
              variant="outlined"
              data-testid="queue-search-chip"
            />
          ) : null}
          {base.filter ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {messages.queues.savedCriteria}:
              </Typography>
              {base.filter.filters.map((item, index) => (
                <Chip key={index} size="small" label={describeItem(columns, item)} />
              ))}
              {base.filter.logic === 'or' && base.filter.filters.length > 1 ? (
                <Typography variant="body2" color="text.secondary">
                  {messages.queues.filtersCannotBeAdded}
                </Typography>
              ) : null}
            </>
          ) : null}
        </Stack>
      ) : null}
      <Paper variant="outlined" sx={{ height: 'calc(100vh - 170px)', minHeight: 420, display: 'flex' }}>
        <Box
          sx={{ flex: 1, minWidth: 0 }}
          data-testid="queue-grid"
          onClickCapture={markGesture}
          onKeyDownCapture={markGesture}
        >
          <QueueToolbarContext.Provider value={toolbarExtras}>
            <DataGrid<QueueRow>
              apiRef={apiRef}
              label={title}
              rows={page.data?.data ?? []}
              getRowId={(row) => row.applicationId}
              columns={gridColumns}
              // Covered while there is nothing to show or the rows are the last page's (paging, sorting); a refetch
              // of the same page (a hub event, the window's focus) updates the rows in place, without a flash.
              loading={page.isPending || page.isPlaceholderData}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              rowCount={rowCount}
              estimatedRowCount={known?.totalIsLowerBound ? known.total : undefined}
              paginationMeta={paginationMeta}
              pageSizeOptions={[...QUEUE_PAGE_SIZES]}
              paginationModel={paginationModel}
              onPaginationModelChange={onPaginationModelChange}
              sortModel={sortModel}
              onSortModelChange={onSortModelChange}
              filterModel={gridFilter}
              onFilterModelChange={onFilterModelChange}
              disableColumnFilter={!filterOnTop}
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={(model) => {
                setVisibility(model);
                if (!base.columns) remember({ columnVisibility: model });
              }}
              onColumnWidthChange={({ colDef, width }) => {
                const next = { ...widths, [colDef.field]: Math.round(width) };
                setWidths(next);
                remember({ widths: next });
              }}
              density={density}
              onDensityChange={(next) => {
                setDensity(next);
                remember({ density: next });
              }}
              onRowClick={({ row }, event) => {
                // The id cell's link navigates by itself (and opens new tabs with a modifier key).
                if ((event.target as HTMLElement).closest('a')) return;
                void navigate(worksheetPathOf(row));
              }}
              onCellKeyDown={({ row }, event) => {
                // Enter on a focused row opens it, as a click does.
                if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
                event.defaultMuiPrevented = true;
                void navigate(worksheetPathOf(row));
              }}
              disableRowSelectionOnClick
              showToolbar
              slots={{ toolbar: QueueToolbar }}
              slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
              localeText={{
                noRowsLabel: messages.queues.noApplications,
                noResultsOverlayLabel: messages.queues.noApplications,
              }}
              sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
            />
          </QueueToolbarContext.Provider>
        </Box>
      </Paper>
      {dialog ? <SearchFilterDialog open onClose={() => setDialog(null)} mode={dialog} onSaved={onSaved} /> : null}
    </>
  );
};
