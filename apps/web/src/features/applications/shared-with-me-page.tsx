import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { useSharedWithMe } from './dialogs-api.ts';
import { enumLabel } from './forms/fields.tsx';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/**
 * Shared With Me (/sharedWithMeQueue): the applications shared with the signed-in user or one of their groups,
 * in a simple table (the full queue comes later).
 */
export const SharedWithMePage = () => {
  const { data, isError, isPending } = useSharedWithMe();
  return (
    <>
      <PageTitle>Shared With Me</PageTitle>
      {isError ? (
        <Alert severity="error">{messages.applications.retrieveFailed('shared applications')}</Alert>
      ) : isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Shared with me" data-testid="shared-with-me-table">
            <TableHead>
              <TableRow>
                <TableCell>App Id</TableCell>
                <TableCell>Applicant</TableCell>
                <TableCell>Loan Product</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Shared By</TableCell>
                <TableCell>Group</TableCell>
                <TableCell>Shared</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((entry) => (
                <TableRow key={`${entry.applicationId}-${entry.userGroup?.id ?? 'me'}`} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/application/${entry.applicationId}`}>
                      {entry.applicationId}
                    </Link>
                  </TableCell>
                  <TableCell>{entry.primaryApplicantName ?? '—'}</TableCell>
                  <TableCell>{entry.loanProductName}</TableCell>
                  <TableCell>
                    <Chip size="small" label={enumLabel(entry.state)} />
                  </TableCell>
                  <TableCell>{entry.sharedBy?.name ?? '—'}</TableCell>
                  <TableCell>{entry.userGroup?.name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(entry.sharedUtcTime))}</TableCell>
                </TableRow>
              ))}
              {data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                      No applications are shared with you.
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
};
