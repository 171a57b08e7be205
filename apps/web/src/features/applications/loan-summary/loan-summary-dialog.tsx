import { useEffect, useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import {
  loanSummarySectionLabels,
  loanSummaryTexts,
  printableSections,
  type LoanSummarySection,
} from '@credence/contracts';
import { isSessionError } from '../../../lib/api-client.ts';
import { useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { applicationKeys } from '../api.ts';
import { attachLoanSummary, loanSummaryKeys, previewLoanSummary, useLoanSummarySettings } from './api.ts';

/** Title, width and test id, the same while loading and when loaded (spec 3 §2: 1000 px). */
const FRAME = { title: loanSummaryTexts.dialogTitle, width: 1000, testId: 'loan-summary-dialog' } as const;

/** A same-origin object URL of the preview while it is shown; revoked when replaced or closed. */
const useObjectUrl = (blob: Blob | null) => {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
};

/**
 * The Loan Summary dialog (spec 3 §2): the sections to print (Sales only when the lender's sales worksheet is on,
 * before or after Decision by its display option; all chosen at first), Preview — the server's PDF inline, the
 * sections logged to the history —, Attach (the PDF into the application's files) and Close.
 */
export const LoanSummaryDialog = ({ applicationId, onClose }: { applicationId: number; onClose: () => void }) => {
  const settings = useLoanSummarySettings(applicationId);
  useCloseOnCloseAllDialogs(onClose);
  if (!settings.data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={settings.isError} thing="loan summary" />;
  }
  return (
    <LoanSummaryForm
      applicationId={applicationId}
      offered={printableSections({
        enabled: settings.data.salesWorksheetEnabled,
        displayOption: settings.data.salesDisplayOption,
      })}
      onClose={onClose}
    />
  );
};

type Preview = { blob: Blob; fileName: string; pages: number; sections: string };

const LoanSummaryForm = ({
  applicationId,
  offered,
  onClose,
}: {
  applicationId: number;
  offered: readonly LoanSummarySection[];
  onClose: () => void;
}) => {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<readonly LoanSummarySection[]>(offered);
  const [busy, setBusy] = useState<'preview' | 'attach' | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const url = useObjectUrl(preview?.blob ?? null);
  const legendId = useId();
  const helperId = useId();

  // The chosen sections in the dialog's order, whatever order they were ticked in.
  const sections = offered.filter((s) => chosen.includes(s));
  const none = sections.length === 0;
  const all = sections.length === offered.length;
  const stale = preview !== null && preview.sections !== sections.join(',');

  const toggle = (section: LoanSummarySection, on: boolean) =>
    setChosen((current) => (on ? [...current, section] : current.filter((s) => s !== section)));

  const runPreview = async () => {
    if (none) return;
    setBusy('preview');
    try {
      const answer = await previewLoanSummary(applicationId, sections);
      setPreview({ ...answer, sections: sections.join(',') });
      // The preview is logged to the application's history (and the summary's own history section).
      void queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) });
      void queryClient.invalidateQueries({ queryKey: loanSummaryKeys.summary(applicationId) });
    } catch (error) {
      if (!isSessionError(error)) showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  const runAttach = async () => {
    if (none) return;
    setBusy('attach');
    try {
      await attachLoanSummary(applicationId, sections);
      toasts.success(loanSummaryTexts.attached);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.files(applicationId) });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) });
    } catch (error) {
      if (!isSessionError(error)) showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <DialogFrame
      {...FRAME}
      onClose={onClose}
      contentSx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, minHeight: 480 }}
      actions={
        <>
          <Button
            variant="contained"
            onClick={() => void runPreview()}
            disabled={none || busy !== null}
            aria-describedby={none ? helperId : undefined}
            startIcon={busy === 'preview' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {loanSummaryTexts.preview}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void runAttach()}
            disabled={none || busy !== null}
            startIcon={busy === 'attach' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {loanSummaryTexts.attach}
          </Button>
          <Button onClick={onClose}>{loanSummaryTexts.close}</Button>
        </>
      }
    >
      <FormControl
        component="fieldset"
        error={none}
        sx={{ flex: '0 0 240px', minWidth: 220 }}
        aria-labelledby={legendId}
        data-testid="loan-summary-sections"
      >
        <FormLabel component="legend" id={legendId} sx={{ mb: 1, fontWeight: 600 }}>
          {loanSummaryTexts.sectionsLabel}
        </FormLabel>
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              indeterminate={!all && !none}
              onChange={(event) => setChosen(event.target.checked ? offered : [])}
            />
          }
          label="All"
          sx={{ borderBottom: 1, borderColor: 'divider', mr: 0, mb: 0.5 }}
        />
        <FormGroup>
          {offered.map((section) => (
            <FormControlLabel
              key={section}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(section)}
                  onChange={(event) => toggle(section, event.target.checked)}
                  name={section}
                />
              }
              label={loanSummarySectionLabels[section]}
            />
          ))}
        </FormGroup>
        {none ? <FormHelperText id={helperId}>{loanSummaryTexts.atLeastOneSection}</FormHelperText> : null}
      </FormControl>
      <Box
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        data-testid="loan-summary-preview"
      >
        {stale ? (
          <Alert severity="info" sx={{ py: 0 }}>
            The sections changed: press {loanSummaryTexts.preview} to see them.
          </Alert>
        ) : null}
        {busy === 'preview' ? (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Building the loan summary" />
          </Box>
        ) : url && preview ? (
          <>
            <Typography variant="caption" color="text.secondary" data-testid="loan-summary-preview-name">
              {preview.fileName} · {preview.pages} {preview.pages === 1 ? 'page' : 'pages'}
            </Typography>
            <Box
              component="iframe"
              key={url}
              src={url}
              title={`${loanSummaryTexts.dialogTitle} preview`}
              data-testid="loan-summary-preview-frame"
              sx={{
                flex: 1,
                width: '100%',
                minHeight: 520,
                height: '62vh',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            />
          </>
        ) : (
          <Box
            sx={{
              flex: 1,
              display: 'grid',
              placeItems: 'center',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
              color: 'text.secondary',
              p: 3,
              textAlign: 'center',
            }}
          >
            <Typography variant="body2">
              {none
                ? loanSummaryTexts.atLeastOneSection
                : `Press ${loanSummaryTexts.preview} to see the PDF of the chosen sections.`}
            </Typography>
          </Box>
        )}
      </Box>
    </DialogFrame>
  );
};
