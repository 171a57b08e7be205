import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import LockIcon from '@mui/icons-material/Lock';
import {
  getGridBooleanOperators,
  getGridDateOperators,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  type GridColDef,
  type GridColType,
  type GridFilterOperator,
} from '@mui/x-data-grid';
import { messages, type QueueColumn, type QueueColumnType, type QueueRow } from '@credence/contracts';
import { money, worksheetPathForState } from '@credence/domain';
import { formatCurrency, formatDateTime } from '../../lib/format.ts';

const gridTypeOf: Record<QueueColumnType, GridColType> = {
  string: 'string',
  number: 'number',
  money: 'number',
  dateTime: 'dateTime',
  singleSelect: 'singleSelect',
  boolean: 'boolean',
};

/** The grid's operators of a type, reduced to the ones the server accepts for the column, in the server's order. */
const operatorsOf = (column: QueueColumn): GridFilterOperator[] => {
  const all: GridFilterOperator[] = (() => {
    switch (column.type) {
      case 'string':
        return getGridStringOperators();
      case 'number':
        return getGridNumericOperators();
      case 'money':
        // The value input stays text, so the amount is sent as typed and never parsed into a JS number.
        return getGridNumericOperators().map((op) =>
          op.InputComponent
            ? { ...op, InputComponentProps: { ...op.InputComponentProps, type: 'text', inputMode: 'decimal' } }
            : op,
        );
      case 'dateTime':
        return getGridDateOperators(true);
      case 'singleSelect':
        return getGridSingleSelectOperators();
      case 'boolean':
        return getGridBooleanOperators();
    }
  })();
  return column.operators.flatMap((name) => all.filter((op) => op.value === name));
};

/** The application's worksheet, by its state (spec 1 §2), as every list of applications links it. */
export const worksheetPathOf = (row: Pick<QueueRow, 'state' | 'applicationId'>): string =>
  worksheetPathForState(row.state, row.applicationId);

const LockedBy = ({ name }: { name: string }) => (
  <Tooltip title={messages.queues.lockedBy(name)}>
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <LockIcon fontSize="small" color="warning" aria-label={messages.queues.lockedBy(name)} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name}
      </Box>
    </Box>
  </Tooltip>
);

/** Fields whose value is an id shown by a name the row carries. */
const displayNameOf: Partial<Record<string, (row: QueueRow) => string | null>> = {
  loanProduct: (row) => row.loanProductName,
  dealer: (row) => row.dealerName,
};

/**
 * DataGrid columns from the server's column catalogue: types mapped (money is a number shown as dollars,
 * date-times are Dates), only the server's operators offered, non-sortable and non-filterable honoured.
 */
export const buildQueueColumns = (
  columns: readonly QueueColumn[],
  widths: Record<string, number>,
): GridColDef<QueueRow>[] =>
  columns.map((column): GridColDef<QueueRow> => {
    const operators = operatorsOf(column);
    const common: GridColDef<QueueRow> = {
      field: column.field,
      headerName: column.headerName,
      type: gridTypeOf[column.type],
      // Columns fill the grid: each grows (or, down to three quarters, shrinks) in proportion to its catalogue
      // width; a width the user dragged is kept as is.
      ...(widths[column.field] !== undefined
        ? { width: widths[column.field] }
        : { width: column.width, minWidth: Math.round(column.width * 0.75), flex: column.width }),
      sortable: column.sortable,
      filterable: column.filterable && operators.length > 0,
      filterOperators: operators,
      hideable: column.field !== 'applicationId',
    };
    if (column.field === 'applicationId')
      return {
        ...common,
        align: 'left',
        headerAlign: 'left',
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={worksheetPathOf(row)} underline="hover" sx={{ fontWeight: 500 }}>
            {row.applicationId}
          </Link>
        ),
      };
    if (column.field === 'lockingUser')
      return { ...common, renderCell: ({ row }) => (row.lockingUser ? <LockedBy name={row.lockingUser} /> : null) };
    switch (column.type) {
      case 'money':
        return {
          ...common,
          valueFormatter: (value: string | null) =>
            value === null || value === undefined ? '' : formatCurrency(money(value)),
        };
      case 'dateTime':
        return {
          ...common,
          valueGetter: (value: string | null) => (value ? new Date(value) : null),
          valueFormatter: (value: Date | null) => formatDateTime(value),
        };
      case 'singleSelect': {
        const named = displayNameOf[column.field];
        return {
          ...common,
          valueOptions: column.valueOptions ?? [],
          ...(named ? { valueFormatter: (_value: unknown, row: QueueRow) => named(row) ?? '' } : {}),
        };
      }
      case 'number':
        return { ...common, valueFormatter: (value: number | null) => (value === null ? '' : String(value)) };
      case 'string':
      case 'boolean':
        return common;
    }
  });
