import { createContext, useContext, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ClearIcon from '@mui/icons-material/Clear';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  ColumnsPanelTrigger,
  FilterPanelTrigger,
  gridDensitySelector,
  QuickFilter,
  QuickFilterClear,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
  useGridApiContext,
  useGridSelector,
} from '@mui/x-data-grid';
import { SEARCH_MAX_LENGTH } from '@credence/contracts';
import { queueDensities, type QueueDensity } from './grid-settings.ts';

/** What the page adds to the grid's toolbar (Export CSV, Save Filter / Save Queue). */
export type QueueToolbarExtras = { actions: ReactNode; filterDisabled: boolean };
export const QueueToolbarContext = createContext<QueueToolbarExtras>({ actions: null, filterDisabled: false });

const densityLabels: Record<QueueDensity, string> = {
  compact: 'Compact',
  standard: 'Standard',
  comfortable: 'Comfortable',
};

/** The whole text is one value: the server looks it up as typed (id, member number, SSN, names). */
const parseText = (input: string) => (input.trim() ? [input.trim()] : []);
const formatText = (values: unknown[]) => values.map(String).join(' ');

const DensityMenu = () => {
  const apiRef = useGridApiContext();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Density">
        <ToolbarButton
          aria-label="Density"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <DensityMediumIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {queueDensities.map((option) => (
          <MenuItem
            key={option}
            selected={option === density}
            onClick={() => {
              apiRef.current.setDensity(option);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{option === density ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{densityLabels[option]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** The queue grid's toolbar: columns, filters, density, the search text, then the page's actions. */
export const QueueToolbar = () => {
  const { actions, filterDisabled } = useContext(QueueToolbarContext);
  return (
    <Toolbar>
      <Tooltip title="Columns">
        <ColumnsPanelTrigger render={<ToolbarButton aria-label="Columns" />}>
          <ViewColumnIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      {filterDisabled ? null : (
        <Tooltip title="Filters">
          <FilterPanelTrigger
            render={(props, state) => (
              <ToolbarButton {...props} aria-label="Filters" color={state.filterCount > 0 ? 'primary' : 'default'}>
                <Badge badgeContent={state.filterCount} color="primary" variant="dot">
                  <FilterListIcon fontSize="small" />
                </Badge>
              </ToolbarButton>
            )}
          />
        </Tooltip>
      )}
      <DensityMenu />
      <QuickFilter parser={parseText} formatter={formatText} debounceMs={500} expanded>
        <QuickFilterControl
          render={({ ref, ...controlProps }, state) => (
            <TextField
              {...controlProps}
              inputRef={ref}
              size="small"
              placeholder="Search"
              aria-label="Search applications"
              sx={{ width: 220, ml: 1 }}
              slotProps={{
                htmlInput: { maxLength: SEARCH_MAX_LENGTH },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: state.value ? (
                    <InputAdornment position="end">
                      <QuickFilterClear render={<ToolbarButton aria-label="Clear search" size="small" edge="end" />}>
                        <ClearIcon fontSize="small" />
                      </QuickFilterClear>
                    </InputAdornment>
                  ) : null,
                },
              }}
            />
          )}
        />
      </QuickFilter>
      <Box sx={{ flex: 1 }} />
      {actions}
    </Toolbar>
  );
};
