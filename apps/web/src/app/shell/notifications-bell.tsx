import { messages } from '@credence/contracts';
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { LazyPopover as Popover } from '../../lib/lazy-overlays.tsx';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { useUnreadNotifications } from './shell-api.ts';

/** The bell with the unread count; a simple list until the notifications card is built. */
export const NotificationsBell = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useUnreadNotifications(true);
  useCloseOnCloseAllDialogs(() => setAnchor(null));
  const total = notifications.data?.total ?? 0;
  const items = notifications.data?.data ?? [];
  // The badge shows at most 99+; the accessible name says the same count, so what is seen is what is heard.
  // With nothing unread the badge is empty (a hidden badge would still hold a "0" that screen readers find).
  const shownCount = total > 99 ? '99+' : String(total);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={total > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          void notifications.refetch();
        }}
      >
        <Badge badgeContent={total > 0 ? total : undefined} color="error" max={99} data-testid="notifications-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 400, maxHeight: 480 }, role: 'dialog', 'aria-label': 'Notifications' } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="h6" component="h2">
            Notifications
          </Typography>
        </Box>
        <Divider />
        {items.length === 0 ? (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            {messages.shell.noNotifications}
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.map((item) => (
              <ListItem key={item.id} divider alignItems="flex-start">
                <ListItemText
                  primary={item.applicationId ? `${item.subject} - App Id ${item.applicationId}` : item.subject}
                  secondary={item.description}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
};
