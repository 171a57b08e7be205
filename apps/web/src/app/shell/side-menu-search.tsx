import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import OutlinedInput from '@mui/material/OutlinedInput';
import { LazyPopper as Popper, LazyTooltip as Tooltip } from '../../lib/lazy-overlays.tsx';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import SearchIcon from '@mui/icons-material/Search';
import { messages, SEARCH_MAX_LENGTH, type RecentApplication } from '@credence/contracts';
import { worksheetPathForState } from '@credence/domain';
import { lookupApplication, useRecentApplications } from './shell-api.ts';

const POPUP_WIDTH = 340;

/** The highlighted row after an arrow key: -1 is the search box itself; the ends wrap. */
export const nextHighlight = (current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number => {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
};

/**
 * The side-menu search box (spec 1 §2, §5): focusing or typing opens 'Recent Applications' (throttled);
 * a row opens that application by its state; Enter runs the sales lookup; Escape closes the popup; the arrow
 * keys move through the rows.
 */
export const SideMenuSearch = ({ inputRef }: { inputRef: Ref<HTMLInputElement> }) => {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [looking, setLooking] = useState(false);
  const recent = useRecentApplications(open);
  const rows = recent.data ?? [];

  const show = () => {
    setOpen(true);
    setHighlight(-1);
  };
  const close = () => {
    setOpen(false);
    setHighlight(-1);
  };

  const openApplication = (row: RecentApplication) => {
    close();
    void navigate(worksheetPathForState(row.state, row.applicationId));
  };

  const lookup = async () => {
    const value = text.trim();
    if (!value || looking) return;
    setLooking(true);
    try {
      const target = await lookupApplication(value);
      close();
      void navigate(target);
    } finally {
      setLooking(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) show();
        setHighlight((current) => nextHighlight(current, rows.length, event.key as 'ArrowDown' | 'ArrowUp'));
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      case 'Enter': {
        event.preventDefault();
        const row = open && highlight >= 0 ? rows[highlight] : undefined;
        if (row) openApplication(row);
        else void lookup();
        return;
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <>
      {/* OutlinedInput, not TextField: TextField brings Select, Menu and Modal into the shell's first load. */}
      <OutlinedInput
        ref={setAnchor}
        inputRef={inputRef}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (!open) show();
        }}
        onFocus={show}
        onClick={() => {
          if (!open) show();
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
        placeholder={messages.queues.searchPlaceholder}
        fullWidth
        inputProps={{
          maxLength: SEARCH_MAX_LENGTH,
          'aria-label': 'Search',
          role: 'combobox',
          'aria-expanded': open,
          'aria-controls': open ? listId : undefined,
          'aria-autocomplete': 'none',
          'aria-activedescendant': open && highlight >= 0 ? optionId(highlight) : undefined,
        }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        endAdornment={
          looking ? (
            <InputAdornment position="end">
              <CircularProgress size={14} aria-label="Searching" />
            </InputAdornment>
          ) : undefined
        }
      />
      <Popper
        open={open && anchor !== null}
        anchorEl={anchor}
        placement="bottom-start"
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
      >
        <Paper
          elevation={8}
          data-testid="recent-applications"
          // Clicks inside keep the focus in the search box (so the popup does not close before the click).
          onMouseDown={(event) => event.preventDefault()}
          sx={{ width: POPUP_WIDTH, maxWidth: '90vw', overflow: 'hidden' }}
        >
          <Typography
            variant="subtitle2"
            component="h2"
            sx={{ px: 2, pt: 1.25, pb: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            {messages.queues.recentApplications}
          </Typography>
          {recent.isFetching && rows.length === 0 ? (
            <LinearProgress aria-label="Loading recent applications" sx={{ height: 2 }} />
          ) : null}
          {recent.isSuccess && rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              {messages.queues.noRecentApplications}
            </Typography>
          ) : null}
          {recent.isError && rows.length === 0 ? (
            <Typography variant="body2" color="error" sx={{ px: 2, py: 1.5 }}>
              {messages.errors.backend}
            </Typography>
          ) : null}
          {rows.length > 0 ? (
            <List
              id={listId}
              role="listbox"
              aria-label={messages.queues.recentApplications}
              dense
              disablePadding
              sx={{ maxHeight: 360, overflowY: 'auto', py: 0.5 }}
            >
              {rows.map((row, index) => (
                <RecentRow
                  key={row.applicationId}
                  id={optionId(index)}
                  row={row}
                  selected={index === highlight}
                  onOpen={() => openApplication(row)}
                  onHover={() => setHighlight(index)}
                />
              ))}
            </List>
          ) : null}
        </Paper>
      </Popper>
    </>
  );
};

type RecentRowProps = {
  id: string;
  row: RecentApplication;
  selected: boolean;
  onOpen: () => void;
  onHover: () => void;
};

/** One recent application: id, applicant and loan product, and who holds its lock. */
const RecentRow = ({ id, row, selected, onOpen, onHover }: RecentRowProps) => {
  const applicant = row.applicantName ?? 'No applicant';
  return (
    <ListItemButton
      id={id}
      role="option"
      aria-selected={selected}
      selected={selected}
      onClick={onOpen}
      onMouseEnter={onHover}
      data-testid="recent-application"
      sx={{ px: 2, py: 0.75, alignItems: 'flex-start', gap: 1 }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
            {row.applicationId}
          </Typography>
          <Typography variant="body2" noWrap title={applicant}>
            {applicant}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {row.loanProduct}
        </Typography>
      </Box>
      {row.lockingUser ? (
        <Tooltip title={messages.queues.lockedBy(row.lockingUser)} placement="right" disableInteractive>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.25,
              color: 'warning.main',
              flexShrink: 0,
              maxWidth: 120,
            }}
            aria-label={messages.queues.lockedBy(row.lockingUser)}
          >
            <LockIcon sx={{ fontSize: 14 }} />
            <Typography variant="caption" noWrap>
              {row.lockingUser}
            </Typography>
          </Box>
        </Tooltip>
      ) : null}
    </ListItemButton>
  );
};
