import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { LazyPopover as Popover } from '../../lib/lazy-overlays.tsx';
import { useUnreadNotifications } from './shell-api.ts';

/** The card's content loads when the bell is first pointed at or opened (scripts/size-budget.mjs). */
const loadCard = () => import('./notifications-card.tsx');
const NotificationsCard = lazy(loadCard);

/** The bell with the unread count (spec 1 §2 'Top bar'); it opens the notifications card. */
export const NotificationsBell = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useUnreadNotifications(true);
  useCloseOnCloseAllDialogs(() => setAnchor(null));
  const total = notifications.data?.total ?? 0;
  // The badge shows at most 99+; the accessible name says the same count, so what is seen is what is heard.
  // With nothing unread the badge is empty (a hidden badge would still hold a "0" that screen readers find).
  const shownCount = total > 99 ? '99+' : String(total);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={total > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadCard().catch(() => undefined)}
        onFocus={() => void loadCard().catch(() => undefined)}
        // The card reads the notifications again when it opens, and the badge with them.
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={total > 0 ? total : undefined} color="error" max={99} data-testid="notifications-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { minWidth: 400, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(600px, calc(100vh - 96px))' },
            role: 'dialog',
            'aria-label': 'Notifications',
          },
        }}
      >
        <Suspense fallback={<Box sx={{ width: 400, height: 120 }} />}>
          <NotificationsCard onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
};
