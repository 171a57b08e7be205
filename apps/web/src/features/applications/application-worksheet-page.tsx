import { Suspense, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { messages } from '@credence/contracts';
import { useApplication } from './api.ts';
import { ApplicantsDialog } from './dialogs/applicants-dialog.tsx';
import { ApplicationAlertsDialog } from './dialogs/application-alerts-dialog.tsx';
import { CollateralDialog } from './dialogs/collateral-dialog.tsx';
import { CustomFieldsDialog } from './dialogs/custom-fields-dialog.tsx';
import { DealerPacketDialog } from './dialogs/dealer-packet-dialog.tsx';
import { FollowUpDialog } from './dialogs/follow-up-dialog.tsx';
import { HmdaDialog } from './dialogs/hmda-dialog.tsx';
import { PromotionsDialog } from './dialogs/promotions-dialog.tsx';
import { RequestDialog } from './dialogs/request-dialog.tsx';
import { ShareDialog } from './dialogs/share-dialog.tsx';
import { TransactionDialog } from './dialogs/transaction-dialog.tsx';
import { CommentsPanel } from './panels/comments-panel.tsx';
import { FilesPanel } from './panels/files-panel.tsx';
import { HistoryPanel } from './panels/history-panel.tsx';
import { BorrowerNotificationsPanel } from '../borrower-notifications/index.ts';
import {
  ApplicantsSection,
  ChannelSection,
  CollateralSection,
  RequestSection,
  TransactionSection,
} from './worksheet/application-sections.tsx';
import { ApplicationActions, type ApplicationAction } from './worksheet/application-actions.tsx';
import { WorksheetCard } from './worksheet/view-parts.tsx';
import { useWorksheet } from './worksheet/worksheet-context.ts';

type Editing = 'applicants' | 'request' | 'collateral' | 'transaction' | ApplicationAction | null;
type Part = 'applicants' | 'request' | 'collateral' | 'transaction';

/** Dialogs that change the application record and so need its lock; the others annotate it (no lock). */
const lockedActions: readonly ApplicationAction[] = ['hmda', 'customFields', 'promotions'];
type Panel = 'files' | 'comments' | 'history' | 'borrowerNotifications';

/**
 * The Application worksheet (/application/{id}): everything saved about the application, each part with an
 * Edit button opening its dialog (enabled while the user holds the lock), and the files, comments and history.
 */
export const ApplicationWorksheetPage = () => {
  const { applicationId, canEdit, readOnlyReason, startEditing } = useWorksheet();
  const { data: application, isError, isPending } = useApplication(applicationId);
  const [editing, setEditing] = useState<Editing>(null);
  const [panel, setPanel] = useState<Panel>('files');
  const close = () => setEditing(null);
  /** Opening an edit dialog starts editing: the lock is taken first; refused, the part's dialog stays shut. */
  const editPart = async (part: Part) => {
    if (await startEditing()) setEditing(part);
  };
  /** A record dialog (HMDA, custom fields, promotions) takes the lock too, but opens read-only when refused. */
  const openAction = async (action: ApplicationAction) => {
    if (lockedActions.includes(action)) await startEditing();
    setEditing(action);
  };

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  }
  if (isError || !application) {
    return <Alert severity="error">{messages.applications.retrieveFailed('application')}</Alert>;
  }

  const card = (key: Part) => ({
    onEdit: () => void editPart(key),
    canEdit,
    readOnlyReason,
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="application-worksheet">
      <ApplicationActions applicationId={applicationId} onOpen={(action) => void openAction(action)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
        <WorksheetCard title="Channel and Product" testId="channel-card">
          <ChannelSection application={application} />
        </WorksheetCard>
        <WorksheetCard title="Request" editLabel="Edit request" testId="request-card" {...card('request')}>
          <RequestSection application={application} />
        </WorksheetCard>
      </Box>
      <WorksheetCard
        title={application.loanProduct.isBusinessLoan ? 'Application' : 'Applicants'}
        editLabel="Edit applicants"
        testId="applicants-card"
        {...card('applicants')}
      >
        <ApplicantsSection application={application} />
      </WorksheetCard>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <WorksheetCard title="Collateral" editLabel="Edit collateral" testId="collateral-card" {...card('collateral')}>
          <CollateralSection application={application} />
        </WorksheetCard>
        <WorksheetCard
          title="Transaction"
          editLabel="Edit transaction"
          testId="transaction-card"
          {...card('transaction')}
        >
          <TransactionSection application={application} />
        </WorksheetCard>
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={panel}
          onChange={(_e, value: Panel) => setPanel(value)}
          sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="files" label="Files" />
          <Tab value="comments" label="Comments" />
          <Tab value="history" label="History" />
          <Tab value="borrowerNotifications" label="Borrower Notifications" />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {panel === 'files' ? <FilesPanel applicationId={applicationId} /> : null}
          {panel === 'comments' ? <CommentsPanel applicationId={applicationId} /> : null}
          {panel === 'history' ? <HistoryPanel applicationId={applicationId} /> : null}
          {panel === 'borrowerNotifications' ? (
            <Suspense fallback={<CircularProgress size={24} />}>
              <BorrowerNotificationsPanel applicationId={applicationId} />
            </Suspense>
          ) : null}
        </Box>
      </Paper>

      {editing === 'applicants' ? <ApplicantsDialog application={application} onClose={close} /> : null}
      {editing === 'request' ? <RequestDialog application={application} onClose={close} /> : null}
      {editing === 'collateral' ? <CollateralDialog application={application} onClose={close} /> : null}
      {editing === 'transaction' ? <TransactionDialog application={application} onClose={close} /> : null}
      {editing === 'hmda' ? <HmdaDialog onClose={close} /> : null}
      {editing === 'followUp' ? <FollowUpDialog onClose={close} /> : null}
      {editing === 'packet' ? <DealerPacketDialog onClose={close} /> : null}
      {editing === 'share' ? <ShareDialog onClose={close} /> : null}
      {editing === 'customFields' ? <CustomFieldsDialog onClose={close} /> : null}
      {editing === 'promotions' ? <PromotionsDialog onClose={close} /> : null}
      {editing === 'alerts' ? <ApplicationAlertsDialog onClose={close} /> : null}
    </Box>
  );
};
