import { lazy, Suspense } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import AddIcon from '@mui/icons-material/Add';
import { BrandMark, BrandName } from '../../components/brand-logo.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { APP_BAR_HEIGHT } from './layout-constants.ts';
import { NotificationsBell } from './notifications-bell.tsx';
import { ProfileMenu } from './profile-menu.tsx';

/** Only users with more than one lender see the picker: its select (Menu, Modal) stays out of the first load. */
const LenderPicker = lazy(() => import('./lender-picker.tsx').then((module) => ({ default: module.LenderPicker })));

export const TopBar = () => {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar
        variant="dense"
        sx={{ minHeight: APP_BAR_HEIGHT, height: APP_BAR_HEIGHT, gap: 1.5, px: { xs: 1.5, sm: 2 } }}
        disableGutters
      >
        <Box
          component={RouterLink}
          to="/home"
          aria-label="Credence home"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 1 }}
        >
          <BrandMark size={28} inverted />
          <BrandName />
        </Box>
        <Button
          onClick={() => void navigate('/application')}
          variant="contained"
          color="secondary"
          size="small"
          startIcon={<AddIcon />}
        >
          New Application
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            {user.lenders.length > 1 ? (
              <Suspense fallback={null}>
                <LenderPicker user={user} />
              </Suspense>
            ) : null}
            {hasRight(user, 'canReceiveNotifications') ? <NotificationsBell /> : null}
            <ProfileMenu user={user} />
          </>
        ) : null}
      </Toolbar>
    </AppBar>
  );
};
