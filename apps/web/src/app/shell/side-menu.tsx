import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { LazyTooltip as Tooltip } from '../../lib/lazy-overlays.tsx';
import type { Theme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isPaymentCalculatorUrl, openPaymentCalculator } from '../../lib/payment-calculator-window.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { menuIcon } from './menu-icons.ts';
import { useMenu, useUsefulLinks } from './shell-api.ts';
import { SideMenuSearch } from './side-menu-search.tsx';
import { buildMenuModel, isActiveHref, isAdminPath, type MenuEntry, type MenuInputs } from './side-menu-model.ts';
import { APP_BAR_HEIGHT, SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from './layout-constants.ts';

/** Spec 1 §9: the menu is rebuilt 100 ms after its inputs settle. */
const MENU_REBUILD_DEBOUNCE_MS = 100;

/** The collapsed menu shows only the icon and its count badge: the name says both (axe label-content-name-mismatch). */
const collapsedName = (entry: MenuEntry) =>
  entry.kind === 'link' && entry.count !== null && entry.count > 0
    ? `${entry.name}, ${entry.count > 999 ? '999+' : entry.count}`
    : entry.name;

const openExternal = (href: string) => window.open(href, '_blank', 'noopener');

type SideMenuProps = { open: boolean; onToggle: () => void; onOpen: () => void };

export const SideMenu = ({ open, onToggle, onOpen }: SideMenuProps) => {
  const { data: user } = useCurrentUser();
  const menu = useMenu();
  const usefulLinks = useUsefulLinks();
  const location = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());

  const inputs = useMemo<MenuInputs>(
    () => ({ menu: menu.data, usefulLinks: usefulLinks.data, rights: user?.rights, lenderId: user?.currentLender.id }),
    [menu.data, usefulLinks.data, user?.rights, user?.currentLender.id],
  );
  const settledInputs = useDebouncedValue(inputs, MENU_REBUILD_DEBOUNCE_MS);
  const model = useMemo(() => buildMenuModel(settledInputs), [settledInputs]);
  const adminMode = isAdminPath(location.pathname);
  const entries = adminMode ? model.administration : model.main;

  const toggleGroup = (key: string) => {
    if (!open) {
      onOpen();
      setClosedGroups((prev) => new Set([...prev].filter((k) => k !== key)));
      return;
    }
    setClosedGroups((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const onLinkClick = (event: MouseEvent, entry: MenuEntry) => {
    if ((entry.kind === 'link' || entry.kind === 'enterAdmin') && isPaymentCalculatorUrl(entry.href)) {
      event.preventDefault();
      openPaymentCalculator();
    }
  };

  const renderEntry = (entry: MenuEntry, depth: number) => {
    const Icon = menuIcon(entry.iconName);
    const tooltip = open ? entry.tooltip : entry.name;
    const iconNode = (
      <ListItemIcon sx={{ minWidth: open ? 36 : 0, color: 'inherit', flexDirection: 'column', alignItems: 'center' }}>
        <Icon fontSize="small" />
        {!open && entry.kind === 'link' && entry.count !== null && entry.count > 0 ? (
          // Collapsed, the count sits under the icon, never over it.
          <Box
            component="span"
            data-testid="menu-count-collapsed"
            sx={{
              mt: '1px',
              px: 0.5,
              minWidth: 18,
              borderRadius: 10,
              fontSize: 10,
              fontWeight: 600,
              lineHeight: '14px',
              textAlign: 'center',
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
            }}
          >
            {entry.count > 999 ? '999+' : entry.count}
          </Box>
        ) : null}
      </ListItemIcon>
    );
    const text = open ? (
      <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, sx: { fontSize: 13 } } }} />
    ) : null;
    const itemSx = {
      minHeight: 36,
      pl: open ? 1.5 + depth * 2 : 1,
      pr: open ? 1.5 : 1,
      justifyContent: open ? 'initial' : 'center',
    };

    if (entry.kind === 'group') {
      const expanded = open && !closedGroups.has(entry.key);
      return (
        <Box key={entry.key}>
          <Tooltip title={tooltip} placement="right" disableInteractive>
            <ListItemButton
              sx={itemSx}
              onClick={() => toggleGroup(entry.key)}
              aria-expanded={entry.children.length > 0 ? expanded : undefined}
              aria-label={open ? undefined : entry.name}
            >
              {iconNode}
              {text}
              {open && entry.children.length > 0 ? (
                expanded ? (
                  <ExpandLessIcon fontSize="small" />
                ) : (
                  <ExpandMoreIcon fontSize="small" />
                )
              ) : null}
            </ListItemButton>
          </Tooltip>
          <Collapse in={expanded} timeout="auto" unmountOnExit>
            <List disablePadding dense>
              {entry.children.map((child) => (
                <Box component="li" key={child.key}>
                  {renderEntry(child, depth + 1)}
                </Box>
              ))}
            </List>
          </Collapse>
        </Box>
      );
    }

    if (entry.kind === 'external') {
      return (
        <Tooltip key={entry.key} title={tooltip} placement="right" disableInteractive>
          <ListItemButton
            component="a"
            href={entry.href}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              openExternal(entry.href);
            }}
            sx={itemSx}
            aria-label={open ? undefined : entry.name}
          >
            {iconNode}
            {text}
            {open ? <OpenInNewIcon sx={{ fontSize: 14, color: 'text.secondary' }} /> : null}
          </ListItemButton>
        </Tooltip>
      );
    }

    const active =
      entry.kind === 'enterAdmin'
        ? adminMode
        : entry.kind === 'exitAdmin'
          ? false
          : isActiveHref(entry.href, location.pathname, location.search);
    return (
      <Tooltip key={entry.key} title={tooltip} placement="right" disableInteractive>
        <ListItemButton
          component={RouterLink}
          to={entry.href}
          selected={active}
          aria-current={active ? 'page' : undefined}
          aria-label={open ? undefined : collapsedName(entry)}
          onClick={(event: MouseEvent) => onLinkClick(event, entry)}
          sx={itemSx}
        >
          {iconNode}
          {text}
          {open && entry.kind === 'link' && entry.count !== null ? (
            <Box
              component="span"
              data-testid="menu-count"
              sx={{
                ml: 1,
                px: 0.75,
                minWidth: 24,
                textAlign: 'center',
                borderRadius: 10,
                fontSize: 12,
                fontWeight: 600,
                bgcolor: active ? 'primary.main' : 'action.selected',
                color: active ? 'primary.contrastText' : 'text.primary', // text.secondary is < 4.5:1 on hover
              }}
            >
              {entry.count}
            </Box>
          ) : null}
        </ListItemButton>
      </Tooltip>
    );
  };

  const width = open ? SIDE_MENU_WIDTH : SIDE_MENU_COLLAPSED_WIDTH;
  const widthTransition = (theme: Theme) =>
    theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.shorter,
    });

  return (
    <Drawer
      variant="permanent"
      data-testid="side-menu"
      data-state={open ? 'expanded' : 'collapsed'}
      sx={{
        width,
        flexShrink: 0,
        transition: widthTransition,
        '& .MuiDrawer-paper': {
          width,
          top: APP_BAR_HEIGHT,
          height: `calc(100% - ${APP_BAR_HEIGHT}px)`,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: widthTransition,
          borderRight: 1,
          borderColor: 'divider',
        },
      }}
    >
      <Box component="nav" aria-label="Main menu">
        <Box
          sx={{
            display: 'flex',
            flexDirection: open ? 'row' : 'column',
            alignItems: 'center',
            gap: 0.5,
            px: open ? 1.5 : 0.5,
            pt: 1.25,
            pb: 1,
          }}
        >
          {open ? <SideMenuSearch inputRef={searchRef} /> : null}
          <Tooltip title={open ? 'Collapse menu' : 'Expand menu'} placement="right" disableInteractive>
            <IconButton onClick={onToggle} aria-label={open ? 'Collapse menu' : 'Expand menu'} size="small">
              {open ? <ChevronLeftIcon /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
          {!open ? (
            <Tooltip title="Search" placement="right" disableInteractive>
              <IconButton
                aria-label="Search"
                size="small"
                onClick={() => {
                  onOpen();
                  window.setTimeout(() => searchRef.current?.focus(), 250);
                }}
              >
                <SearchIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
        <Divider />
        {menu.isPending ? <LinearProgress aria-label="Loading menu" sx={{ height: 2 }} /> : null}
        {/* A real list: every entry, link or group, is an <li> (axe: an <a> directly inside a list is invalid). */}
        <List dense sx={{ py: 0.5, '& .Mui-selected': { fontWeight: 600 } }}>
          {entries.map((entry, index) => {
            const previous = entries[index - 1];
            const needsDivider =
              index > 0 && (entry.kind === 'group' || entry.kind === 'enterAdmin') && previous?.kind !== 'group';
            return (
              <Box component="li" key={entry.key}>
                {needsDivider || (index > 0 && previous?.kind === 'exitAdmin') ? <Divider sx={{ my: 0.5 }} /> : null}
                {renderEntry(entry, 0)}
              </Box>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
};
