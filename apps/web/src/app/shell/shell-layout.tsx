import { useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import Box from '@mui/material/Box';
import { initialPageKey, nextPageKey } from '../../lib/in-page-navigation.ts';
import { isChromeHidden } from './chrome-visibility.ts';
import { APP_BAR_HEIGHT, SIDE_MENU_OPEN_MIN_WIDTH } from './layout-constants.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

/** The side menu's mode outlives remounts of the shell (lender switch) but not a page load. */
let sideMenuOpen: boolean | null = null;
const initialSideMenuOpen = (): boolean => sideMenuOpen ?? window.innerWidth >= SIDE_MENU_OPEN_MIN_WIDTH;

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
    sideMenuOpen = value;
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
      <TopBar />
      <SideMenu open={open} onToggle={() => setMenuOpen(!open)} onOpen={() => setMenuOpen(true)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${APP_BAR_HEIGHT}px` }}>
        <Box sx={{ px: 3, py: 2.5 }}>
          <Outlet key={nextKey.key} />
        </Box>
      </Box>
    </Box>
  );
};
