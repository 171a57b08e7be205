import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '@credence/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSsnLookups } from './api.ts';

/**
 * The SSN-lookup log (issue 10): every search by SSN, who ran it, when, and which applications it matched —
 * never the SSN itself. The second tab of Audit History.
 */
export const SsnLookupsPanel = () => {
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const { data, isError } = useSsnLookups({ fromDate, toDate, page, pageSize });

  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        SSN Lookups
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every search by Social Security number, with the user and the applications it found. The numbers searched are
        never stored.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        {(
          [
            ['From', fromDate, setFromDate],
            ['To', toDate, setToDate],
          ] as const
        ).map(([label, value, set]) => (
          <TextField
            key={label}
            size="small"
            type="date"
            label={label}
            value={value}
            onChange={(event) => {
              set(event.target.value);
              setPage(0);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </Stack>
      {isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="SSN Lookups">
              <TableHead>
                <TableRow>
                  <TableCell>Date &amp; Time</TableCell>
                  <TableCell>User</TableCell>
                  <TableCell>Applications Found</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3}>No SSN lookups in this period.</TableCell>
                  </TableRow>
                )}
                {data?.data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{formatDateTime(entry.occurredAt)}</TableCell>
                    <TableCell>
                      {entry.userName ?? '—'}
                      {entry.impersonating ? ' (impersonating)' : ''}
                    </TableCell>
                    <TableCell>
                      {entry.total === 0
                        ? 'None'
                        : entry.matchedApplicationIds.map((id, i) => (
                            <span key={id}>
                              {i > 0 && ', '}
                              <Link component={RouterLink} to={`/application/${id}`}>
                                {id}
                              </Link>
                            </span>
                          ))}
                      {entry.total > entry.matchedApplicationIds.length &&
                        ` and ${entry.total - entry.matchedApplicationIds.length} more`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number.parseInt(event.target.value, 10));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </>
  );
};
