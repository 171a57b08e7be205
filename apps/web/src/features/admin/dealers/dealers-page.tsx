import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { messages, type Dealer } from '@credence/contracts';
import { PageTitle } from '../../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { useDealers } from './api.ts';
import { DealerDialog } from './dealer-dialog.tsx';

const phone = (digits: string | null) =>
  digits && digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (digits ?? '');
const address = (d: Dealer) =>
  [
    [d.addressLine1, d.addressLine2].filter(Boolean).join(', '),
    [d.city, [d.state, d.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(', ');

/** Administration › Dealers (/admin/dealers): the lender's dealers; add and edit them in a dialog. */
export const DealersPage = () => {
  const { data: user } = useCurrentUser();
  const allowed = hasRight(user, 'canManageDealers');
  const { data: dealers, isPending, isError } = useDealers();
  const [editing, setEditing] = useState<Dealer | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    const list = [...(dealers ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    return text
      ? list.filter((d) =>
          [d.name, d.city, d.state, d.mainContactName, d.mainContactEmail].some((v) => v?.toLowerCase().includes(text)),
        )
      : list;
  }, [dealers, search]);

  if (user && !allowed) {
    return (
      <>
        <PageTitle>Dealers</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }

  return (
    <>
      <PageTitle
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} size="small">
            Add Dealer
          </Button>
        }
      >
        Dealers
      </PageTitle>
      <Paper variant="outlined">
        <Box sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
          <TextField
            placeholder="Search dealers"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: 320 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': 'Search dealers', maxLength: 200 },
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {dealers ? `${shown.length} of ${dealers.length}` : ''}
          </Typography>
        </Box>
        {isPending ? (
          <Box sx={{ p: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : isError ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {messages.dealers.retrieveFailed}
          </Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Dealers">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Address</TableCell>
                  <TableCell>Phone</TableCell>
                  <TableCell>Fax</TableCell>
                  <TableCell>Main Contact</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <Typography color="text.secondary">No dealers.</Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
                {shown.map((d) => (
                  <TableRow key={d.id} hover data-testid="dealer-row">
                    <TableCell sx={{ fontWeight: 600 }}>{d.name}</TableCell>
                    <TableCell>{address(d)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{phone(d.phoneNumber)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{phone(d.faxNumber)}</TableCell>
                    <TableCell>
                      {d.mainContactName}
                      {d.mainContactEmail ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {d.mainContactEmail}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={d.enabled ? 'Enabled' : 'Disabled'}
                        color={d.enabled ? 'success' : 'default'}
                        variant="outlined"
                      />
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title="Edit">
                        <IconButton aria-label={`Edit ${d.name}`} size="small" onClick={() => setEditing(d)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {editing ? <DealerDialog dealer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
};
