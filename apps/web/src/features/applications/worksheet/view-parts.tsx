import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';

/** A card of the worksheet with its title and an Edit button (disabled without the lock). */
export const WorksheetCard = ({
  title,
  onEdit,
  editLabel,
  canEdit,
  readOnlyReason,
  children,
  testId,
  actions,
}: {
  title: string;
  onEdit?: () => void;
  editLabel?: string;
  canEdit?: boolean;
  readOnlyReason?: string | null;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
}) => (
  <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title} data-testid={testId}>
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
      {onEdit ? (
        <Tooltip title={canEdit ? '' : (readOnlyReason ?? '')}>
          <span>
            <Button
              size="small"
              variant="outlined"
              startIcon={<EditIcon />}
              onClick={onEdit}
              disabled={!canEdit}
              aria-label={editLabel ?? `Edit ${title}`}
            >
              Edit
            </Button>
          </span>
        </Tooltip>
      ) : null}
    </Box>
    {children}
  </Paper>
);

export type Item = { label: string; value: ReactNode; strong?: boolean; testId?: string };

/** Label / value pairs in columns; empty values show a dash. */
export const DataList = ({ items, min = 170 }: { items: readonly (Item | null | false)[]; min?: number }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
      columnGap: 2,
      rowGap: 1.25,
    }}
  >
    {items
      .filter((item): item is Item => !!item)
      .map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography
            component="dt"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', lineHeight: 1.3 }}
          >
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            data-testid={item.testId}
            sx={{
              m: 0,
              fontWeight: item.strong ? 700 : 500,
              overflowWrap: 'anywhere',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
  </Box>
);

/** A small heading inside a card. */
export const SubHeading = ({ children }: { children: ReactNode }) => (
  <Typography
    variant="overline"
    component="h3"
    sx={{ display: 'block', color: 'primary.dark', fontWeight: 700, lineHeight: 1.6, mt: 1.5, mb: 0.5 }}
  >
    {children}
  </Typography>
);

/** Lines of text (addresses, phones…), or a muted 'None'. */
export const Lines = ({ lines }: { lines: readonly ReactNode[] }) =>
  lines.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      None
    </Typography>
  ) : (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {lines.map((line, i) => (
        <Typography component="li" variant="body2" key={i} sx={{ py: 0.125 }}>
          {line}
        </Typography>
      ))}
    </Box>
  );

/** 2026-03-05 -> 03/05/2026 (spec 3 §9 dates MM/dd/yyyy). */
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
};
