import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { SvgIconComponent } from '@mui/icons-material';
import CheckIcon from '@mui/icons-material/Check';
import OpenInBrowserIcon from '@mui/icons-material/OpenInBrowser';
import type { SearchFilter } from '@credence/contracts';

/** Where a saved filter or queue opens: the All Applications queue with its id (spec 1 §2). */
export const filterHref = (id: number): string => `/allApplicationsQueue?filterId=${id}`;

export const typeLabel = (filter: Pick<SearchFilter, 'type'>): string => (filter.type === 'queue' ? 'Queue' : 'Filter');

export const TypeChip = ({ filter }: { filter: Pick<SearchFilter, 'type'> }) => (
  <Chip
    size="small"
    variant="outlined"
    color={filter.type === 'queue' ? 'secondary' : 'default'}
    label={typeLabel(filter)}
  />
);

export const EnabledChip = ({ enabled }: { enabled: boolean }) => (
  <Chip size="small" color={enabled ? 'success' : 'default'} label={enabled ? 'Enabled' : 'Disabled'} />
);

export const YesMark = ({ value, label }: { value: boolean; label: string }) =>
  value ? (
    <CheckIcon fontSize="small" color="primary" aria-label={label} />
  ) : (
    <span aria-label={`Not ${label}`}>—</span>
  );

export const groupsText = (count: number): string => (count === 0 ? '—' : count === 1 ? '1 group' : `${count} groups`);

type ActionProps = {
  label: string;
  icon: SvgIconComponent;
  onClick?: () => void;
  disabled?: boolean;
  color?: 'default' | 'primary' | 'error' | 'warning' | 'success';
};

/** An icon action of a row: its name as tooltip and accessible name. */
export const RowAction = ({ label, icon: Icon, onClick, disabled, color = 'default' }: ActionProps) => (
  <Tooltip title={label} disableInteractive>
    <span>
      <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
        <Icon fontSize="small" />
      </IconButton>
    </span>
  </Tooltip>
);

export const OpenAction = ({ id }: { id: number }) => (
  <Tooltip title="Open" disableInteractive>
    <IconButton size="small" aria-label="Open" component={RouterLink} to={filterHref(id)}>
      <OpenInBrowserIcon fontSize="small" />
    </IconButton>
  </Tooltip>
);
