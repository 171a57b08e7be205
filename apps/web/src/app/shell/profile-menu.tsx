import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import { LazyMenu as Menu } from '../../lib/lazy-overlays.tsx';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { messages, type CurrentUser } from '@credence/contracts';
import { confirm, useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { initialsOf } from '../../lib/initials.ts';
import { useLogout } from '../../lib/use-logout.ts';

/** Profile button (avatar, or a default avatar with initials, and name) with Profile and Sign out. */
export const ProfileMenu = ({ user }: { user: CurrentUser }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  useCloseOnCloseAllDialogs(() => setAnchor(null));

  const signOut = async () => {
    setAnchor(null);
    if (await confirm({ title: messages.shell.signOutTitle, message: messages.shell.signOutQuestion })) await logout();
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'profile-menu' : undefined}
        sx={{ gap: 1, px: 1, fontWeight: 500 }}
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          aria-hidden
          sx={{ width: 30, height: 30, fontSize: 13, bgcolor: 'secondary.main' }}
        >
          {initialsOf(user.fullName || user.name)}
        </Avatar>
        {user.name}
      </Button>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/profile');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
};
