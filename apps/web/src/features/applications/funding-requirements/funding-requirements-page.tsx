import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  FUNDING_REQUIREMENT_DESCRIPTION_MAX,
  FUNDING_REQUIREMENT_WAIVE_REASON_MAX,
  fundingRequirementSourceLabels,
  fundingRequirementStatusLabels,
  type FundingRequirementFile,
  type FundingRequirementRow,
  type FundingRequirementSettableStatus,
  type FundingRequirementsWorksheet,
  type FundingRequirementStatus,
} from '@credence/contracts';
import { ReasonDialog } from '../../../components/form/reason-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { applicationKeys } from '../api.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { DocumentPreview } from './document-preview.tsx';
import {
  addRequirement,
  attachFile,
  changeStatus,
  detachFile,
  fundingRequirementKeys,
  useFundingRequirements,
} from './funding-requirements-api.ts';
import { fundingRequirementLabels as labels } from './texts.ts';

const statusColor = (status: FundingRequirementStatus) => {
  switch (status) {
    case 'outstanding':
      return 'warning' as const;
    case 'received':
      return 'info' as const;
    case 'cleared':
      return 'success' as const;
    case 'waived':
      return 'secondary' as const;
    case 'withdrawn':
      return 'default' as const;
  }
};

/**
 * The funding requirements worksheet (issue 14, `/fundingRequirements/{id}`): the requirements cockpit — the
 * checklist of stipulations on the left (status, source, ageing, who and when; Mark Received, Clear, Waive with a
 * reason, Reopen; the documents that satisfy each), the selected document previewed inline on the right. Each
 * action saves at once (no edit lock: the server checks the requirement's `updatedAt`), so nothing is unsaved.
 */
export const FundingRequirementsPage = () => {
  const { applicationId, refreshInfo } = useWorksheet();
  const query = useFundingRequirements(applicationId);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<FundingRequirementFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiving, setWaiving] = useState<FundingRequirementRow | null>(null);

  if (query.isPending) return <Skeleton variant="rounded" height={480} />;
  const worksheet = query.data;
  if (!worksheet)
    return (
      <Alert severity="error" data-testid="funding-requirements-load-error">
        {labels.retrieveFailed}
      </Alert>
    );

  /** Runs a change; the answer is the new worksheet. A refusal (403, 409 stale, 422) is the global error toast. */
  const run = async (work: () => Promise<FundingRequirementsWorksheet>, success: string) => {
    setBusy(true);
    try {
      const next = await work();
      queryClient.setQueryData(fundingRequirementKeys.worksheet(applicationId), next);
      toasts.success(success);
      if (next.queue !== worksheet.queue) refreshInfo();
      void queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) });
      return true;
    } catch (error) {
      showApiErrorToast(error);
      void query.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const setStatus = (r: FundingRequirementRow, status: FundingRequirementSettableStatus, waiveReason?: string) =>
    run(() => changeStatus(applicationId, r.id, { status, waiveReason, updatedAt: r.updatedAt }), labels.saved);

  const open = worksheet.requirements.filter((r) => r.status !== 'withdrawn');
  const withdrawn = worksheet.requirements.filter((r) => r.status === 'withdrawn');
  const outstanding = open.filter((r) => r.required && (r.status === 'outstanding' || r.status === 'received'));
  const decided = worksheet.state === 'approved' || worksheet.state === 'counteroffer';

  return (
    <Stack spacing={2} data-testid="funding-requirements">
      {worksheet.readyForFunding ? (
        <Alert severity="success" data-testid="ready-for-funding">
          {labels.readyForFunding}
        </Alert>
      ) : decided && !worksheet.requirementsOutstanding ? (
        <Alert severity="info" data-testid="waiting-for-packet">
          {labels.waitingForPacket}
        </Alert>
      ) : !decided ? (
        <Alert severity="info">{labels.notWorkable}</Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(420px, 5fr) 7fr' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          component="section"
          aria-label={labels.checklist}
          sx={{ p: 2, minWidth: 0 }}
          data-testid="requirements-checklist"
        >
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
              {labels.checklist}
            </Typography>
            {decided ? (
              <Chip
                size="small"
                color={outstanding.length > 0 ? 'warning' : 'success'}
                label={outstanding.length > 0 ? labels.outstandingCount(outstanding.length) : labels.allCleared}
                data-testid="outstanding-count"
              />
            ) : null}
          </Stack>
          {worksheet.requirements.length === 0 ? (
            <Typography color="text.secondary">{labels.noRequirements}</Typography>
          ) : null}
          <Stack spacing={1.5}>
            {[...open, ...withdrawn].map((r) => (
              <RequirementItem
                key={r.id}
                requirement={r}
                worksheet={worksheet}
                busy={busy}
                selectedFileId={selected?.applicationFileId ?? null}
                onSelect={setSelected}
                onStatus={(status) => void setStatus(r, status)}
                onWaive={() => setWaiving(r)}
                onAttach={(fileId) => void run(() => attachFile(applicationId, r.id, fileId), labels.fileAttached)}
                onDetach={(fileId) => void run(() => detachFile(applicationId, r.id, fileId), labels.fileDetached)}
              />
            ))}
          </Stack>
          {worksheet.canWork ? (
            <AddRequirement
              busy={busy}
              onAdd={(description) => run(() => addRequirement(applicationId, description), labels.added)}
            />
          ) : null}
        </Paper>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 }, minWidth: 0 }}>
          <DocumentPreview applicationId={applicationId} file={selected} />
        </Box>
      </Box>
      {waiving ? (
        <WaiveDialog
          requirement={waiving}
          onClose={() => setWaiving(null)}
          onWaive={async (reason) => {
            if (await setStatus(waiving, 'waived', reason)) setWaiving(null);
          }}
        />
      ) : null}
    </Stack>
  );
};

const RequirementItem = ({
  requirement: r,
  worksheet,
  busy,
  selectedFileId,
  onSelect,
  onStatus,
  onWaive,
  onAttach,
  onDetach,
}: {
  requirement: FundingRequirementRow;
  worksheet: FundingRequirementsWorksheet;
  busy: boolean;
  selectedFileId: number | null;
  onSelect: (file: FundingRequirementFile) => void;
  onStatus: (status: FundingRequirementSettableStatus) => void;
  onWaive: () => void;
  onAttach: (applicationFileId: number) => void;
  onDetach: (applicationFileId: number) => void;
}) => {
  const [toAttach, setToAttach] = useState<number | ''>('');
  const isWithdrawn = r.status === 'withdrawn';
  const isOpen = r.status === 'outstanding' || r.status === 'received';
  const canWork = worksheet.canWork && !isWithdrawn;
  const clearTip = r.canClear
    ? ''
    : r.clearGroups.length > 0
      ? labels.mayNotClear(r.clearGroups)
      : labels.mayNotClearShort;
  const attachable = worksheet.files.filter((f) => !r.files.some((l) => l.applicationFileId === f.applicationFileId));
  const changedAt = r.statusChangedAt ?? r.createdAt;
  const guarded = (label: string, onClick: () => void, testId: string, variant: 'contained' | 'outlined') => (
    <Tooltip title={canWork ? clearTip : ''}>
      <span>
        <Button
          size="small"
          variant={variant}
          disabled={!canWork || !r.canClear || busy}
          onClick={onClick}
          data-testid={testId}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, opacity: isWithdrawn ? 0.6 : 1, bgcolor: isOpen && r.required ? undefined : 'action.hover' }}
      data-testid={`requirement-${r.id}`}
      aria-label={r.description}
      component="article"
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Typography sx={{ flex: 1, fontWeight: 600, whiteSpace: 'pre-wrap' }} data-testid="requirement-description">
          {r.description}
        </Typography>
        <Chip
          size="small"
          color={statusColor(r.status)}
          label={fundingRequirementStatusLabels[r.status]}
          data-testid="requirement-status"
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.75 }}>
        <Chip size="small" variant="outlined" label={fundingRequirementSourceLabels[r.source]} />
        <Chip size="small" variant="outlined" label={r.required ? labels.required : labels.optional} />
        <Typography variant="caption" color="text.secondary" data-testid="requirement-ageing">
          {labels.ageing(r.ageDays)}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="requirement-changed">
          {isWithdrawn
            ? labels.withdrawnNote
            : labels.by(fundingRequirementStatusLabels[r.status], r.statusChangedBy, formatDateTime(changedAt))}
        </Typography>
        {r.clearGroups.length > 0 ? (
          <Typography variant="caption" color="text.secondary">
            Clears: {r.clearGroups.join(', ')}
          </Typography>
        ) : null}
      </Stack>
      {r.waiveReason ? (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="requirement-waive-reason">
          Waived: {r.waiveReason}
        </Typography>
      ) : null}

      <Box sx={{ mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {labels.documents}
        </Typography>
        {r.files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {labels.noDocuments}
          </Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            {r.files.map((f) => (
              <Chip
                key={f.applicationFileId}
                icon={<DescriptionOutlinedIcon />}
                label={f.name}
                clickable
                color={selectedFileId === f.applicationFileId ? 'primary' : 'default'}
                variant={selectedFileId === f.applicationFileId ? 'filled' : 'outlined'}
                onClick={() => onSelect(f)}
                onDelete={canWork && !busy ? () => onDetach(f.applicationFileId) : undefined}
                deleteIcon={<CloseIcon aria-label={labels.removeDocument} />}
                data-testid={`requirement-file-${f.applicationFileId}`}
                aria-pressed={selectedFileId === f.applicationFileId}
              />
            ))}
          </Stack>
        )}
        {canWork && worksheet.files.length > 0 && attachable.length > 0 ? (
          <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={labels.attachDocument}
              value={toAttach}
              onChange={(event) => setToAttach(Number(event.target.value))}
              sx={{ minWidth: 220, flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': `attach-select-${r.id}` } }}
            >
              {attachable.map((f) => (
                <MenuItem key={f.applicationFileId} value={f.applicationFileId}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              size="small"
              disabled={toAttach === '' || busy}
              onClick={() => {
                if (toAttach !== '') onAttach(toAttach);
                setToAttach('');
              }}
            >
              {labels.attach}
            </Button>
          </Stack>
        ) : null}
      </Box>

      {canWork ? (
        <Stack direction="row" sx={{ gap: 1, mt: 1.25, flexWrap: 'wrap' }}>
          {r.status === 'outstanding' ? (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => onStatus('received')}
              data-testid="mark-received"
            >
              {labels.markReceived}
            </Button>
          ) : null}
          {isOpen ? guarded(labels.clear, () => onStatus('cleared'), 'clear', 'contained') : null}
          {isOpen ? guarded(labels.waive, onWaive, 'waive', 'outlined') : null}
          {r.status === 'cleared' || r.status === 'waived'
            ? guarded(labels.reopen, () => onStatus('outstanding'), 'reopen', 'outlined')
            : null}
        </Stack>
      ) : null}
    </Paper>
  );
};

const WaiveDialog = ({
  requirement,
  onClose,
  onWaive,
}: {
  requirement: FundingRequirementRow;
  onClose: () => void;
  onWaive: (reason: string) => Promise<void>;
}) => (
  <ReasonDialog
    title={labels.waiveTitle}
    label={labels.waiveReason}
    confirmText={labels.waive}
    cancelText={labels.cancel}
    max={FUNDING_REQUIREMENT_WAIVE_REASON_MAX}
    requiredText={labels.waiveReasonRequired}
    tooLongText={labels.waiveReasonTooLong}
    testId="waive"
    onClose={onClose}
    onConfirm={onWaive}
  >
    <Typography sx={{ mb: 2 }}>{requirement.description}</Typography>
  </ReasonDialog>
);

const AddRequirement = ({ busy, onAdd }: { busy: boolean; onAdd: (description: string) => Promise<boolean> }) => {
  const [description, setDescription] = useState('');
  const trimmed = description.trim();
  return (
    <Stack
      direction="row"
      component="form"
      sx={{ gap: 1, mt: 2, alignItems: 'flex-start' }}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!trimmed) return;
        if (await onAdd(trimmed)) setDescription('');
      }}
    >
      <TextField
        size="small"
        fullWidth
        label={labels.addRequirement}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: FUNDING_REQUIREMENT_DESCRIPTION_MAX, 'data-testid': 'add-requirement' } }}
      />
      <Button type="submit" variant="outlined" disabled={!trimmed || busy}>
        {labels.add}
      </Button>
    </Stack>
  );
};
