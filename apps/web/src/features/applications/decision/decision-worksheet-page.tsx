import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast, type Id } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  controlTypeLabels,
  decisionTypeLabels,
  decisionTypes,
  messages,
  policyRunEndpoints,
  type DecisionCodeOption,
  type DecisionType,
  type DecisionWorksheet,
  type TruthInLendingRequestParsed,
} from '@credence/contracts';
import {
  formatApr,
  formatPercent,
  formatRate,
  formatUsDate,
  money,
  paymentFrequencyLabels,
  paymentFrequencyNames,
} from '@credence/domain';
import {
  CheckboxInput,
  DateInput,
  enumLabel,
  MoneyInput,
  MultiSelectInput,
  SelectInput,
  TextInput,
} from '../../../components/form/fields.tsx';
import { showMoney } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { lenderToday } from '../../../lib/lender-today.ts';
import { apiErrorText, showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import { TruthInLendingBox, useFormDisclosure } from '../../truth-in-lending/index.ts';
import { applicationKeys } from '../api.ts';
import { DataList, WorksheetCard } from '../worksheet/view-parts.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import {
  decisionKeys,
  retractDecision,
  submitDecision,
  useDecisionCodes,
  useDecisionWorksheet,
} from './decision-api.ts';
import {
  afterTermOrAmount,
  applyCell,
  approvalTermsOf,
  codesOfType,
  disclosureRequestOf,
  figuresOf,
  initialForm,
  submitBodyOf,
  withTerms,
  type DecisionForm,
} from './decision-form.ts';
import { DecisionHistoryCard } from './decision-history-card.tsx';
import { PolicyExceptionDialog, PolicyExceptionView } from './policy-exception.tsx';
import { LendProAction, lendProDialog } from '../../lender-protection/index.ts';
import { PolicyResultCard, ResultPanels } from './policy-result.tsx';
import { RateGridTable } from './rate-grid-table.tsx';
import { decisionLabels, decisionPageTexts } from './texts.ts';

/** Spec 3 §5: each server validation error of a decision save is its own 'Validation Error' toast. */
const fieldOfPath: Record<string, keyof DecisionForm> = {
  'approval.contractDate': 'contractDate',
  'approval.firstPaymentDate': 'firstPaymentDate',
  'approval.amount': 'amount',
  'approval.balloonAmount': 'balloonAmount',
  'approval.term': 'term',
  'approval.interestRate': 'interestRate',
  'approval.paymentFrequencyId': 'paymentFrequency',
  'approval.paymentMethodId': 'paymentMethodId',
};

/** Issue 41: a 422 of the disclosure call on the field of the terms it names (the rest shows in the box). */
const fieldOfDisclosure: Partial<Record<keyof TruthInLendingRequestParsed, keyof DecisionForm>> = {
  amount: 'amount',
  annualRate: 'interestRate',
  term: 'term',
  paymentFrequencyId: 'paymentFrequency',
  contractDate: 'contractDate',
  firstPaymentDate: 'firstPaymentDate',
  balloonAmount: 'balloonAmount',
};

const pct = (value: string | null) => (value === null ? null : formatPercent(money(value)));
const codeLabel = (c: DecisionCodeOption) => `${c.code} — ${c.description}`;

/** Spec 3 §4: the decision in the summary — rate, payment and tier for approve, counteroffer and pending. */
const DecisionSummaryBar = ({ worksheet }: { worksheet: DecisionWorksheet }) => {
  const d = worksheet.decision;
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1.25 }}
      data-testid="decision-summary"
      aria-label={decisionLabels.summary}
    >
      {d === null ? (
        <Typography variant="body2" color="text.secondary">
          {decisionPageTexts.notDecided}
        </Typography>
      ) : (
        <Stack direction="row" spacing={3} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            label={decisionTypeLabels[d.decisionType]}
            color={d.decisionType === 'approve' ? 'success' : d.decisionType === 'decline' ? 'error' : 'warning'}
            data-testid="decision-summary-type"
          />
          {withTerms(d.decisionType) ? (
            <>
              <Typography variant="body2">
                Rate <strong data-testid="decision-summary-rate">{formatRate(d.rate) || '—'}</strong>
              </Typography>
              <Typography variant="body2">
                Payment <strong data-testid="decision-summary-payment">{showMoney(d.payment)}</strong>
              </Typography>
              <Typography variant="body2">
                Tier <strong data-testid="decision-summary-tier">{d.tier ?? '—'}</strong>
              </Typography>
            </>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(d.decidedAt)} · {d.source === 'auto' ? 'Auto-decision' : (d.decidedBy ?? '')}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
};

/** The request, the collateral and the derived values (spec 3 §3). */
const RequestCard = ({ worksheet }: { worksheet: DecisionWorksheet }) => {
  const d = worksheet.derived;
  const vehicle = ['AUTOMOTIVE', 'BOAT', 'RV'].includes(worksheet.loanProductControlType);
  return (
    <WorksheetCard title={decisionLabels.request} testId="decision-request-card">
      <DataList
        min={140}
        items={[
          {
            label: 'Loan Product',
            value: `${worksheet.loanProductName} (${controlTypeLabels[worksheet.loanProductControlType]})`,
          },
          { label: 'Loan Amount', value: showMoney(d.loanAmount), strong: true, testId: 'request-loan-amount' },
          { label: 'Term', value: worksheet.requestedTerm === null ? null : `${worksheet.requestedTerm} months` },
          {
            label: 'Frequency',
            value: worksheet.requestedPaymentFrequencyId
              ? paymentFrequencyLabels[worksheet.requestedPaymentFrequencyId]
              : null,
          },
          { label: 'Collateral Value', value: showMoney(worksheet.value), testId: 'request-value' },
          vehicle && { label: 'Sales Price', value: showMoney(worksheet.negotiatedPrice) },
          vehicle && { label: 'Total Down', value: showMoney(d.totalDown) },
          vehicle && { label: 'Percent Down', value: pct(d.percentDown) },
          { label: 'LTV', value: pct(d.ltv), testId: 'request-ltv' },
          { label: 'Requested LTV', value: pct(d.requestedLtv) },
          { label: 'Total Back-End', value: showMoney(d.totalBackEnd) },
          worksheet.year !== null && { label: 'Year', value: worksheet.year },
          d.vehicleAge !== null && { label: 'Vehicle Age', value: `${d.vehicleAge} years` },
          worksheet.mileage !== null && { label: 'Mileage', value: worksheet.mileage.toLocaleString('en-US') },
          worksheet.existingLienBalance !== null && {
            label: 'Existing Lien',
            value: showMoney(worksheet.existingLienBalance),
          },
        ]}
      />
    </WorksheetCard>
  );
};

/** Code checkboxes bound to an array of code ids. */
const CodeChecks = ({
  form,
  name,
  codes,
  disabled,
  what,
  single,
}: {
  form: UseFormReturn<DecisionForm>;
  name: 'reasons' | `declines.${number}.codeIds`;
  codes: readonly DecisionCodeOption[];
  disabled: boolean;
  what: string;
  single?: boolean;
}) =>
  codes.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      {decisionPageTexts.noCodes(what)}
    </Typography>
  ) : (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const chosen = (field.value as number[] | undefined) ?? [];
        return single ? (
          <RadioGroup
            aria-label={what}
            value={chosen[0] ?? ''}
            onChange={(e) => field.onChange([Number(e.target.value)])}
          >
            {codes.map((c) => (
              <FormControlLabel
                key={c.id}
                value={c.id}
                disabled={disabled}
                control={<Radio size="small" />}
                label={codeLabel(c)}
              />
            ))}
          </RadioGroup>
        ) : (
          <FormGroup
            aria-label={what}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, columnGap: 2 }}
          >
            {codes.map((c) => (
              <FormControlLabel
                key={c.id}
                disabled={disabled}
                label={codeLabel(c)}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.includes(c.id)}
                    onChange={(e) =>
                      field.onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        );
      }}
    />
  );

/** Decline reasons per applicant: a tab each, with the lender's decline codes and a free-format reason. */
const DeclineReasons = ({
  form,
  worksheet,
  codes: allCodes,
  disabled,
}: {
  form: UseFormReturn<DecisionForm>;
  worksheet: DecisionWorksheet;
  codes: readonly DecisionCodeOption[];
  disabled: boolean;
}) => {
  const [tab, setTab] = useState(0);
  const codes = codesOfType(allCodes, 'declineReason');
  const declines = useWatch({ control: form.control, name: 'declines' });
  if (worksheet.applicants.length === 0)
    return <Typography color="text.secondary">{decisionPageTexts.noApplicants}</Typography>;
  const current = Math.min(tab, worksheet.applicants.length - 1);
  return (
    <Box data-testid="decline-reasons">
      <Tabs
        value={current}
        onChange={(_e, value: number) => setTab(value)}
        aria-label={decisionLabels.declineReasons}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5 }}
      >
        {worksheet.applicants.map((a, i) => {
          const count = (declines?.[i]?.codeIds.length ?? 0) + (declines?.[i]?.freeFormat.trim() ? 1 : 0);
          return <Tab key={a.id} value={i} label={`${a.name} (${enumLabel(a.role)})${count ? ` · ${count}` : ''}`} />;
        })}
      </Tabs>
      {worksheet.applicants.map((a, i) =>
        i === current ? (
          <Box key={a.id} role="tabpanel" aria-label={`Decline reasons for ${a.name}`}>
            <CodeChecks
              form={form}
              name={`declines.${i}.codeIds`}
              codes={codes}
              disabled={disabled}
              what="decline reason"
            />
            <Box sx={{ mt: 1.5, maxWidth: 640 }}>
              <TextInput
                name={`declines.${i}.freeFormat`}
                label={decisionPageTexts.freeFormatReason}
                maxLength={200}
                disabled={disabled}
              />
            </Box>
          </Box>
        ) : null,
      )}
    </Box>
  );
};

/** Additions: selected or not, flat or per $1,000 of the amount, with the amount each comes to. */
const AdditionsTable = ({
  worksheet,
  amounts,
  disabled,
}: {
  worksheet: DecisionWorksheet;
  amounts: ReturnType<typeof figuresOf>['additions'];
  disabled: boolean;
}) =>
  worksheet.additions.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      {decisionPageTexts.noAdditions}
    </Typography>
  ) : (
    <Table size="small" aria-label={decisionLabels.additions} data-testid="decision-additions">
      <TableHead>
        <TableRow>
          <TableCell>Add On</TableCell>
          <TableCell>Priced</TableCell>
          <TableCell sx={{ width: 180 }}>Price</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {worksheet.additions.map((a, i) => (
          <TableRow key={a.id}>
            <TableCell>
              <CheckboxInput name={`additions.${i}.selected`} label={a.name} disabled={disabled} />
            </TableCell>
            <TableCell>{a.feeType === 'per1000' ? 'Per $1,000' : 'Flat'}</TableCell>
            <TableCell>
              <MoneyInput name={`additions.${i}.flatAmount`} label={`${a.name} price`} disabled={disabled} />
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {showMoney(amounts.additions[i]?.amount.toFixed(2))}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
            Total of selected additions
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="additions-total">
            {showMoney(amounts.total.toFixed(2))}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );

const Stipulations = ({ form, disabled }: { form: UseFormReturn<DecisionForm>; disabled: boolean }) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'fundingRequirements' });
  return (
    <Stack spacing={1} data-testid="decision-stipulations">
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {decisionPageTexts.noStipulations}
        </Typography>
      ) : null}
      {fields.map((f, i) => (
        <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextInput
            name={`fundingRequirements.${i}.description`}
            label={`${decisionPageTexts.stipulationLabel} ${i + 1}`}
            maxLength={500}
            disabled={disabled}
          />
          <IconButton aria-label={`Remove stipulation ${i + 1}`} onClick={() => remove(i)} disabled={disabled}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button size="small" onClick={() => append({ description: '' })} disabled={disabled}>
          {decisionPageTexts.addStipulation}
        </Button>
      </Box>
    </Stack>
  );
};

/**
 * The Decision worksheet (`/decision/{id}`, spec 3 §2–§9, issue 13): the request and its derived values, the
 * policy result, the rate grid, the decision (approve, counter-offer, pending, decline or cancel) with its terms,
 * disclosure, additions, stipulations and reasons, the result panels and the decision history with its receipts,
 * the retraction and the decline letters.
 */
export const DecisionWorksheetPage = () => {
  const { applicationId, canEdit, readOnlyReason, refreshInfo, startEditing } = useWorksheet();
  const worksheetQuery = useDecisionWorksheet(applicationId);
  const worksheet = worksheetQuery.data;
  if (!applicationId) return <Alert severity="error">{decisionPageTexts.applicationIdNotSupplied}</Alert>;
  if (worksheetQuery.isPending) return <Skeleton variant="rounded" height={480} />;
  if (!worksheet)
    return (
      <Alert severity="error" data-testid="decision-load-error">
        {decisionPageTexts.worksheetRetrieveFailed}
      </Alert>
    );
  return (
    <DecisionWorksheetForm
      key={`${worksheet.id}-${worksheet.decision?.decisionId ?? 0}-${worksheet.state}`}
      worksheet={worksheet}
      canEdit={canEdit}
      readOnlyReason={readOnlyReason}
      refreshInfo={refreshInfo}
      startEditing={startEditing}
    />
  );
};

const DecisionWorksheetForm = ({
  worksheet,
  canEdit,
  readOnlyReason,
  refreshInfo,
  startEditing,
}: {
  worksheet: DecisionWorksheet;
  canEdit: boolean;
  readOnlyReason: string | null;
  refreshInfo: () => void;
  startEditing: () => Promise<boolean>;
}) => {
  const applicationId = worksheet.id;
  const { data: user } = useCurrentUser();
  const mayDecide = hasRight(user, 'canDecisionALoan');
  const queryClient = useQueryClient();
  const today = useMemo(() => lenderToday(), []);
  const defaults = useMemo(() => initialForm(worksheet, today), [worksheet, today]);
  const form = useForm<DecisionForm>({ defaultValues: defaults });
  const values = useWatch({ control: form.control }) as DecisionForm;
  const [busy, setBusy] = useState<'save' | 'retract' | 'engine' | null>(null);
  const { allowNextNavigation } = useUnsavedChangesPrompt(form.formState.isDirty);
  const disabled = !canEdit || !mayDecide || busy !== null;
  const codes = useDecisionCodes(worksheet, mayDecide);

  // Spec 3 §4: changing the term or the amount re-selects the grid cell (a cell click sets them itself).
  const fromCell = useRef(false);
  const lastTermAmount = useRef(`${defaults.term}|${defaults.amount}`);
  const termAmount = `${values.term}|${values.amount}`;
  useEffect(() => {
    if (termAmount === lastTermAmount.current) return;
    lastTermAmount.current = termAmount;
    if (fromCell.current) {
      fromCell.current = false;
      return;
    }
    const next = afterTermOrAmount(form.getValues(), worksheet);
    if (next.interestRate !== form.getValues('interestRate'))
      form.setValue('interestRate', next.interestRate, { shouldDirty: true });
    form.setValue('cell', next.cell);
  }, [termAmount, form, worksheet]);

  // Spec 3 §9: the payment (and the disclosure) is recalculated 300 ms after the terms settle.
  const settled = useDebouncedValue(values, 300);
  const figures = useMemo(() => figuresOf(settled, worksheet), [settled, worksheet]);

  // Issue 41: the Truth in Lending disclosure of the terms from the one call, with the request the server builds
  // on the decision (the call waits for the terms to rest itself).
  const disclosureRequest = useMemo(
    () => (withTerms(values.decisionType) ? disclosureRequestOf(values, worksheet) : null),
    [values, worksheet],
  );
  const til = useFormDisclosure(disclosureRequest, form, fieldOfDisclosure);

  const chooseCell = (row: DecisionWorksheet['rateGrid'][number], cell: { ltv: string; rate: string }) => {
    const current = form.getValues();
    const next = applyCell(current, worksheet, row, cell);
    if (next === current) return;
    fromCell.current = next.term !== current.term || next.amount !== current.amount;
    form.setValue('term', next.term, { shouldDirty: true });
    form.setValue('amount', next.amount, { shouldDirty: true });
    form.setValue('interestRate', next.interestRate, { shouldDirty: true });
    form.setValue('cell', next.cell);
  };

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: decisionKeys.worksheet(applicationId) }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) }),
      queryClient.invalidateQueries({ queryKey: ['queues'] }),
    ]);
    refreshInfo();
  };

  // The 'Validation Error' toasts of the last save are closed when the user saves again.
  const validationToasts = useRef<Id[]>([]);
  // Issue 29, item 5: terms outside the policy, which this officer may except with a reason.
  const [outsidePolicy, setOutsidePolicy] = useState<{ data: DecisionForm; limits: string[] } | null>(null);
  const save = async (data: DecisionForm, policyException: { reason: string } | null = null) => {
    if (!(await startEditing())) return;
    validationToasts.current.forEach((id) => toast.dismiss(id));
    validationToasts.current = [];
    setBusy('save');
    try {
      const body = { ...submitBodyOf(data, worksheet, figuresOf(data, worksheet)), policyException };
      const result = await submitDecision(applicationId, body);
      setOutsidePolicy(null);
      toasts.success(decisionPageTexts.saved);
      allowNextNavigation();
      form.reset(data);
      queryClient.setQueryData(decisionKeys.worksheet(applicationId), result.worksheet);
      await reload();
    } catch (error) {
      if (
        isApiError(error) &&
        error.code === 'OUTSIDE_POLICY' &&
        error.details.mayOverride === true &&
        !policyException
      ) {
        const limits = error.errors.filter((e) => e.field !== 'policyException').map((e) => e.message);
        setOutsidePolicy({ data, limits });
      } else if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
        for (const e of error.errors) {
          validationToasts.current.push(toasts.error(decisionPageTexts.validationError, e.message));
          const field = fieldOfPath[e.field];
          if (field) form.setError(field, { message: e.message });
        }
      } else if (isApiError(error) && error.status === 422)
        validationToasts.current.push(
          toasts.error(decisionPageTexts.validationError, error.serverMessage ?? messages.errors.validation),
        );
      else showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };

  const retract = async () => {
    if (!(await startEditing())) return;
    const yes = await confirm({
      title: decisionPageTexts.retractTitle,
      message: decisionPageTexts.retractQuestion,
      confirmText: 'Yes',
      cancelText: 'No',
    });
    if (!yes) return;
    setBusy('retract');
    try {
      await retractDecision(applicationId, null);
      toasts.success(decisionPageTexts.retractTitle, decisionPageTexts.retracted);
      allowNextNavigation();
      await reload();
    } catch (error) {
      if (!isSessionError(error)) toasts.error(decisionPageTexts.retractTitle, apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  const runEngine = async () => {
    setBusy('engine');
    try {
      await callEndpoint(policyRunEndpoints.runAutoApproval, { params: { id: applicationId }, body: {} });
      await reload();
    } catch (error) {
      if (!isSessionError(error))
        toasts.error(
          messages.errors.title,
          isApiError(error) && error.status === 409 && error.serverMessage
            ? error.serverMessage
            : decisionPageTexts.engineError,
        );
    } finally {
      setBusy(null);
    }
  };

  const type = values.decisionType;
  const conditionCodes = codesOfType(codes, 'approvalCondition');
  const counterCodes = codesOfType(codes, 'counterReason');
  const cancelCodes = codesOfType(codes, 'cancelReason');
  const codeText = (id: number) => {
    const c = codes.find((x) => x.id === id);
    return c ? codeLabel(c) : String(id);
  };
  const saveBlockedReason = !mayDecide ? messages.errors.forbidden : !canEdit ? readOnlyReason : null;

  return (
    <FormProvider {...form}>
      <Stack
        spacing={2}
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((data) => save(data))(event)}
        aria-label="Decision worksheet"
      >
        <DecisionSummaryBar worksheet={worksheet} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <RequestCard worksheet={worksheet} />
          <PolicyResultCard
            policy={worksheet.policy}
            actions={
              mayDecide ? (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void runEngine()}
                  disabled={busy !== null || !canEdit}
                >
                  Run Decision Engine
                </Button>
              ) : null
            }
          />
        </Box>

        <WorksheetCard title={decisionLabels.rateGrid} testId="decision-rate-grid-card">
          <RateGridTable
            grid={worksheet.rateGrid}
            frequency={values.paymentFrequency}
            selected={values.cell}
            disabled={disabled || !withTerms(type)}
            onChoose={chooseCell}
          />
        </WorksheetCard>

        <WorksheetCard title={decisionLabels.decision} testId="decision-card">
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="decisionType"
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  color="primary"
                  value={field.value}
                  onChange={(_e, next: DecisionType | null) => next && field.onChange(next)}
                  aria-label="Decision type"
                  disabled={disabled}
                  sx={{ flexWrap: 'wrap' }}
                >
                  {decisionTypes.map((t) => (
                    <ToggleButton key={t} value={t} sx={{ px: 2.5 }}>
                      {decisionTypeLabels[t]}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
            />

            {withTerms(type) ? (
              <>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
                  }}
                  data-testid="decision-terms"
                >
                  <DateInput name="contractDate" label="Contract Date" required disabled={disabled} />
                  <DateInput name="firstPaymentDate" label="First Payment Date" required disabled={disabled} />
                  <MoneyInput name="amount" label="Amount" required disabled={disabled} />
                  <MoneyInput
                    name="balloonAmount"
                    label="Balloon Amount"
                    disabled={disabled}
                    helperText="Due with the last payment"
                  />
                  <TextInput
                    name="term"
                    label="Term (months)"
                    required
                    inputMode="numeric"
                    maxLength={3}
                    disabled={disabled}
                  />
                  <TextInput
                    name="interestRate"
                    label="Rate (%)"
                    required
                    inputMode="decimal"
                    maxLength={6}
                    disabled={disabled}
                  />
                  <SelectInput
                    name="paymentFrequency"
                    label="Payment Frequency"
                    required
                    disabled={disabled}
                    options={paymentFrequencyNames.map((f) => ({ value: f, label: paymentFrequencyLabels[f] }))}
                  />
                  <SelectInput
                    name="paymentMethodId"
                    label="Payment Method"
                    numeric
                    emptyLabel="None"
                    disabled={disabled}
                    options={worksheet.paymentMethods.map((m) => ({ value: m.id, label: m.name }))}
                  />
                  <TextField
                    label="Buy Rate (%)"
                    value={figures.buyRate === null ? '' : figures.buyRate.toString()}
                    slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'buy-rate', tabIndex: -1 } }}
                    helperText={
                      worksheet.rateMatching
                        ? 'Rate matching'
                        : worksheet.maximumSpread
                          ? `Max spread ${worksheet.maximumSpread}%`
                          : ' '
                    }
                    sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
                  />
                  <TextField
                    label="LTV"
                    value={figures.ltv ? formatPercent(figures.ltv) : ''}
                    slotProps={{
                      input: { readOnly: true },
                      htmlInput: { 'data-testid': 'decision-ltv', tabIndex: -1 },
                    }}
                    helperText="At the amount decided"
                    sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
                  />
                </Box>
                <MultiSelectInput
                  name="approvalConditionCodeIds"
                  label="Approval Conditions"
                  disabled={disabled}
                  options={conditionCodes.map((c) => ({ value: c.id, label: codeLabel(c) }))}
                />
                <Paper variant="outlined" sx={{ p: 1.5 }}>
                  <TruthInLendingBox
                    disclosure={til.view}
                    busy={til.busy}
                    failure={til.failure}
                    onRetry={til.retry}
                    testIdPrefix="decision"
                  />
                </Paper>
                <Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {decisionLabels.additions}
                  </Typography>
                  <AdditionsTable worksheet={worksheet} amounts={figures.additions} disabled={disabled} />
                </Box>
                <Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {decisionLabels.stipulations}
                  </Typography>
                  <Stipulations form={form} disabled={disabled} />
                </Box>
              </>
            ) : null}

            {type === 'counteroffer' ? (
              <Box data-testid="counter-reasons">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {decisionLabels.counterReasons}
                </Typography>
                <CodeChecks form={form} name="reasons" codes={counterCodes} disabled={disabled} what="counter reason" />
              </Box>
            ) : null}
            {type === 'cancel' ? (
              <Box data-testid="cancel-reason">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {decisionLabels.cancelReason}
                </Typography>
                <CodeChecks
                  form={form}
                  name="reasons"
                  codes={cancelCodes}
                  disabled={disabled}
                  what="cancel reason"
                  single
                />
              </Box>
            ) : null}
            {type === 'decline' ? (
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {decisionLabels.declineReasons}
                </Typography>
                <DeclineReasons form={form} worksheet={worksheet} codes={codes} disabled={disabled} />
              </Box>
            ) : null}

            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {mayDecide ? (
                <LendProAction
                  disabled={disabled}
                  dialog={() => lendProDialog<DecisionForm>(form, worksheet, codes, (data) => save(data))}
                />
              ) : null}
              <Tooltip title={saveBlockedReason ?? ''}>
                <span>
                  <Button type="submit" variant="contained" disabled={disabled}>
                    Save Decision
                  </Button>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
        </WorksheetCard>

        <WorksheetCard title={decisionLabels.results} testId="decision-results-card">
          {worksheet.policyException ? (
            <Box sx={{ mb: 2 }}>
              <PolicyExceptionView exception={worksheet.policyException} />
            </Box>
          ) : null}
          <ResultPanels
            policy={worksheet.policy}
            counterReasons={type === 'counteroffer' ? values.reasons.map(codeText) : []}
            stipulations={[
              ...values.approvalConditionCodeIds.map(codeText),
              ...values.fundingRequirements.map((r) => r.description.trim()).filter(Boolean),
            ]}
            termsAndConditions={
              withTerms(type) && til.view
                ? [
                    `${showMoney(approvalTermsOf(values).amount)} over ${values.term} months at ${formatRate(values.interestRate)}`,
                    `${paymentFrequencyLabels[values.paymentFrequency]} payment ${showMoney(til.view.payment)}${til.view.lastPaymentDate ? `, last on ${formatUsDate(til.view.lastPaymentDate)}` : ''}`,
                    ...(til.view.balloonAmount && !money(til.view.balloonAmount).isZero()
                      ? [`Ballon Amount ${showMoney(til.view.balloonAmount)} with the last payment`]
                      : []),
                    `APR ${formatApr(money(til.view.apr))}, finance charge ${showMoney(til.view.financeCharge)}, total of payments ${showMoney(til.view.totalOfPayments)}`,
                  ]
                : []
            }
            denialReasons={
              type === 'decline'
                ? worksheet.applicants.flatMap((a, i) => {
                    const d = values.declines[i];
                    if (!d) return [];
                    return [
                      ...d.codeIds.map((id) => `${a.name}: ${codeText(id)}`),
                      ...(d.freeFormat.trim() ? [`${a.name}: ${d.freeFormat.trim()}`] : []),
                    ];
                  })
                : []
            }
          />
        </WorksheetCard>

        {outsidePolicy ? (
          <PolicyExceptionDialog
            limits={outsidePolicy.limits}
            onClose={() => setOutsidePolicy(null)}
            onConfirm={(reason) => save(outsidePolicy.data, { reason })}
          />
        ) : null}
        <DecisionHistoryCard
          worksheet={worksheet}
          canRetract={mayDecide}
          retractDisabledReason={!canEdit ? readOnlyReason : busy !== null ? '' : null}
          onRetract={() => void retract()}
        />
      </Stack>
    </FormProvider>
  );
};
