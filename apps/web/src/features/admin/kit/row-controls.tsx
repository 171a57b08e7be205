import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

const RowButton = ({
  title,
  label,
  disabled,
  onClick,
  icon,
}: {
  title: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
}) => (
  <Tooltip title={title}>
    <span>
      <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
        {icon}
      </IconButton>
    </span>
  </Tooltip>
);

/**
 * The controls of one row of a row editor (a tier set's tiers, a term set's bands), in its last cell: move up and
 * down (with `onMove`), duplicate (with `onDuplicate`) and remove (never the only row), each named for a screen
 * reader and a test by the row's noun and number ('Move tier 2 up', 'Remove row 3').
 */
type RowControlsProps = {
  /** 'tier', 'row'. */
  noun: string;
  onMove?: (from: number, to: number) => void;
  onDuplicate?: (index: number) => void;
  onRemove: (index: number) => void;
};

export const RowControls = ({
  noun,
  index,
  count,
  onMove,
  onDuplicate,
  onRemove,
}: RowControlsProps & { index: number; count: number }) => {
  const n = index + 1;
  return (
    <td style={{ whiteSpace: 'nowrap' }}>
      {onMove ? (
        <>
          <RowButton
            title="Move up"
            label={`Move ${noun} ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            icon={<ArrowUpwardIcon fontSize="small" />}
          />
          <RowButton
            title="Move down"
            label={`Move ${noun} ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
            icon={<ArrowDownwardIcon fontSize="small" />}
          />
        </>
      ) : null}
      {onDuplicate ? (
        <RowButton
          title={`Duplicate ${noun}`}
          label={`Duplicate ${noun} ${n}`}
          onClick={() => onDuplicate(index)}
          icon={<ContentCopyIcon fontSize="small" />}
        />
      ) : null}
      <RowButton
        title="Remove"
        label={`Remove ${noun} ${n}`}
        disabled={count === 1}
        onClick={() => onRemove(index)}
        icon={<DeleteOutlineIcon fontSize="small" />}
      />
    </td>
  );
};

/** The first cell of a row editor's row: its number. */
export const RowNumberCell = ({ index }: { index: number }) => (
  <td>
    <Typography variant="body2" color="text.secondary" sx={{ pt: 1, textAlign: 'right' }}>
      {index + 1}
    </Typography>
  </td>
);

/** The row editor's add button under its rows ('Add Tier'), off at the most rows. */
export const AddRowButton = ({ text, disabled, onClick }: { text: string; disabled: boolean; onClick: () => void }) => (
  <Box>
    <Button size="small" startIcon={<AddIcon />} disabled={disabled} onClick={onClick}>
      {text}
    </Button>
  </Box>
);

/** The hidden header of the row controls' column. */
export const RowActionsHeader = ({ width, rowSpan }: { width: number; rowSpan?: number }) => (
  <th rowSpan={rowSpan} style={{ width }}>
    <span style={{ position: 'absolute', left: -9999 }}>Row actions</span>
  </th>
);

/**
 * The table of a row editor, named `label` for a screen reader and a test: its header rows (`head`, the number
 * column's first), then one row a field (`rowTestId`): its number, its own cells (`cells`) and its controls
 * (`controls`, RowControls); under it the add button (`add`: its text, the most rows, what it adds).
 */
export const RowTable = ({
  label,
  head,
  fields,
  rowTestId,
  spacedHead = false,
  cells,
  controls,
  add,
}: {
  label: string;
  head: ReactNode;
  fields: readonly { id: string }[];
  rowTestId: string;
  /** A little space under the header's texts. */
  spacedHead?: boolean;
  cells: (index: number) => ReactNode;
  controls: RowControlsProps;
  add: { text: string; most: number; onAdd: () => void };
}) => (
  <>
    <Box
      component="table"
      aria-label={label}
      sx={{
        borderCollapse: 'collapse',
        width: '100%',
        '& th': {
          textAlign: 'left',
          fontWeight: 600,
          fontSize: 13,
          color: 'text.secondary',
          px: 0.5,
          ...(spacedHead ? { pb: 0.5 } : {}),
        },
        '& th.group': { textAlign: 'center', borderBottom: 1, borderColor: 'divider' },
        '& td': { verticalAlign: 'top', px: 0.5, py: 0.5 },
      }}
    >
      <thead>{head}</thead>
      <tbody>
        {fields.map((field, i) => (
          <tr key={field.id} data-testid={rowTestId}>
            <RowNumberCell index={i} />
            {cells(i)}
            <RowControls {...controls} index={i} count={fields.length} />
          </tr>
        ))}
      </tbody>
    </Box>
    <AddRowButton text={add.text} disabled={fields.length >= add.most} onClick={add.onAdd} />
  </>
);
