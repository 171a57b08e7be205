import { useCallback, useEffect, useMemo } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { controlTypeLabels, messages } from '@credence/contracts';
import { PageTitle, useDocumentTitle } from '../../../components/page-title.tsx';
import { applicationKeys, useWorksheetInfo, type TimedWorksheetInfo } from '../api.ts';
import { enumLabel } from '../../../components/form/fields.tsx';
import { releasedHere, useApplicationLock } from './use-application-lock.ts';
import { isServerUnreachable } from './use-worksheet-save.ts';
import { watchApplication } from '../../../lib/application-watch.ts';
import { IN_PAGE_NAVIGATION } from '../../../lib/in-page-navigation.ts';
import { ConnectionNotice, useWorksheetConnection } from './connection-notice.tsx';
import { WorksheetContext, type WorksheetContextValue } from './worksheet-context.ts';
import { worksheetTexts } from './texts.ts';
import { isBuilt, worksheetOfPath, worksheets } from './worksheets.ts';
import { LoanSummaryButton } from '../loan-summary/loan-summary-button.tsx';

const stateColors: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  new: 'info',
  reviewed: 'info',
  pending: 'warning',
  approved: 'success',
  counteroffer: 'warning',
  funded: 'success',
  declined: 'error',
  cancelled: 'default',
};

const HeaderItem = ({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ textTransform: 'uppercase', letterSpacing: 0.4 }}
    >
      {label}
    </Typography>
    <Box sx={{ fontWeight: 600, fontSize: 15 }} data-testid={testId}>
      {children}
    </Box>
  </Box>
);

/** Spec 3 §2 / issue 29, item 12: an application that is not there, or belongs to another lender. */
const ApplicationNotAvailable = () => {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>{worksheetTexts.missingTitle}</PageTitle>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="application-not-available">
        {worksheetTexts.missing}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {window.history.length > 1 ? (
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {worksheetTexts.back}
          </Button>
        ) : null}
        <Button component={RouterLink} to="/home" variant="contained">
          {worksheetTexts.home}
        </Button>
      </Box>
    </>
  );
};

/**
 * The frame of the seven worksheets of one application (spec 3 §2): a header with the application id, primary
 * applicant, loan product, state and lock holder (from worksheet info), tabs between the worksheets, and the
 * application lock (taken when the user starts editing, refreshed while held, released on leaving, watched).
 *
 * Live (issue 31, items 5 and 6): while open, the frame watches its application — the hub joins its room (spec 3
 * §7) and on each change of its state or lock holder the worksheet info is read at once: the lock holder shows
 * live, and a lock of mine that another user removed reloads the page with its notice (use-application-lock.ts).
 * The info is polled only while the room is not live. While the hub reconnects, editing is locked
 * (connection-notice.tsx).
 */
export const WorksheetFrame = () => {
  const { id: idParam } = useParams();
  const location = useLocation();
  const applicationId = Number(idParam);
  const valid = Number.isInteger(applicationId) && applicationId > 0;
  const connection = useWorksheetConnection(applicationId);
  const infoQuery = useWorksheetInfo(valid ? applicationId : 0, { poll: connection.poll });
  const { refetch } = infoQuery;
  const queryClient = useQueryClient();
  // A fetch already under way may predate a lock change: it is dropped and the info asked for again.
  const refreshInfo = useCallback(() => {
    void queryClient.cancelQueries({ queryKey: applicationKeys.worksheetInfo(applicationId) }).then(() => refetch());
  }, [applicationId, queryClient, refetch]);
  const info = infoQuery.data;
  const { phase, unlock, startEditing: startLock } = useApplicationLock(applicationId, info, refreshInfo);

  // Watched while open: the hub's room tells of every change of its state or lock holder; the info is read then.
  // A join's catch-up (`since`) needs no read when the info was asked for after the join was.
  useEffect(() => {
    if (!valid) return;
    return watchApplication(applicationId, (since) => {
      const known = queryClient.getQueryData<TimedWorksheetInfo>(applicationKeys.worksheetInfo(applicationId));
      if (since === undefined || (known?.requestedAt ?? 0) < since) refreshInfo();
    });
  }, [applicationId, valid, queryClient, refreshInfo]);
  // Nothing is edited while the connection is locked (Edit buttons are off too).
  const locked = connection.locked;
  const startEditing = useCallback(async () => !locked && startLock(), [locked, startLock]);
  const current = worksheetOfPath(location.pathname);
  useDocumentTitle(`${current.title} ${applicationId}`);

  // Someone else holds the lock (as the polled info says, or as the server just answered): editing is off.
  const holder = info?.lockingUser && !info.isLockedByMe ? info.lockingUser.name : null;
  const lockedByOther = phase !== 'mine' && (holder !== null || (phase === 'other' && info?.isLocked !== false));
  const canEdit = !connection.locked && !lockedByOther && phase !== 'acquiring';
  const readOnlyReason = connection.lockedReason
    ? connection.lockedReason
    : lockedByOther
      ? messages.applications.lockedBy(holder ?? 'another user')
      : canEdit
        ? null
        : messages.applications.lockRequired;

  const context = useMemo<WorksheetContextValue>(
    () => ({ applicationId, info, canEdit, readOnlyReason, refreshInfo, startEditing }),
    [applicationId, info, canEdit, readOnlyReason, refreshInfo, startEditing],
  );

  if (!valid || (infoQuery.isError && !info)) return <ApplicationNotAvailable />;

  return (
    <WorksheetContext.Provider value={context}>
      <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }} data-testid="worksheet-header">
        <Box sx={{ px: 2.5, pt: 1.75, pb: 1.25, display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Box sx={{ mr: 1 }}>
            <Typography variant="h5" component="h1" sx={{ lineHeight: 1.2 }}>
              {current.title}
            </Typography>
          </Box>
          <HeaderItem label="App Id" testId="header-application-id">
            {applicationId}
          </HeaderItem>
          <HeaderItem label="Primary Applicant" testId="header-primary-applicant">
            {info ? (info.primaryApplicantName ?? '—') : <Skeleton width={120} />}
          </HeaderItem>
          <HeaderItem label="Loan Product" testId="header-loan-product">
            {info ? (
              <>
                {info.loanProduct.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({controlTypeLabels[info.loanProduct.controlType]}
                  {info.loanProduct.isBusinessLoan ? ', Business' : ''})
                </Typography>
              </>
            ) : (
              <Skeleton width={140} />
            )}
          </HeaderItem>
          <HeaderItem label="State" testId="header-state">
            {info ? (
              <Chip size="small" label={enumLabel(info.state)} color={stateColors[info.state] ?? 'default'} />
            ) : (
              <Skeleton width={60} />
            )}
          </HeaderItem>
          <Box sx={{ flexGrow: 1 }} />
          <LoanSummaryButton applicationId={applicationId} />
          <HeaderItem label="Lock" testId="header-lock">
            {info?.isLockedByMe && (phase === 'mine' || !releasedHere(applicationId)) ? (
              <Chip size="small" icon={<LockIcon />} label="Locked by you" color="success" variant="outlined" />
            ) : info?.lockingUser && !info.isLockedByMe ? (
              <Chip size="small" icon={<LockIcon />} label={`Locked by ${info.lockingUser.name}`} color="warning" />
            ) : (
              <Chip
                size="small"
                icon={<LockOpenIcon />}
                label={phase === 'acquiring' ? 'Locking…' : 'Unlocked'}
                variant="outlined"
              />
            )}
          </HeaderItem>
        </Box>
        <Tabs
          value={current.path}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Worksheets"
          sx={{
            px: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            minHeight: 40,
            '& .MuiTab-root': { minHeight: 40, py: 0.5 },
          }}
        >
          {worksheets.map((w) => (
            <Tab
              key={w.path}
              value={w.path}
              label={
                isBuilt(w) ? (
                  w.tab
                ) : (
                  <span>
                    {w.tab}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ display: 'block', lineHeight: 1.1, textTransform: 'none', color: 'text.secondary' }}
                    >
                      {worksheetTexts.notAvailableTab}
                    </Typography>
                  </span>
                )
              }
              component={RouterLink}
              to={`/${w.path}/${applicationId}`}
              // Moving between the worksheets of one application keeps the frame (and the lock) mounted.
              state={IN_PAGE_NAVIGATION}
            />
          ))}
        </Tabs>
      </Paper>
      {holder && phase !== 'mine' ? (
        <Alert
          severity="warning"
          icon={<LockIcon />}
          sx={{ mb: 2 }}
          data-testid="locked-by-alert"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<LockOpenIcon />}
              disabled={connection.locked}
              onClick={() => void unlock()}
            >
              Unlock
            </Button>
          }
        >
          {messages.applications.lockedBy(holder)} Saving is disabled until the lock is released.
        </Alert>
      ) : null}
      <ConnectionNotice
        hub={connection.hub}
        room={connection.room}
        unreachable={infoQuery.isError && isServerUnreachable(infoQuery.error)}
      />
      {/* The worksheet loads once the application is known to be there (one clear page otherwise, no failed calls). */}
      {info ? <Outlet /> : <Skeleton variant="rounded" height={320} data-testid="worksheet-loading" />}
    </WorksheetContext.Provider>
  );
};
