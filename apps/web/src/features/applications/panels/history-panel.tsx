import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { messages, type HistoryEntry } from '@credence/contracts';
import { useApplicationHistory } from '../api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { historyEntityLabel, historyPropertyLabel, historyValueText } from '../forms/field-labels.ts';

/** An old or new value, formatted by its field ($12,500.00, 03/05/2026, Yes) — see forms/field-labels.ts. */
const Value = ({ value, entity, property }: { value: string | null; entity: string; property: string }) =>
  value === null || value === '' ? (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      empty
    </Typography>
  ) : (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {historyValueText(entity, property, value)}
    </Typography>
  );

const HistoryRow = ({ entry }: { entry: HistoryEntry }) => {
  const [open, setOpen] = useState(false);
  const expandable = entry.changes.length > 0;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }} data-testid="history-row">
        <TableCell padding="checkbox">
          {expandable ? (
            <IconButton
              size="small"
              aria-label={open ? 'Hide changes' : `Show ${entry.changes.length} changes`}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          ) : null}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.dateTimeUtc)}</TableCell>
        <TableCell>{entry.user?.name ?? 'System'}</TableCell>
        <TableCell sx={{ fontWeight: 600 }}>{entry.action}</TableCell>
        <TableCell>{entry.description}</TableCell>
      </TableRow>
      {expandable ? (
        <TableRow>
          <TableCell colSpan={5} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
            <Collapse in={open} unmountOnExit>
              <Box sx={{ pl: 6, pb: 1.5 }}>
                <Table size="small" aria-label="Changed properties">
                  <TableHead>
                    <TableRow>
                      <TableCell>Entity</TableCell>
                      <TableCell>Property</TableCell>
                      <TableCell>Change</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {entry.changes.map((change, i) => (
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {historyEntityLabel(change.entity)}
                          {change.entityId !== null ? ` #${change.entityId}` : ''}
                        </TableCell>
                        <TableCell>{historyPropertyLabel(change.entity, change.property)}</TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                            <Value value={change.oldValue} entity={change.entity} property={change.property} />
                            <ArrowRightAltIcon fontSize="small" color="action" aria-label="to" />
                            <Value value={change.newValue} entity={change.entity} property={change.property} />
                          </Box>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
};

/** Application History (spec 3 §2): Date & Time, User, Action, Description, with expandable changed properties. */
export const HistoryPanel = ({ applicationId }: { applicationId: number }) => {
  const { data: entries, isPending, isError } = useApplicationHistory(applicationId);
  if (isPending) return <CircularProgress size={24} />;
  if (isError) return <Alert severity="error">{messages.applications.retrieveFailed('Application History')}</Alert>;
  if (entries.length === 0) return <Typography color="text.secondary">No history.</Typography>;
  return (
    <Box sx={{ maxHeight: 560, overflowY: 'auto' }} data-testid="history-panel">
      <Table size="small" stickyHeader aria-label="Application History">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Date &amp; Time</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <Fragment key={entry.id}>
              <HistoryRow entry={entry} />
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
