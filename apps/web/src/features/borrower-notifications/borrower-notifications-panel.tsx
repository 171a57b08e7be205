import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { borrowerNotificationEndpoints as e, messages, type BorrowerNotificationLogEntry } from '@credence/contracts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { formatDateTime } from '../../lib/format.ts';

const STATUS: Record<
  BorrowerNotificationLogEntry['status'],
  { label: string; color: 'success' | 'default' | 'error' | 'warning' }
> = {
  sent: { label: 'Sent', color: 'success' },
  queued: { label: 'Queued', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
  skipped: { label: 'Skipped', color: 'warning' },
};

const Row = ({ entry }: { entry: BorrowerNotificationLogEntry }) => {
  const [open, setOpen] = useState(false);
  const status = STATUS[entry.status];
  return (
    <>
      <TableRow
        hover
        sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}
        data-testid="borrower-notification-row"
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? 'Hide message' : 'Show message'}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
        <TableCell>{entry.typeName}</TableCell>
        <TableCell>{entry.channel === 'email' ? 'E-mail' : 'Text message'}</TableCell>
        <TableCell>{entry.to ?? '—'}</TableCell>
        <TableCell>
          <Chip size="small" label={status.label} color={status.color} variant="outlined" />
          {entry.reason ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {entry.reason}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.sentAt ? formatDateTime(entry.sentAt) : ''}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ pl: 6, pb: 1.5, display: 'grid', gap: 0.5 }}>
              {entry.subject !== null ? (
                <Typography variant="body2">
                  <strong>Subject:</strong> {entry.subject}
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.body}
              </Typography>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
};

/**
 * An application's Borrower Notifications tab (issue 38 item 4): what was sent to the borrower — or skipped for
 * want of an address — when, by which channel, to a masked address, and its delivery; newest first. Loaded with
 * the tab only (the application page imports it lazily).
 */
export const BorrowerNotificationsPanel = ({ applicationId }: { applicationId: number }) => {
  const log = useQuery({
    queryKey: ['applications', applicationId, 'borrowerNotifications'],
    queryFn: () => callEndpoint(e.log, { params: { id: applicationId } }),
  });
  if (log.isPending) return <CircularProgress size={24} />;
  if (log.isError) return <Alert severity="error">{messages.errors.backend}</Alert>;
  if (log.data.length === 0)
    return (
      <Typography color="text.secondary">
        No notifications have been sent to the borrower. Administration › Borrower Notifications sets which events send
        them.
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Borrower notifications">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Date</TableCell>
            <TableCell>Notification</TableCell>
            <TableCell>Channel</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Delivered</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.map((entry) => (
            <Fragment key={entry.id}>
              <Row entry={entry} />
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
