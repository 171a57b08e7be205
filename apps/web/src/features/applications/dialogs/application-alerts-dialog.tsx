import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages } from '@credence/contracts';
import { useApplicationAlerts } from '../dialogs-api.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { InfoDialog } from '../../../components/form/info-dialog.tsx';

const Lines = ({ values }: { values: readonly string[] }) =>
  values.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  ) : (
    <>
      {values.map((value) => (
        <div key={value}>{value}</div>
      ))}
    </>
  );

/**
 * Application Alerts (700px, spec 3 §2): applicants of other applications whose e-mail or phone matches one on
 * this application, each linked to its application in a new tab; the table scrolls at 600px; Close.
 */
export const ApplicationAlertsDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = useApplicationAlerts(applicationId);
  return (
    <InfoDialog title={messages.alerts.title} width={700} onClose={onClose} testId="alerts-dialog">
      {isError ? (
        <Alert severity="error">{messages.applications.retrieveFailed('application alerts')}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{messages.alerts.text}</Typography>
          <TableContainer sx={{ maxHeight: 600 }}>
            <Table size="small" stickyHeader aria-label="Matching applicants">
              <TableHead>
                <TableRow>
                  <TableCell>Applicant</TableCell>
                  <TableCell>Matching Emails</TableCell>
                  <TableCell>Matching Phone Numbers</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((alert) => (
                  <TableRow key={`${alert.applicationId}-${alert.name}`} sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/application/${alert.applicationId}`}
                        target="_blank"
                        rel="noopener"
                      >
                        {alert.name}
                      </Link>
                      <Typography variant="caption" color="text.secondary" component="div">
                        App Id {alert.applicationId}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      <Lines values={alert.emails} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Lines values={alert.phoneNumbers} />
                    </TableCell>
                  </TableRow>
                ))}
                {data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>
                      <Typography variant="body2" color="text.secondary">
                        No matches.
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </InfoDialog>
  );
};
