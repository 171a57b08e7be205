import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { auditActionTitle, isAuditValueAction, type AuditAdminEntry } from '@credence/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { propertyTitle, valueText } from './audit-format.ts';

type Props = { entry: AuditAdminEntry | null; onClose: () => void; onAsOf: (entry: AuditAdminEntry) => void };

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 1, py: 0.25 }}>
    <Typography variant="body2" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** One audit entry in a side panel: who, when, which record, and every changed property in full (old → new). */
export const AuditEntryDrawer = ({ entry, onClose, onAsOf }: Props) => (
  <Drawer
    anchor="right"
    open={entry !== null}
    onClose={onClose}
    // Above the fixed top bar (which sits above the side menu's drawer), as a dialog is.
    sx={{ zIndex: (theme) => theme.zIndex.modal }}
    slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } }, 'aria-labelledby': 'audit-entry-title' } }}
  >
    {entry ? (
      <Box sx={{ p: 2 }} role="region" aria-labelledby="audit-entry-title">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="audit-entry-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            Audit entry {entry.id}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        <Box component="dl" sx={{ m: 0, mb: 2 }}>
          <Fact label="When">{formatDateTime(entry.occurredAt)}</Fact>
          <Fact label="User">
            {entry.userName ?? '—'}
            {entry.impersonating ? ' (impersonating)' : ''}
          </Fact>
          <Fact label="Area">{entry.areaTitle}</Fact>
          <Fact label="Record">
            {[entry.label, entry.recordId ? `#${entry.recordId}` : null].filter(Boolean).join(' ') || '—'}
          </Fact>
          <Fact label="Action">{auditActionTitle(entry.action)}</Fact>
        </Box>
        <Divider />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
          Changed properties
        </Typography>
        {entry.changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            This entry changed no properties.
          </Typography>
        ) : (
          <Table size="small" aria-label="Changed properties">
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell>Old value</TableCell>
                <TableCell>New value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entry.changes.map((change) => (
                <TableRow key={change.property}>
                  <TableCell sx={{ fontWeight: 600 }}>{propertyTitle(change.property)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{valueText(change.old)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{valueText(change.new)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {isAuditValueAction(entry.action) && entry.recordId ? (
          <Button sx={{ mt: 2 }} variant="outlined" startIcon={<HistoryIcon />} onClick={() => onAsOf(entry)}>
            View as of…
          </Button>
        ) : null}
      </Box>
    ) : null}
  </Drawer>
);
