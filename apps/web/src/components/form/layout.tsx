import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';

/** Inputs laid out in columns of at least `min` px, as many as fit. */
export const FieldGrid = ({ children, min = 190 }: { children: ReactNode; min?: number }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
      gap: 1.5,
      alignItems: 'start',
    }}
  >
    {children}
  </Box>
);

/** A titled part of a form, with an optional add button. */
export const FormSection = ({
  title,
  children,
  onAdd,
  addLabel,
  disabled,
  empty,
}: {
  title: string;
  children: ReactNode;
  onAdd?: () => void;
  addLabel?: string;
  disabled?: boolean;
  /** Shown when the section has no rows. */
  empty?: string;
}) => (
  <Box component="section" aria-label={title} sx={{ mb: 2.5 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
        {title}
      </Typography>
      <Box sx={{ flexGrow: 1, borderBottom: 1, borderColor: 'divider' }} />
      {onAdd ? (
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={disabled}>
          {addLabel ?? 'Add'}
        </Button>
      ) : null}
    </Box>
    {children}
    {empty ? (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {empty}
      </Typography>
    ) : null}
  </Box>
);

/** One row of a list in a form (an address, a phone…) with its remove button. */
export const FormRow = ({
  children,
  onRemove,
  removeLabel,
  disabled,
}: {
  children: ReactNode;
  onRemove?: () => void;
  removeLabel: string;
  disabled?: boolean;
}) => (
  <Paper variant="outlined" sx={{ p: 1.5, pr: 0.5, mb: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    {onRemove ? (
      <Tooltip title={removeLabel}>
        <span>
          <IconButton aria-label={removeLabel} onClick={onRemove} disabled={disabled} size="small">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    ) : null}
  </Paper>
);
