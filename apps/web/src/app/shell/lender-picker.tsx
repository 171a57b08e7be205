import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CurrentUser } from '@credence/contracts';
import { currentUserQueryKey } from '../../lib/current-user.ts';
import { bumpSessionEpoch } from '../../lib/session-store.ts';
import { isLenderBoundArea } from './chrome-visibility.ts';
import { switchLender } from './shell-api.ts';

const onDark = {
  minWidth: 200,
  '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'rgba(255,255,255,0.8)' },
  '& .MuiOutlinedInput-root': {
    color: '#fff',
    '& fieldset': { borderColor: 'rgba(255,255,255,0.45)' },
    '&:hover fieldset': { borderColor: 'rgba(255,255,255,0.8)' },
    '&.Mui-focused fieldset': { borderColor: '#fff' },
  },
  '& .MuiSelect-icon': { color: '#fff' },
} as const;

/**
 * Lender picker (spec 1 §2, §4): only for users with more than one lender. Choosing the home lender
 * ends impersonation, any other lender is impersonated. Afterwards the caches are cleared, the
 * signed-in area is rebuilt (menu and user reload) and lender-bound areas return home.
 */
export const LenderPicker = ({ user }: { user: CurrentUser }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: switchLender,
    onSuccess: async (updated) => {
      if (isLenderBoundArea(location.pathname)) await navigate('/home');
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, updated);
      bumpSessionEpoch();
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });

  if (user.lenders.length <= 1) return null;
  return (
    <>
      {user.impersonating ? <Chip label="Impersonating" size="small" color="warning" sx={{ fontWeight: 600 }} /> : null}
      <TextField
        select
        label="Lender"
        value={user.currentLender.id}
        disabled={mutation.isPending}
        onChange={(event) => {
          const lenderId = Number(event.target.value);
          if (lenderId !== user.currentLender.id) mutation.mutate(lenderId);
        }}
        sx={onDark}
      >
        {user.lenders.map((lender) => (
          <MenuItem key={lender.id} value={lender.id}>
            {lender.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
};
