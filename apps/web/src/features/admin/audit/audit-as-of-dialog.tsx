import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { auditActionTitle, messages, type AuditAdminEntry } from '@credence/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditAsOf } from './api.ts';
import { isFilterDay } from '../../../components/form/day-filter-field.tsx';
import { localDay, propertyTitle, valueText } from './audit-format.ts';

type Props = { entry: AuditAdminEntry; onClose: () => void };

/**
 * "View as of…": a record's values at the end of a chosen day, replayed by the server from the record's audit
 * rows (create → updates → delete). Opens on the day of the entry it was asked from.
 */
export const AuditAsOfDialog = ({ entry, onClose }: Props) => {
  const [text, setText] = useState(() => localDay(new Date(entry.occurredAt)));
  // The last whole day typed: a year passes through 0002, 0020, 0202 on its way to 2026.
  const [asOf, setAsOf] = useState(text);
  const recordId = entry.recordId ?? '';
  const answer = useAuditAsOf(entry.area, recordId, asOf);
  const data = answer.data;
  const title = `${entry.label ?? entry.areaTitle} #${recordId}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="audit-as-of-title">
      <DialogTitle id="audit-as-of-title">
        {title} as of {asOf}
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <TextField
            size="small"
            type="date"
            label="As of"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (isFilterDay(event.target.value)) setAsOf(event.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localDay() } }}
            helperText="Values at the end of this day"
            autoFocus
          />
          <Typography variant="body2" color="text.secondary">
            {entry.areaTitle}
          </Typography>
        </Box>
        {answer.isFetching ? <LinearProgress aria-label="Loading values" sx={{ mb: 1 }} /> : null}
        {answer.isError ? <Alert severity="error">{messages.errors.backend}</Alert> : null}
        {data && !answer.isError ? (
          <>
            {data.state === 'notCreated' ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                This record did not exist yet on {data.asOf}.
              </Alert>
            ) : null}
            {data.state === 'deleted' ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                This record had been deleted by {data.asOf}. These are the values it had when it was deleted.
              </Alert>
            ) : null}
            {data.state !== 'notCreated' && !data.complete ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                This record is older than its audit history: only the properties changed since are known.
              </Alert>
            ) : null}
            {data.values.length > 0 ? (
              <Table size="small" aria-label={`Values as of ${data.asOf}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Value</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.values.map((value) => (
                    <TableRow key={value.property}>
                      <TableCell sx={{ fontWeight: 600, width: '40%' }}>{propertyTitle(value.property)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{valueText(value.value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            {data.entries.length > 0 ? (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
                  Replayed from {data.entries.length} {data.entries.length === 1 ? 'entry' : 'entries'}
                </Typography>
                <Box component="ol" sx={{ m: 0, pl: 3 }}>
                  {data.entries.map((used) => (
                    <Typography component="li" variant="body2" key={used.id}>
                      {formatDateTime(used.occurredAt)} — {auditActionTitle(used.action)} by {used.userName ?? '—'}
                    </Typography>
                  ))}
                </Box>
              </>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
