import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import ChecklistIcon from '@mui/icons-material/Checklist';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ShareIcon from '@mui/icons-material/Share';
import TuneIcon from '@mui/icons-material/Tune';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useApplicationAlerts } from '../dialogs-api.ts';

export type ApplicationAction = 'hmda' | 'followUp' | 'packet' | 'share' | 'customFields' | 'promotions' | 'alerts';

const actions: { key: Exclude<ApplicationAction, 'alerts'>; label: string; icon: React.ReactNode }[] = [
  { key: 'hmda', label: 'HMDA', icon: <AssignmentIndIcon /> },
  { key: 'followUp', label: 'Follow Up', icon: <ChecklistIcon /> },
  { key: 'packet', label: 'Dealer Packet', icon: <Inventory2Icon /> },
  { key: 'share', label: 'Share', icon: <ShareIcon /> },
  { key: 'customFields', label: 'Custom Fields', icon: <TuneIcon /> },
  { key: 'promotions', label: 'Promotions', icon: <LocalOfferIcon /> },
];

/**
 * The actions of the Application worksheet: buttons opening the HMDA, Follow Up, Dealer Packet, Share, Custom
 * Fields and Promotions dialogs, and a warning button with the number of contact-information alerts when the
 * application has any.
 */
export const ApplicationActions = ({
  applicationId,
  onOpen,
}: {
  applicationId: number;
  onOpen: (action: ApplicationAction) => void;
}) => {
  const { data: alerts } = useApplicationAlerts(applicationId);
  const count = alerts?.length ?? 0;
  return (
    <Paper
      variant="outlined"
      sx={{ px: 1.5, py: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      role="toolbar"
      aria-label="Application actions"
      data-testid="application-actions"
    >
      {actions.map((action) => (
        <Button key={action.key} size="small" startIcon={action.icon} onClick={() => onOpen(action.key)}>
          {action.label}
        </Button>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {count > 0 ? (
        <Badge badgeContent={count} color="error">
          <Button
            size="small"
            variant="contained"
            color="warning"
            startIcon={<WarningAmberIcon />}
            onClick={() => onOpen('alerts')}
            aria-label={`Application Alerts (${count})`}
            data-testid="alerts-button"
          >
            Alerts
          </Button>
        </Badge>
      ) : null}
    </Paper>
  );
};
