import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { messages, type SearchFilterUserGroups } from '@credence/contracts';

type Group = SearchFilterUserGroups['userGroups'][number];

/** A user group as the Publish Filter dialog names it: disabled ones end with '(Disabled)'. */
export const userGroupLabel = (group: Group): string =>
  group.enabled ? group.name : `${group.name} ${messages.searchFilters.disabledGroup}`;

type UserGroupsSelectProps = {
  groups: readonly Group[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
  label?: string;
  disabled?: boolean;
};

/** Multi-select of the lender's user groups, with a check box per group. */
export const UserGroupsSelect = ({
  groups,
  value,
  onChange,
  error,
  label = 'User Groups',
  disabled,
}: UserGroupsSelectProps) => {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const labelId = 'user-groups-select-label';
  return (
    <FormControl fullWidth error={!!error} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<number[]>
        labelId={labelId}
        multiple
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',').map(Number) : next);
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(ids) =>
          ids
            .map((id) => byId.get(id))
            .filter((g): g is Group => g !== undefined)
            .map(userGroupLabel)
            .join(', ')
        }
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
      >
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id} dense>
            <Checkbox size="small" checked={value.includes(group.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText
              primary={userGroupLabel(group)}
              slotProps={{ primary: { color: group.enabled ? 'text.primary' : 'text.secondary' } }}
            />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
};
