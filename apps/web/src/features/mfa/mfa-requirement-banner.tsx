import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { mfaMessages, mfaRequirements, type MfaRequirement } from '@credence/contracts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { mfaApi } from './api.ts';

const settingsKey = ['mfa-settings'] as const;

/**
 * The administration home's banner (issue 36): when the lender's MFA requirement is off it says so; an
 * administrator who manages users chooses the requirement here (audited on the server).
 */
export const MfaRequirementBanner = () => {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: mfaApi.settings, meta: { silentError: true } });
  const save = useMutation({
    mutationFn: (mfaRequirement: MfaRequirement) => mfaApi.saveSettings({ mfaRequirement }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
  const requirement = settings.data?.mfaRequirement;
  if (!requirement) return null;
  const mayChange = !!user?.rights.includes('canManageUsers');
  const select = mayChange ? (
    <TextField
      select
      size="small"
      label="Multi-factor authentication"
      value={requirement}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.target.value as MfaRequirement)}
      sx={{ minWidth: 340 }}
    >
      {mfaRequirements.map((value) => (
        <MenuItem key={value} value={value}>
          {mfaMessages.requirementLabels[value]}
        </MenuItem>
      ))}
    </TextField>
  ) : null;
  return (
    <Stack spacing={2} sx={{ mb: 2, maxWidth: 900, alignItems: 'flex-start' }}>
      {requirement === 'off' ? (
        <Alert severity="warning" data-testid="mfa-off-banner">
          {mfaMessages.requirementOff}
        </Alert>
      ) : null}
      {select}
    </Stack>
  );
};
