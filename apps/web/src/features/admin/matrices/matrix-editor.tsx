import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type ComponentType,
  type KeyboardEvent,
} from 'react';
import { useForm, FormProvider } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  matricesResource,
  adminMessages,
  policyLookupEndpoints,
  type MatrixAxis,
  type MatrixColumnKey,
  type MatrixType,
} from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { safeReturnUrl } from '../../../lib/return-url.ts';
import { policySaveInput, usePolicyEditor } from '../kit/policy-editor.ts';
import { PolicyEditorActions, PolicyProblems } from '../kit/policy-editor-frame.tsx';
import type { EditorProps } from '../kit/types.ts';
import {
  axisLabel,
  cellProblem,
  newRow,
  parseBlock,
  pasteBlock,
  rateKindOf,
  sheetColumns,
  toConfig,
  toSheet,
  type MatrixRecord,
  type RateKind,
  type SheetColumn,
  type SheetRow,
} from './matrix-grid.ts';

type NameValues = { name: string };
const nameResolver = contractResolver<NameValues, unknown>(matricesResource.input.pick({ name: true }), (v) =>
  noRows({ name: v.name }),
);

const typeTitles: Record<MatrixType, string> = {
  LoanLimit: 'Loan Limit Matrix',
  Fees: 'Fee Matrix',
  Rate: 'Rate Matrix',
  PassFail: 'Pass/Fail Matrix',
};
/** The axes a new matrix starts with. */
const startAxes: MatrixAxis[] = [{ key: 'creditTier', kind: 'value' }];

/** Only links inside the two workflow editors are followed after a save (spec 2 §2). */
const workflowReturn = (raw: string | null) => {
  const target = safeReturnUrl(raw, '');
  return /^\/admin\/(autoApprovalWorkflow|loanPolicyWorkflows)\/edit\/\d+$/.test(target) ? target : null;
};

const ROW_HEIGHT = 30;

/* ----------------------------------------------------------------------------------------------- one row */

type RowProps = {
  row: SheetRow;
  index: number;
  last: boolean;
  columns: readonly SheetColumn[];
  onCell: (index: number, id: string, value: string) => void;
  onKey: (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>, row: number, col: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
};

/** A row of cells: each an input named 'Row 3 Term min', red with its message when what is typed is refused. */
const SheetRowView = memo(function SheetRowView({
  row,
  index,
  last,
  columns,
  onCell,
  onKey,
  onPaste,
  onDuplicate,
  onRemove,
}: RowProps) {
  return (
    <tr data-testid="matrix-row">
      <th scope="row" className="rowhead">
        {index + 1}
      </th>
      {columns.map((column, c) => {
        const problem = cellProblem(column, row.values);
        const messageId = `matrix-cell-${row.key}-${c}`;
        return (
          <td key={column.id} className={problem ? 'invalid' : undefined}>
            <input
              data-cell={`${index}:${c}`}
              aria-label={`Row ${index + 1} ${column.label}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? messageId : undefined}
              value={row.values[column.id] ?? ''}
              placeholder={
                column.kind === 'min' || column.kind === 'max' ? 'open' : column.kind === 'values' ? 'any' : undefined
              }
              inputMode={
                column.kind === 'values' || column.kind === 'codes' || column.kind === 'passFail' ? 'text' : 'decimal'
              }
              maxLength={column.kind === 'values' || column.kind === 'codes' ? 1000 : 24}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => onCell(index, column.id, event.target.value)}
              onKeyDown={(event) => onKey(event, index, c)}
              onPaste={(event) => onPaste(event, index, c)}
            />
            {problem ? (
              <span id={messageId} className={last && index > 0 ? 'message above' : 'message'} role="note">
                {problem}
              </span>
            ) : null}
          </td>
        );
      })}
      <td className="actions">
        <Tooltip title="Duplicate row (Ctrl+D)">
          <IconButton
            size="small"
            tabIndex={-1}
            aria-label={`Duplicate row ${index + 1}`}
            onClick={() => onDuplicate(index)}
          >
            <ContentCopyIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
        <Tooltip title="Remove row (Ctrl+Delete)">
          <IconButton size="small" tabIndex={-1} aria-label={`Remove row ${index + 1}`} onClick={() => onRemove(index)}>
            <DeleteOutlineIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      </td>
    </tr>
  );
});

/* ------------------------------------------------------------------------------------------------ editor */

/**
 * Administration › Matrices (issue 12, item 5; spec 2 §2, §8): a matrix as a spreadsheet — its name, its axes
 * (chosen from the type's column definitions), one row per line of the table with a Min and Max cell per range
 * axis, a list per value axis and the type's results. Arrows, Enter and Tab move between cells; a block copied
 * from a spreadsheet is pasted from the focused cell on, adding rows; each cell is checked as it is typed and
 * the server's problems (overlapping or gapped ranges…) are listed above the sheet. Save keeps a draft; Save and
 * Publish puts it in effect. Saving returns to the list of its type, or to the workflow it was opened from
 * (`?returnTo=`).
 */
const MatrixEditor = ({ record, onClose, matrixType }: EditorProps<MatrixRecord> & { matrixType: MatrixType }) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = workflowReturn(params.get('returnTo'));
  const type = (record?.matrixType ?? matrixType) as MatrixType;
  const form = useForm<NameValues>({
    defaultValues: { name: record?.name ?? '' },
    resolver: nameResolver,
    mode: 'onChange',
  });
  const [axes, setAxes] = useState<MatrixAxis[]>(() => (record ? [...record.config.axes] : startAxes));
  const [rows, setRows] = useState<SheetRow[]>(() => (record ? toSheet(record.config) : [newRow()]));
  const [rateKind, setRateKind] = useState<RateKind>(() => rateKindOf(record?.config));
  const [sheetChanged, setSheetChanged] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [triedSave, setTriedSave] = useState(false);
  const sheetRef = useRef<HTMLDivElement>(null);
  const save = useSaveResource(matricesResource);
  const dirty = form.formState.isDirty || sheetChanged;
  const { saving, problems, requestClose, saveAndLeave } = usePolicyEditor({
    dirty,
    onClose,
    onLeave: () => (returnTo ? void navigate(returnTo) : onClose()),
  });

  const definitions = useQuery({
    queryKey: ['matrixColumnDefinitions', type],
    queryFn: ({ signal }) =>
      callEndpoint(policyLookupEndpoints.columnDefinitions, { query: { matrixType: type } }, { signal }),
    staleTime: Infinity,
  });

  const { columns, headers } = useMemo(() => sheetColumns(axes, type, rateKind), [axes, type, rateKind]);
  const columnsRef = useRef(columns);
  const rowCount = useRef(rows.length);
  useLayoutEffect(() => {
    columnsRef.current = columns;
    rowCount.current = rows.length;
  });
  const invalidCount = useMemo(
    () => rows.reduce((sum, row) => sum + columns.filter((column) => cellProblem(column, row.values)).length, 0),
    [rows, columns],
  );

  const changeRows = useCallback((change: (rows: SheetRow[]) => SheetRow[]) => {
    setRows(change);
    setSheetChanged(true);
  }, []);

  /** Focuses a cell (and selects what it holds, as a spreadsheet does). */
  const focusCell = useCallback((row: number, col: number) => {
    // A row just added is rendered on the next frame.
    requestAnimationFrame(() => {
      const input = sheetRef.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
      if (!input) return;
      input.focus();
      input.select();
    });
  }, []);

  const onCell = useCallback(
    (index: number, id: string, value: string) =>
      changeRows((current) =>
        current.map((row, i) => (i === index ? { ...row, values: { ...row.values, [id]: value } } : row)),
      ),
    [changeRows],
  );
  const onDuplicate = useCallback(
    (index: number) => {
      changeRows((current) => [
        ...current.slice(0, index + 1),
        newRow({ ...current[index]!.values }),
        ...current.slice(index + 1),
      ]);
      focusCell(index + 1, 0);
    },
    [changeRows, focusCell],
  );
  const onRemove = useCallback(
    (index: number) => {
      changeRows((current) => (current.length > 1 ? current.filter((_, i) => i !== index) : [newRow()]));
      focusCell(Math.max(0, index - 1), 0);
    },
    [changeRows, focusCell],
  );
  const insertRow = useCallback(
    (at: number) => {
      changeRows((current) => [...current.slice(0, at), newRow(), ...current.slice(at)]);
      focusCell(at, 0);
    },
    [changeRows, focusCell],
  );

  /** Arrows, Enter and Tab move like a spreadsheet; Ctrl+D duplicates the row, Ctrl+Enter inserts one below. */
  const onKey = useCallback(
    (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
      const input = event.currentTarget;
      const lastCol = columnsRef.current.length - 1;
      const lastRow = rowCount.current - 1;
      const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
      const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
      const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
      const ctrl = event.ctrlKey || event.metaKey;
      let target: [number, number] | null = null;
      if (ctrl && event.key.toLowerCase() === 'd') {
        event.preventDefault();
        onDuplicate(row);
        return;
      }
      if (ctrl && event.key === 'Delete') {
        event.preventDefault();
        onRemove(row);
        return;
      }
      if (ctrl && event.key === 'Enter') {
        event.preventDefault();
        insertRow(row + 1);
        return;
      }
      switch (event.key) {
        case 'ArrowUp':
          target = [row - 1, col];
          break;
        case 'ArrowDown':
          target = [row + 1, col];
          break;
        case 'ArrowLeft':
          if (atStart || whole) target = [row, col - 1];
          break;
        case 'ArrowRight':
          if (atEnd || whole) target = [row, col + 1];
          break;
        case 'Enter':
          event.preventDefault();
          target = [event.shiftKey ? row - 1 : row + 1, col];
          break;
        case 'Tab':
          if (event.shiftKey) target = col > 0 ? [row, col - 1] : [row - 1, lastCol];
          else target = col < lastCol ? [row, col + 1] : [row + 1, 0];
          // Past the sheet's first or last cell, Tab leaves it.
          if (target[0] < 0 || target[0] > lastRow) return;
          break;
        default:
          return;
      }
      if (!target) return;
      const [r, c] = target;
      if (r < 0 || r > lastRow || c < 0 || c > lastCol) return;
      event.preventDefault();
      focusCell(r, c);
    },
    [focusCell, insertRow, onDuplicate, onRemove],
  );

  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLInputElement>, row: number, col: number) => {
      const block = parseBlock(event.clipboardData.getData('text/plain'));
      if (!block) return; // one value: the input takes it as typed
      event.preventDefault();
      let dropped = 0;
      changeRows((current) => {
        const pasted = pasteBlock(current, columnsRef.current, block, { row, col });
        dropped = pasted.dropped;
        return pasted.rows;
      });
      // The updater has run by the next frame.
      requestAnimationFrame(() =>
        setNotice(
          `Pasted ${block.length} ${block.length === 1 ? 'row' : 'rows'} from row ${row + 1}` +
            (dropped > 0 ? `; ${dropped} values past the last column were left out.` : '.'),
        ),
      );
    },
    [changeRows],
  );

  const addAxis = (key: MatrixColumnKey) => {
    const definition = definitions.data?.find((d) => d.key === key);
    if (!definition || axes.some((axis) => axis.key === key)) return;
    setAxes((current) => [...current, { key, kind: definition.kind }]);
    setSheetChanged(true);
  };
  const removeAxis = async (key: MatrixColumnKey) => {
    const prefix = `${key}.`;
    const used = rows.some((row) => Object.entries(row.values).some(([id, v]) => id.startsWith(prefix) && v.trim()));
    if (
      used &&
      !(await confirm({
        title: 'Remove Column',
        message: `Remove the ${axisLabel(key)} column? Its cells are left out of the matrix.`,
        confirmText: 'Remove',
      }))
    )
      return;
    setAxes((current) => current.filter((axis) => axis.key !== key));
    setSheetChanged(true);
  };

  const onSave = async (publish: boolean, effectiveAt: string | null) => {
    setTriedSave(true);
    const nameOk = await form.trigger();
    if (invalidCount > 0) {
      const first = sheetRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
      first?.focus();
      return;
    }
    if (!nameOk) return;
    const name = form.getValues('name').trim();
    const config = toConfig({
      id: record ? String(record.id) : 'new',
      name,
      type,
      rateKind,
      creditTierSetId: record?.config.creditTierSetId ?? null,
      axes,
      rows,
      columns,
    });
    const send = () => save.mutateAsync(policySaveInput(record, name, publish, config, effectiveAt));
    await saveAndLeave(publish, send, { form, failed: adminMessages.policy.matrixSaveFailed, effectiveAt });
  };

  const available = (definitions.data ?? []).filter((d) => !axes.some((axis) => axis.key === d.key));

  return (
    <DialogFrame
      title={record ? `Edit Matrix: ${record.name}` : `Add ${typeTitles[type]}`}
      width={1400}
      onClose={() => void requestClose()}
      testId="matrix-editor"
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pb: 1 }}
      actions={
        <PolicyEditorActions
          record={record}
          dirty={dirty}
          saving={saving}
          onCancel={() => void requestClose()}
          onSave={(publish, effectiveAt) => void onSave(publish, effectiveAt)}
        />
      }
    >
      <FormProvider {...form}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', pt: 0.5 }}>
          <Box sx={{ width: 380 }}>
            <TextInput name="name" label="Name" required maxLength={100} autoFocus={!record} />
          </Box>
          {type === 'Rate' ? (
            <TextField
              select
              label="Rates"
              value={rateKind}
              onChange={(event) => {
                setRateKind(event.target.value as RateKind);
                setSheetChanged(true);
              }}
              sx={{ width: 300 }}
              helperText={rateKind === 'rate' ? 'The rate of the loan' : 'Added to the base rate (may be negative)'}
            >
              <MenuItem value="rate">Base rates</MenuItem>
              <MenuItem value="adjustment">Additional rates</MenuItem>
            </TextField>
          ) : null}
          {record?.draftVersion != null ? (
            <Tooltip describeChild title="Run the saved draft against past applications in the Policy Sandbox">
              <Button
                component={RouterLink}
                to={`/admin/policySandbox?policyObjectId=${record.id}`}
                startIcon={<AssessmentIcon />}
                sx={{ ml: 'auto', mt: 0.5 }}
              >
                Replay
              </Button>
            </Tooltip>
          ) : null}
        </Box>
      </FormProvider>

      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} aria-label="Columns" role="group">
        <Typography variant="subtitle2" color="text.secondary" sx={{ mr: 0.5 }}>
          Columns
        </Typography>
        {axes.map((axis) => (
          <Chip
            key={axis.key}
            size="small"
            label={`${axisLabel(axis.key)}${axis.kind === 'range' ? ' (range)' : ''}`}
            onDelete={() => void removeAxis(axis.key)}
            title={`Remove the ${axisLabel(axis.key)} column with Delete`}
          />
        ))}
        <TextField
          select
          size="small"
          label="Add column"
          value=""
          disabled={available.length === 0 || axes.length >= 12}
          onChange={(event) => addAxis(event.target.value as MatrixColumnKey)}
          sx={{ width: 220 }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {available.map((d) => (
            <MenuItem key={d.key} value={d.key}>
              {d.label}
              {d.kind === 'range' ? ' (range)' : ''}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <PolicyProblems what="matrix" problems={problems} testId="matrix-problems" />

      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<AddIcon />} onClick={() => insertRow(rows.length)}>
          Add Row
        </Button>
        <Typography variant="body2" color="text.secondary">
          {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        </Typography>
        {invalidCount > 0 ? (
          <Typography variant="body2" color="error" role={triedSave ? 'alert' : undefined}>
            {invalidCount} {invalidCount === 1 ? 'cell needs' : 'cells need'} fixing
          </Typography>
        ) : null}
        {notice ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {notice}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto !important' }}>
          Arrows, Enter and Tab move between cells · paste cells copied from a spreadsheet · empty min or max = open ·
          Ctrl+D duplicates a row
        </Typography>
      </Stack>

      <Box ref={sheetRef} sx={sheetSx} data-testid="matrix-sheet">
        <table aria-label="Matrix rows">
          <colgroup>
            <col style={{ width: 44 }} />
            {columns.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
            <col style={{ width: 72 }} />
          </colgroup>
          <thead>
            <tr>
              <th rowSpan={2} scope="col" className="corner">
                #
              </th>
              {headers.map((header) => (
                <th
                  key={header.label}
                  scope="col"
                  colSpan={header.span}
                  rowSpan={header.range ? 1 : 2}
                  className={header.range ? 'group' : undefined}
                >
                  {header.label}
                </th>
              ))}
              <th rowSpan={2} scope="col">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
            <tr>
              {columns
                .filter((column) => column.kind === 'min' || column.kind === 'max')
                .map((column) => (
                  <th key={column.id} scope="col" className="sub">
                    {column.kind === 'min' ? 'Min' : 'Max'}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <SheetRowView
                key={row.key}
                row={row}
                index={index}
                last={index === rows.length - 1}
                columns={columns}
                onCell={onCell}
                onKey={onKey}
                onPaste={onPaste}
                onDuplicate={onDuplicate}
                onRemove={onRemove}
              />
            ))}
          </tbody>
        </table>
      </Box>
    </DialogFrame>
  );
};

const HEAD = 28;
const sheetSx = {
  overflow: 'auto',
  maxHeight: 'calc(100vh - 400px)',
  minHeight: 96,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '& table': {
    borderCollapse: 'separate',
    borderSpacing: 0,
    tableLayout: 'fixed',
    width: 'max-content',
    minWidth: '100%',
  },
  '& th, & td': {
    borderRight: 1,
    borderBottom: 1,
    borderColor: 'divider',
    p: 0,
    height: ROW_HEIGHT,
    fontSize: 13,
  },
  '& thead th': {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    bgcolor: 'grey.100',
    fontWeight: 600,
    textAlign: 'left',
    px: 1,
    height: HEAD,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: 'text.secondary',
  },
  '& thead th.group': { textAlign: 'center' },
  '& thead th.sub': { top: HEAD, fontWeight: 500, fontSize: 12 },
  '& th.rowhead': {
    bgcolor: 'grey.50',
    color: 'text.secondary',
    textAlign: 'right',
    px: 1,
    fontWeight: 400,
    fontVariantNumeric: 'tabular-nums',
  },
  '& td': { position: 'relative' },
  '& td input': {
    width: '100%',
    height: ROW_HEIGHT - 1,
    border: 0,
    px: 1,
    font: 'inherit',
    fontSize: 13,
    fontVariantNumeric: 'tabular-nums',
    bgcolor: 'transparent',
    color: 'text.primary',
    outline: 'none',
    boxSizing: 'border-box',
  },
  '& td:focus-within': {
    boxShadow: (t: { palette: { primary: { main: string } } }) => `inset 0 0 0 2px ${t.palette.primary.main}`,
  },
  '& td input::placeholder': { color: 'text.disabled', opacity: 0.6 },
  '& td.invalid': { bgcolor: '#fdecea', boxShadow: 'inset 0 0 0 1px #d32f2f' },
  '& td.invalid:focus-within': { boxShadow: 'inset 0 0 0 2px #d32f2f' },
  '& td .message': {
    display: 'none',
    position: 'absolute',
    top: '100%',
    left: 0,
    zIndex: 3,
    mt: '2px',
    px: 1,
    py: 0.5,
    borderRadius: 1,
    bgcolor: '#c62828',
    color: '#fff',
    fontSize: 12,
    whiteSpace: 'nowrap',
    boxShadow: 2,
  },
  '& td .message.above': { top: 'auto', bottom: '100%', mb: '2px' },
  '& td.invalid:focus-within .message, & td.invalid:hover .message': { display: 'block' },
  '& td.actions': { whiteSpace: 'nowrap', textAlign: 'center', bgcolor: 'grey.50' },
  '& tbody tr:hover th.rowhead': { bgcolor: 'grey.200' },
  '& .sr-only': {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;

const editors = new Map<MatrixType, ComponentType<EditorProps<MatrixRecord>>>();
/** The editor of an area's matrices (a new matrix is of the area's type). */
export const matrixEditor = (type: MatrixType): ComponentType<EditorProps<MatrixRecord>> => {
  let editor = editors.get(type);
  if (!editor) {
    editor = (props: EditorProps<MatrixRecord>) => <MatrixEditor {...props} matrixType={type} />;
    editors.set(type, editor);
  }
  return editor;
};
