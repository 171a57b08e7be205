import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  messages,
  screeningEndpoints,
  screeningProviders,
  type ScreeningResult,
  type ScreeningService,
} from '@credence/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { applicationKeys } from '../api.ts';
import { WorksheetCard } from '../worksheet/view-parts.tsx';

const serviceLabels: Record<ScreeningService, string> = {
  kyc: messages.credit.kycTitle,
  aiScoring: 'AI Scoring',
  riskEvaluation: 'Risk Evaluation',
  vehicleHistory: 'Vehicle History',
};

const screeningKey = (id: number) => ['applications', id, 'screening'] as const;

/** One line per result: what the provider said, in words. */
const summaryOf = (r: ScreeningResult): string => {
  const result = r.result as Record<string, unknown>;
  switch (r.service) {
    case 'kyc':
      return ((result.riskScreeningResponseDetails as { message: string }[] | undefined) ?? [])
        .map((d) => d.message)
        .join(' ');
    case 'aiScoring':
      return ((result.reasons as string[] | undefined) ?? []).join(', ');
    case 'riskEvaluation':
      return ((result.reasons as string[] | undefined) ?? []).join(', ');
    case 'vehicleHistory':
      return (
        (result.vehicles as
          | { vin: string; owners: number; accidents: number; titleBrands: string[]; odometerRollback: boolean }[]
          | undefined) ?? []
      )
        .map(
          (v) =>
            `${v.vin}: ${v.owners} owner(s), ${v.accidents} accident(s)${v.titleBrands.length ? `, ${v.titleBrands.join(', ')} title` : ''}${v.odometerRollback ? ', odometer rollback' : ''}`,
        )
        .join('; ');
  }
};

const ProviderSelect = ({
  label,
  providers,
  value,
  onChange,
}: {
  label: string;
  providers: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) => (
  <FormControl size="small" sx={{ minWidth: 130 }}>
    <InputLabel id={`${label}-provider`}>{label}</InputLabel>
    <Select labelId={`${label}-provider`} label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {providers.map((p) => (
        <MenuItem key={p} value={p}>
          {p}
        </MenuItem>
      ))}
    </Select>
  </FormControl>
);

/**
 * The screening services on the credit worksheet (spec 3 §7 Decisions, issue 11 item 4): KYC consumer verification
 * ('KYC Check' toasts with Result and Detail, a warning when not pass), AI scoring, risk evaluation and vehicle
 * history, with the newest result of each.
 */
export const ScreeningCard = ({
  applicationId,
  mayRun,
  applicantName,
}: {
  applicationId: number;
  mayRun: boolean;
  applicantName: (applicantId: number | null) => string;
}) => {
  const queryClient = useQueryClient();
  const results = useQuery({
    queryKey: screeningKey(applicationId),
    queryFn: ({ signal }) => callEndpoint(screeningEndpoints.results, { params: { applicationId } }, { signal }),
  });
  const [scoring, setScoring] = useState<string>(screeningProviders.aiScoring[0]);
  const [risk, setRisk] = useState<string>(screeningProviders.riskEvaluation[0]);
  const [vehicle, setVehicle] = useState<string>(screeningProviders.vehicleHistory[0]);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, onError?: (error: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      (onError ?? showApiErrorToast)(error);
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: screeningKey(applicationId) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) }),
      ]);
    }
  };

  const kyc = () =>
    run(
      async () => {
        const answer = await callEndpoint(screeningEndpoints.kyc, { body: { applicationId } });
        for (const r of answer.kycResponses) {
          const detail = r.riskScreeningResponseDetails.map((d) => d.message).join(' ');
          const text = `${r.applicantName}: ${messages.credit.kycResult(r.finalResult, detail)}`;
          if (r.finalResult === 'pass') toasts.success(messages.credit.kycTitle, text);
          else toasts.warning(messages.credit.kycTitle, text);
        }
      },
      // Spec 3 §8: the third-party error toast, unless the status is 500 (the generic error then).
      (error) =>
        isApiError(error) && error.status !== 500
          ? toasts.error(messages.credit.kycTitle, error.message)
          : showApiErrorToast(error),
    );

  const rows = results.data ?? [];
  return (
    <WorksheetCard title="Screening" testId="screening-card">
      {mayRun ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Button variant="outlined" disabled={busy} onClick={() => void kyc()}>
            KYC Check
          </Button>
          <ProviderSelect
            label="Scoring"
            providers={screeningProviders.aiScoring}
            value={scoring}
            onChange={setScoring}
          />
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void run(() =>
                callEndpoint(screeningEndpoints.submitAiScoring, {
                  params: { applicationId },
                  query: { provider: scoring },
                }),
              )
            }
          >
            AI Scoring
          </Button>
          <ProviderSelect label="Risk" providers={screeningProviders.riskEvaluation} value={risk} onChange={setRisk} />
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void run(() =>
                callEndpoint(screeningEndpoints.riskEvaluation, { query: { appId: applicationId, provider: risk } }),
              )
            }
          >
            Risk Evaluation
          </Button>
          <ProviderSelect
            label="History"
            providers={screeningProviders.vehicleHistory}
            value={vehicle}
            onChange={setVehicle}
          />
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void run(() =>
                callEndpoint(screeningEndpoints.vehicleHistory, {
                  params: { applicationId },
                  body: { provider: vehicle },
                }),
              )
            }
          >
            Vehicle History
          </Button>
        </Stack>
      ) : null}
      {rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          No screening results yet
        </Typography>
      ) : (
        <Table size="small" aria-label="Screening results">
          <TableHead>
            <TableRow>
              <TableCell>Service</TableCell>
              <TableCell>Applicant</TableCell>
              <TableCell>Result</TableCell>
              <TableCell>Detail</TableCell>
              <TableCell>When</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {serviceLabels[r.service]} ({r.provider})
                </TableCell>
                <TableCell>{applicantName(r.applicantId)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={r.outcome}
                    variant="outlined"
                    color={['pass', 'clean', 'low'].includes(r.outcome) ? 'success' : 'default'}
                  />
                </TableCell>
                <TableCell>{summaryOf(r)}</TableCell>
                <TableCell>
                  {formatDateTime(r.createdAt)}
                  {r.createdBy ? ` by ${r.createdBy}` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorksheetCard>
  );
};
