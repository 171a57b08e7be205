import { useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import Box from '@mui/material/Box';
import { initialPageKey, nextPageKey } from '../../lib/in-page-navigation.ts';
import { isChromeHidden } from './chrome-visibility.ts';
import { HubConnection } from './hub-connection.tsx';
import { APP_BAR_HEIGHT, SIDE_MENU_OPEN_MIN_WIDTH } from './layout-constants.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The side menu's mode as the user last set it, kept in localStorage so it survives a reload; without a choice
 * the menu is open from 1280 px (spec 1 §2).
 */
const SIDE_MENU_OPEN_KEY = 'credence.sideMenuOpen';
const readSideMenuOpen = (): boolean | null => {
  try {
    const stored = window.localStorage.getItem(SIDE_MENU_OPEN_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null; // storage refused (private mode): the width rule applies
  }
};
const storeSideMenuOpen = (open: boolean) => {
  try {
    window.localStorage.setItem(SIDE_MENU_OPEN_KEY, String(open));
  } catch {
    // storage refused: the choice lasts until the page is left
  }
};
const initialSideMenuOpen = (): boolean => readSideMenuOpen() ?? window.innerWidth >= SIDE_MENU_OPEN_MIN_WIDTH;

const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of every shell page: hidden until focused, it moves focus to the page's main region. */
const SkipLink = () => (
  <Box
    component="a"
    href={`#${MAIN_CONTENT_ID}`}
    onClick={(event: MouseEvent) => {
      // Focus the region without a fragment navigation (which the router would read as a new location).
      event.preventDefault();
      document.getElementById(MAIN_CONTENT_ID)?.focus();
    }}
    sx={{
      position: 'fixed',
      left: 8,
      top: -48,
      zIndex: (theme) => theme.zIndex.tooltip + 1,
      px: 2,
      py: 1,
      borderRadius: 1,
      bgcolor: 'background.paper',
      color: 'primary.main',
      fontWeight: 600,
      boxShadow: 3,
      '&:focus': { top: 8, outline: '2px solid', outlineColor: 'primary.main' },
    }}
  >
    Skip to main content
  </Box>
);

/**
 * Top bar, side menu and the routed page. The page is keyed by the location key, so navigating to
 * the same URL remounts it: its data reloads and its form state resets (spec 1 §2). A page's own URL
 * updates (a queue's sort, filter and page) and Back/Forward within the same path keep it mounted.
 */
export const ShellLayout = () => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [pageKey, setPageKey] = useState(() => initialPageKey(location));
  const nextKey = nextPageKey(pageKey, location, navigationType);
  if (nextKey !== pageKey) setPageKey(nextKey);
  const [open, setOpen] = useState(initialSideMenuOpen);
  const setMenuOpen = (value: boolean) => {
    storeSideMenuOpen(value);
    setOpen(value);
  };

  if (isChromeHidden(location.pathname, location.search)) {
    return (
      <Box component="main" sx={{ minHeight: '100vh' }}>
        <Outlet key={nextKey.key} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <HubConnection />
      <TopBar />
      <SideMenu open={open} onToggle={() => setMenuOpen(!open)} onOpen={() => setMenuOpen(true)} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: `${APP_BAR_HEIGHT}px`, '&:focus': { outline: 'none' } }}
      >
        <Box sx={{ px: 3, py: 2.5 }}>
          <Outlet key={nextKey.key} />
        </Box>
      </Box>
    </Box>
  );
};
