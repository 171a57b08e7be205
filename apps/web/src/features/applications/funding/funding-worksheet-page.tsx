import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast, type Id } from 'react-toastify';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import {
  decisionTypeLabels,
  loanSaveSchema,
  messages,
  type DryRunResult,
  type FundResult,
  type LoanPayoff,
  type LoanWorksheet,
  type TruthInLendingRequestParsed,
} from '@credence/contracts';
import { formatRate, formatUsDate, isIsoDate, paymentFrequencyLabels } from '@credence/domain';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { showMoney } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { hasRight, useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiErrorText, showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import { TruthInLendingBox, useFormDisclosure } from '../../truth-in-lending/index.ts';
import { applicationKeys } from '../api.ts';
import { LoanIdDialog } from '../loan-id/index.ts';
import { useLoanSummaryExportProgress } from '../loan-summary/export-progress.tsx';
import { DataList, WorksheetCard } from '../worksheet/view-parts.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useStepUp } from '../../mfa/index.ts';
import { DisbursementsTable, PayoffsTable } from './disbursements-table.tsx';
import { DryRunDialog, ProblemList } from './dry-run-dialog.tsx';
import {
  dryRunLoan,
  fetchFundingDate,
  fetchProposedDisbursements,
  fetchRescissionDate,
  fundingKeys,
  fundLoan,
  reverseLoan,
  saveLoan,
  useLenderHolidays,
  useLoanWorksheet,
  useResolvedReserve,
} from './funding-api.ts';
import {
  balanceOf,
  disclosureRequestOf,
  initialForm,
  isWeekend,
  linesOfProposal,
  savePayloadOf,
  usesRescissionOf,
  worksheetAnchorOf,
  type FundingForm,
} from './funding-form.ts';
import { fundingLabels, fundingTexts } from './texts.ts';
import { FUNDING_DEBOUNCE_MS, useDebouncedAction } from './use-debounced-action.ts';

/** Issue 41: a 422 of the disclosure call on the date it names (the loan's terms are not edited here: in the box). */
const fieldOfDisclosure: Partial<Record<keyof TruthInLendingRequestParsed, 'contractDate' | 'firstPaymentDate'>> = {
  contractDate: 'contractDate',
  firstPaymentDate: 'firstPaymentDate',
};

const date = (iso: string | null | undefined) => (iso ? formatUsDate(iso) : null);

/** The failure texts of a call (its field errors' messages, else its own message). */
const errorLines = (error: unknown): string[] =>
  isApiError(error)
    ? error.errors.length > 0
      ? error.errors.map((e) => e.message)
      : error.serverMessage
        ? [error.serverMessage]
        : []
    : [];

/** Focus a field of the worksheet by its anchor id (a dry-run problem's fixPath '#fundingDate'). */
const focusAnchor = (anchor: string) => {
  const target = document.getElementById(anchor);
  if (!target) return;
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const input = target.matches('input, textarea, [tabindex]')
    ? target
    : target.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [role="combobox"], button');
  (input ?? target).focus({ preventScroll: true });
};

/** A date's weekend or holiday hint (the lender calendar), or the given help. */
const dateHint = (value: string, holidays: ReadonlyMap<string, string>, otherwise?: string): string | undefined => {
  if (!value || !isIsoDate(value)) return otherwise;
  const holiday = holidays.get(value);
  if (holiday) return fundingTexts.holiday(holiday);
  if (isWeekend(value)) return fundingTexts.weekend;
  return otherwise;
};

/**
 * The Funding worksheet `/fund/{id}` (issue 14, item 4; spec 3 §3–§9): the loan of the approval with its dates on
 * the lender calendar, the member and loan id (the Loan Id dialog), the dealer reserve, the payoffs and the
 * disbursements that must add up to the amount financed; Save ('Loan Saved!'), Dry Run (the exact core payload
 * beside the loan, each problem with where to fix it), Fund (once, with an idempotency key per attempt) and
 * Reverse. A funded loan is shown read-only with its core loan id, funded date and booking reference.
 */
export const FundingWorksheetPage = () => {
  const { applicationId, canEdit, readOnlyReason, refreshInfo, startEditing } = useWorksheet();
  const worksheetQuery = useLoanWorksheet(applicationId);
  const worksheet = worksheetQuery.data;
  if (!applicationId) return <Alert severity="error">{fundingTexts.applicationIdNotSupplied}</Alert>;
  if (worksheetQuery.isPending) return <Skeleton variant="rounded" height={480} />;
  if (!worksheet) {
    const error = worksheetQuery.error;
    // Not approved (409/422): the application has nothing to fund yet; say so with the way to its decision.
    if (isApiError(error) && (error.status === 409 || error.status === 422))
      return (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="funding-not-available">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {fundingTexts.notApprovedTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {error.serverMessage}
          </Typography>
          <Button variant="contained" component={RouterLink} to={`/decision/${applicationId}`}>
            Open the Decision worksheet
          </Button>
        </Paper>
      );
    return (
      <Alert severity="error" data-testid="funding-load-error">
        {isApiError(error) && error.status === 403 ? messages.errors.forbidden : fundingTexts.worksheetRetrieveFailed}
      </Alert>
    );
  }
  return (
    <FundingWorksheetForm
      key={`${worksheet.loan.id ?? 0}-${worksheet.loan.isFunded}-${worksheet.loan.fundingSequence}-${worksheet.application.state}`}
      worksheet={worksheet}
      canEdit={canEdit}
      readOnlyReason={readOnlyReason}
      refreshInfo={refreshInfo}
      startEditing={startEditing}
    />
  );
};

/** The loan's terms, from the approval (not editable here). */
const LoanCard = ({ worksheet }: { worksheet: LoanWorksheet }) => {
  const { loan, approval } = worksheet;
  const additions = loan.additions.filter((a) => a.selected);
  return (
    <WorksheetCard title={fundingLabels.loan} testId="funding-loan-card">
      <DataList
        min={130}
        items={[
          { label: 'Amount', value: showMoney(loan.amount), strong: true, testId: 'loan-amount' },
          { label: 'Payment', value: showMoney(loan.monthlyPayment), strong: true, testId: 'loan-payment' },
          { label: 'Term', value: `${loan.term} months` },
          { label: 'Rate', value: formatRate(loan.interestRate), testId: 'loan-rate' },
          { label: 'Frequency', value: paymentFrequencyLabels[loan.paymentFrequencyId] },
          { label: 'Buy Rate', value: loan.buyRate === null ? null : formatRate(loan.buyRate) },
          { label: 'Decision', value: decisionTypeLabels[approval.decisionType] },
          { label: 'Channel', value: loan.direct ? 'Direct' : 'Indirect' },
          !loan.direct && { label: 'Dealer', value: worksheet.application.dealerName },
        ]}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5, mb: 0.5 }}>
        Add-ons
      </Typography>
      {additions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {fundingTexts.noAdditions}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="loan-additions">
          {additions.map((a) => (
            <Typography component="li" variant="body2" key={a.id}>
              {a.name} <strong>{showMoney(a.amount)}</strong>
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {fundingTexts.termsNotEditable}
      </Typography>
    </WorksheetCard>
  );
};

const FundingWorksheetForm = ({
  worksheet,
  canEdit,
  readOnlyReason,
  refreshInfo,
  startEditing,
}: {
  worksheet: LoanWorksheet;
  canEdit: boolean;
  readOnlyReason: string | null;
  refreshInfo: () => void;
  startEditing: () => Promise<boolean>;
}) => {
  const applicationId = worksheet.application.id;
  const { loan, settings, application } = worksheet;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const watchLoanSummaryExport = useLoanSummaryExportProgress();
  const { data: user } = useCurrentUser();
  const mayFund = hasRight(user, 'canFundALoan');
  const usesRescission = usesRescissionOf(worksheet);
  const defaults = initialForm(worksheet);
  const form = useForm<FundingForm>({
    defaultValues: defaults,
    resolver: contractResolver(loanSaveSchema, (v: FundingForm) => savePayloadOf(v, usesRescission)),
  });
  const values = useWatch({ control: form.control }) as FundingForm;
  const { isDirty } = form.formState;
  const { allowNextNavigation } = useUnsavedChangesPrompt(isDirty);
  const [payoffs, setPayoffs] = useState<readonly LoanPayoff[]>(loan.payoffs);
  const [dryRun, setDryRun] = useState<DryRunResult | null>(null);
  const [loanIdOpen, setLoanIdOpen] = useState(false);
  const [busy, setBusy] = useState<'save' | 'dryRun' | 'fund' | 'reverse' | 'propose' | null>(null);
  const funded = loan.isFunded;
  const editable = canEdit && mayFund && !funded;
  const disabled = !editable || busy !== null;
  const balance = balanceOf(loan.amount, values.disbursements ?? []);

  // A funding attempt's idempotency key: made when the user confirms Fund, sent again on a retry after a lost or
  // failed answer, dropped once the loan is funded (or reversed) so the next funding is a new attempt.
  const attemptKey = useRef<string | null>(null);
  // Issue 36: funding and reversing are step-up actions (the dialog asks for a code, then the call is retried).
  const stepUp = useStepUp();

  const years = useMemo(() => {
    const first = Number(worksheet.lenderDate.slice(0, 4));
    return [first, first + 1];
  }, [worksheet.lenderDate]);
  const holidays = useLenderHolidays(years);

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: fundingKeys.worksheet(applicationId) }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.history(applicationId) }),
      queryClient.invalidateQueries({ queryKey: ['queues'] }),
    ]);
    refreshInfo();
  };

  /* ------------------------------------------------------------- dates on the lender calendar (spec 3 §5) */

  // With a rescission date type, a settled contract date asks the rescission date; a rescission date asks the
  // earliest funding date. Only the user's changes ask (the saved dates are kept as they are).
  const settledContract = useDebouncedValue(values.contractDate, FUNDING_DEBOUNCE_MS);
  const lastContract = useRef(defaults.contractDate);
  useEffect(() => {
    if (settledContract === lastContract.current) return;
    lastContract.current = settledContract;
    if (!usesRescission || !editable || !settledContract || !isIsoDate(settledContract)) return;
    let active = true;
    fetchRescissionDate(applicationId, settledContract)
      .then(({ rescissionDate }) => {
        if (active) form.setValue('rescissionDate', rescissionDate, { shouldDirty: true, shouldValidate: true });
      })
      .catch((error: unknown) => {
        if (active && !isSessionError(error))
          toasts.error(messages.errors.title, errorLines(error)[0] ?? fundingTexts.rescissionFailed);
      });
    return () => {
      active = false;
    };
  }, [settledContract, usesRescission, editable, applicationId, form]);

  const settledRescission = useDebouncedValue(values.rescissionDate, FUNDING_DEBOUNCE_MS);
  const lastRescission = useRef(defaults.rescissionDate);
  useEffect(() => {
    if (settledRescission === lastRescission.current) return;
    lastRescission.current = settledRescission;
    if (!usesRescission || !editable || !settledRescission || !isIsoDate(settledRescission)) return;
    let active = true;
    fetchFundingDate(applicationId, settledRescission)
      .then(({ fundingDate }) => {
        if (active) form.setValue('fundingDate', fundingDate, { shouldDirty: true, shouldValidate: true });
      })
      .catch((error: unknown) => {
        if (active && !isSessionError(error))
          toasts.error(messages.errors.title, errorLines(error)[0] ?? fundingTexts.fundingDateFailed);
      });
    return () => {
      active = false;
    };
  }, [settledRescission, usesRescission, editable, applicationId, form]);

  /* ------------------------------------------------------------------- Truth in Lending (issue 41) */

  // The loan's disclosure at the dates being edited, from the one call (it waits for the dates to rest itself).
  const disclosureRequest = useMemo(
    () => disclosureRequestOf(loan, { contractDate: values.contractDate, firstPaymentDate: values.firstPaymentDate }),
    [loan, values.contractDate, values.firstPaymentDate],
  );
  const til = useFormDisclosure(disclosureRequest, form, fieldOfDisclosure);

  /* ---------------------------------------------------------------------------------- dealer reserve */

  const settledMatrix = useDebouncedValue(values.reserveMatrixId, FUNDING_DEBOUNCE_MS);
  const reserve = useResolvedReserve(
    settledMatrix === '' || settledMatrix === undefined
      ? null
      : {
          reserveMatrixId: settledMatrix,
          loanProductId: loan.loanProductId,
          amount: loan.amount,
          termMonths: loan.term,
          paymentFrequency: loan.paymentFrequencyId,
          contractRate: loan.interestRate,
          buyRate: loan.buyRate,
          direct: loan.direct,
          firstPaymentDate: loan.firstPaymentDate,
          contractDate: loan.contractDate,
        },
  );

  /* ----------------------------------------------------------------------------------------- save */

  // The 'Validation Error' toasts of the last save are closed when the user saves again.
  const validationToasts = useRef<Id[]>([]);
  const save = async (data: FundingForm) => {
    if (!(await startEditing())) return;
    validationToasts.current.forEach((id) => toast.dismiss(id));
    validationToasts.current = [];
    if (!balanceOf(loan.amount, data.disbursements).balanced) {
      validationToasts.current.push(toasts.error(fundingTexts.validationError, fundingTexts.unbalanced));
      return;
    }
    setBusy('save');
    try {
      const saved = await saveLoan(applicationId, savePayloadOf(data, usesRescission).payload, loan.isSaved);
      toasts.success(fundingTexts.saved);
      const next: LoanWorksheet = { ...worksheet, loan: saved };
      form.reset(initialForm(next));
      setPayoffs(saved.payoffs);
      queryClient.setQueryData(fundingKeys.worksheet(applicationId), next);
      await reload();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const lines = errorLines(error);
        for (const e of error.errors) {
          const current: unknown = form.getValues(e.field as Path<FundingForm>);
          if (current !== undefined && typeof current !== 'object')
            form.setError(e.field as Path<FundingForm>, { type: 'server', message: e.message });
        }
        for (const line of lines.length > 0 ? lines : [messages.errors.validation])
          validationToasts.current.push(toasts.error(fundingTexts.validationError, line));
      } else if (!isSessionError(error)) showApiErrorToast(error);
    } finally {
      setBusy(null);
    }
  };
  const saveAction = useDebouncedAction(async () => {
    await form.handleSubmit(save)();
  });

  /* ------------------------------------------------------------------------------ proposed payouts */

  const proposeAction = useDebouncedAction(async () => {
    setBusy('propose');
    try {
      const proposal = await fetchProposedDisbursements(applicationId, loan.id, form.getValues('fundingDate'));
      form.setValue('disbursements', linesOfProposal(proposal), { shouldDirty: true });
      setPayoffs(proposal.payoffs);
      toasts.info(fundingTexts.proposedLoaded, fundingTexts.proposedLoadedText);
    } catch (error) {
      if (!isSessionError(error))
        toasts.error(messages.errors.title, errorLines(error)[0] ?? fundingTexts.proposeFailed);
    } finally {
      setBusy(null);
    }
  });

  /* ---------------------------------------------------------------------------------------- dry run */

  const dryRunAction = useDebouncedAction(async () => {
    if (form.formState.isDirty || !loan.isSaved) {
      toasts.warning(fundingLabels.dryRunTitle, fundingTexts.saveFirst);
      return;
    }
    setBusy('dryRun');
    try {
      setDryRun(await dryRunLoan(applicationId));
    } catch (error) {
      if (!isSessionError(error)) toasts.error(fundingTexts.dryRunFailed, apiErrorText(error));
    } finally {
      setBusy(null);
    }
  });

  const fix = (fixPath: string) => {
    setDryRun(null);
    const anchor = worksheetAnchorOf(fixPath);
    if (anchor) window.setTimeout(() => focusAnchor(anchor), 250);
    else void navigate(fixPath);
  };

  /* ------------------------------------------------------------------------------------------- fund */

  const showFunded = (result: FundResult) => {
    if (result.newMemberCreated)
      toasts.success(fundingTexts.memberCreated, fundingTexts.memberCreatedText(result.memberNumber));
    if (result.sentToCore)
      toasts.success(fundingTexts.funded, fundingTexts.fundedText(result.coreLoanId, result.successMessageSuffix));
    else toasts.success(fundingTexts.funded, fundingTexts.notSentToCore);
    if (result.errors.length > 0) toasts.warning(fundingTexts.funded, result.errors.join('\n'));
  };

  const fundAction = useDebouncedAction(async () => {
    if (form.formState.isDirty || !loan.isSaved) {
      toasts.warning(fundingLabels.fund, fundingTexts.saveFirst);
      return;
    }
    if (!(await startEditing())) return;
    const yes = await confirm({
      title: fundingTexts.fundTitle,
      message: fundingTexts.fundQuestion(showMoney(loan.amount), settings.coreService, settings.sendLoansToCore),
      confirmText: 'Fund',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy('fund');
    const key = (attemptKey.current ??= crypto.randomUUID());
    try {
      const result = await stepUp.run(() => fundLoan(applicationId, key));
      attemptKey.current = null;
      showFunded(result);
      // 'Exporting Loan Summary' (spec 3 §2): the toast watches the export after the page moves on.
      if (settings.exportLoanSummaryOnFunding) watchLoanSummaryExport(applicationId, result.loan.fundedAt);
      allowNextNavigation();
      await reload();
      void navigate('/fundingQueue');
    } catch (error) {
      if (isSessionError(error)) return;
      // Nothing was written (the server rolled back): the same key is sent again when the user retries.
      const core = errorLines(error).filter((line) => line !== fundingTexts.unableToFund);
      const unavailable = !isApiError(error) || error.status === 0 || error.status >= 500;
      const text = unavailable ? [fundingTexts.unableToFund, ...core] : core.length > 0 ? core : [apiErrorText(error)];
      toasts.error(fundingTexts.notFunded, text.join('\n'));
    } finally {
      setBusy(null);
    }
  });

  /* ---------------------------------------------------------------------------------------- reverse */

  const reverseAction = useDebouncedAction(async () => {
    if (!(await startEditing())) return;
    const yes = await confirm({
      title: fundingTexts.reverseTitle,
      message: fundingTexts.reverseQuestion,
      confirmText: 'Reverse',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy('reverse');
    try {
      const reversed = await stepUp.run(() => reverseLoan(applicationId));
      attemptKey.current = null;
      toasts.success(
        fundingTexts.reversed,
        reversed.sentToCore ? fundingTexts.reversedAtCoreText : fundingTexts.reversedText,
      );
      await reload();
    } catch (error) {
      if (!isSessionError(error)) toasts.error(fundingTexts.reverseFailed, apiErrorText(error));
    } finally {
      setBusy(null);
    }
  });

  /* --------------------------------------------------------------------------------------- the page */

  // The Loan Id dialog saved the application's loan id (and share account number): the form takes them.
  const onLoanIdSaved = async (loanId: string) => {
    if (loanId && loanId !== form.getValues('loanId'))
      form.setValue('loanId', loanId, { shouldDirty: true, shouldValidate: true });
    await queryClient.refetchQueries({ queryKey: fundingKeys.worksheet(applicationId) });
    const refreshed = queryClient.getQueryData<LoanWorksheet>(fundingKeys.worksheet(applicationId))?.application;
    for (const [field, value] of [
      ['loanId', refreshed?.potentialLoanId],
      ['shareAccountNumber', refreshed?.potentialShareAccountNumber],
    ] as const)
      if (value && value !== form.getValues(field)) form.setValue(field, value, { shouldDirty: true });
  };

  const blockedReason = !mayFund ? messages.errors.forbidden : funded ? null : !canEdit ? readOnlyReason : null;
  const needsSave = isDirty || !loan.isSaved;
  const pending = saveAction.pending || dryRunAction.pending || fundAction.pending || reverseAction.pending;
  const booking = worksheet.lastBooking;

  return (
    <FormProvider {...form}>
      <Stack
        spacing={2}
        component="form"
        noValidate
        aria-label="Funding worksheet"
        onSubmit={(e) => e.preventDefault()}
      >
        {/* Status: proposed, saved or funded; the core, the lender date. */}
        <Paper variant="outlined" sx={{ px: 2, py: 1.25 }} data-testid="funding-status">
          <Stack direction="row" spacing={3} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              data-testid="funding-status-chip"
              label={funded ? 'Funded' : loan.isSaved ? 'Saved' : 'Proposed'}
              color={funded ? 'success' : loan.isSaved ? 'info' : 'default'}
            />
            {funded ? (
              <>
                <Typography variant="body2">
                  Core Loan Id <strong data-testid="funded-core-loan-id">{loan.coreLoanId ?? '—'}</strong>
                </Typography>
                <Typography variant="body2">
                  Funded <strong data-testid="funded-date">{formatDateTime(loan.fundedAt)}</strong>
                </Typography>
                <Typography variant="body2">
                  Booking Reference <strong data-testid="funded-reference">{booking?.reference ?? '—'}</strong>
                </Typography>
              </>
            ) : null}
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="body2" color="text.secondary">
              Core <strong>{settings.coreService ?? 'None'}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="lender-date">
              {fundingTexts.lenderDate(formatUsDate(worksheet.lenderDate))}
            </Typography>
          </Stack>
        </Paper>

        {funded ? (
          <Alert severity="success" data-testid="funded-alert">
            {fundingTexts.fundedAlert(date(loan.fundedAt?.slice(0, 10)) ?? '', loan.fundedBy)}{' '}
            {loan.sentToCore === false ? fundingTexts.notSentAlert : null}
          </Alert>
        ) : !loan.isSaved ? (
          <Alert severity="info">{fundingTexts.unsavedAlert}</Alert>
        ) : null}

        {worksheet.conditions.length > 0 ? (
          <Alert severity="warning" data-testid="funding-conditions">
            <AlertTitle>{fundingTexts.conditionsTitle}</AlertTitle>
            <ProblemList problems={worksheet.conditions} onFix={fix} testId="funding-conditions-list" />
          </Alert>
        ) : null}

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <LoanCard worksheet={worksheet} />
          <WorksheetCard title={fundingLabels.dates} testId="funding-dates-card">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Box id="contractDate">
                <DateInput
                  name="contractDate"
                  label={fundingLabels.contractDate}
                  required
                  disabled={disabled}
                  helperText={dateHint(values.contractDate, holidays)}
                />
              </Box>
              <Box id="firstPaymentDate">
                <DateInput
                  name="firstPaymentDate"
                  label={fundingLabels.firstPaymentDate}
                  required
                  disabled={disabled}
                />
              </Box>
              {usesRescission ? (
                <Box id="rescissionDate">
                  <DateInput
                    name="rescissionDate"
                    label={fundingLabels.rescissionDate}
                    required
                    disabled={disabled}
                    helperText={dateHint(values.rescissionDate, holidays, fundingTexts.rescissionHint)}
                  />
                </Box>
              ) : null}
              <Box id="fundingDate">
                <DateInput
                  name="fundingDate"
                  label={fundingLabels.fundingDate}
                  required
                  disabled={disabled}
                  helperText={dateHint(
                    values.fundingDate,
                    holidays,
                    worksheet.earliestFundingDate && !funded
                      ? fundingTexts.earliestFunding(formatUsDate(worksheet.earliestFundingDate))
                      : undefined,
                  )}
                />
              </Box>
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
              Business days are Monday to Friday except the lender’s holidays.{' '}
              {fundingTexts.lenderDate(formatUsDate(worksheet.lenderDate))}.
            </Typography>
          </WorksheetCard>

          <WorksheetCard
            title={fundingLabels.member}
            testId="funding-member-card"
            actions={
              <Button
                size="small"
                variant="outlined"
                startIcon={<KeyIcon />}
                onClick={() => setLoanIdOpen(true)}
                disabled={!mayFund}
              >
                {fundingLabels.loanIdButton}
              </Button>
            }
          >
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <Box id="memberNumber">
                <TextInput
                  name="memberNumber"
                  label={fundingLabels.memberNumber}
                  maxLength={50}
                  disabled={disabled}
                  helperText={values.memberNumber ? undefined : 'Empty: the member is created at the core'}
                />
              </Box>
              <Box id="loanId">
                <TextInput name="loanId" label={fundingLabels.loanId} disabled={disabled} />
              </Box>
              <Box id="shareAccountNumber">
                <TextInput name="shareAccountNumber" label={fundingLabels.shareAccountNumber} disabled={disabled} />
              </Box>
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
              Primary applicant {application.primaryApplicantName ?? '—'}
              {application.increaseExistingCreditLimit ? ' · increases an existing credit limit' : ''}
            </Typography>
          </WorksheetCard>

          <WorksheetCard title={fundingLabels.reserve} testId="funding-reserve-card">
            <Stack spacing={1.5}>
              {worksheet.reserveMatrices.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {fundingTexts.noReserveMatrices}
                </Typography>
              ) : (
                <Box id="reserveMatrixId">
                  <SelectInput
                    name="reserveMatrixId"
                    label={fundingLabels.reserveMatrix}
                    numeric
                    emptyLabel="None"
                    disabled={disabled}
                    options={worksheet.reserveMatrices.map((m) => ({ value: m.id, label: m.name }))}
                  />
                </Box>
              )}
              <Box data-testid="funding-reserve">
                {values.reserveMatrixId === '' ? (
                  <Typography variant="body2" color="text.secondary">
                    No dealer reserve.
                  </Typography>
                ) : reserve.isFetching && !reserve.data ? (
                  <CircularProgress size={20} aria-label="Resolving the reserve" />
                ) : reserve.data ? (
                  <DataList
                    min={140}
                    items={[
                      { label: 'Reserve', value: reserve.data.reserveName ?? 'None applies', testId: 'reserve-name' },
                      {
                        label: 'Reserve Amount',
                        value: showMoney(reserve.data.reserveAmount),
                        strong: true,
                        testId: 'reserve-amount',
                      },
                      { label: 'Detail', value: reserve.data.detail, testId: 'reserve-detail' },
                    ]}
                  />
                ) : (
                  <DataList
                    min={140}
                    items={[
                      { label: 'Reserve', value: loan.reserveName },
                      { label: 'Reserve Amount', value: showMoney(loan.reserveAmount), strong: true },
                    ]}
                  />
                )}
              </Box>
            </Stack>
          </WorksheetCard>
        </Box>

        <Paper variant="outlined" sx={{ p: 2 }} data-testid="funding-disclosure-card">
          <TruthInLendingBox
            disclosure={til.view}
            busy={til.busy}
            failure={til.failure}
            onRetry={til.retry}
            prompt={fundingTexts.disclosurePrompt}
            level={2}
            testIdPrefix="funding"
          />
        </Paper>

        <WorksheetCard title={fundingLabels.payoffs} testId="funding-payoffs-card">
          <PayoffsTable payoffs={payoffs} />
        </WorksheetCard>

        <WorksheetCard title={fundingLabels.disbursements} testId="funding-disbursements-card">
          <DisbursementsTable
            worksheet={worksheet}
            disabled={disabled}
            readOnly={funded}
            onLoadProposed={() => proposeAction.run()}
            loadingProposed={proposeAction.pending}
          />
        </WorksheetCard>

        <WorksheetCard title={fundingLabels.settings} testId="funding-settings-card">
          <DataList
            min={170}
            items={[
              { label: 'Core', value: settings.coreService ?? 'None' },
              { label: 'Send Loans To Core', value: settings.sendLoansToCore ? 'Yes' : 'No', testId: 'setting-send' },
              {
                label: 'Fund Only Finalized Envelopes',
                value: settings.fundOnlyFinalizedEnvelopes ? 'On' : 'Off',
                testId: 'setting-envelopes',
              },
              { label: 'Export Loan Summary On Funding', value: settings.exportLoanSummaryOnFunding ? 'Yes' : 'No' },
            ]}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {settings.envelopesNote || fundingTexts.envelopesNotAvailable}
          </Typography>
        </WorksheetCard>

        <Paper
          variant="outlined"
          sx={{ px: 2, py: 1.5, position: 'sticky', bottom: 0, zIndex: 2 }}
          data-testid="funding-actions"
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {!funded && !balance.balanced ? (
              <Typography variant="body2" color="error" sx={{ mr: 'auto', alignSelf: 'center' }}>
                {fundingTexts.unbalanced}
              </Typography>
            ) : null}
            {funded ? (
              <Tooltip title={blockedReason ?? (!canEdit ? (readOnlyReason ?? '') : '')}>
                <span>
                  <Button
                    variant="contained"
                    color="warning"
                    onClick={() => reverseAction.run()}
                    disabled={!mayFund || !canEdit || busy !== null || pending}
                  >
                    {busy === 'reverse' ? <CircularProgress size={20} color="inherit" /> : fundingLabels.reverse}
                  </Button>
                </span>
              </Tooltip>
            ) : (
              <>
                <Tooltip title={blockedReason ?? ''}>
                  <span>
                    <Button
                      variant="outlined"
                      onClick={() => saveAction.run()}
                      disabled={disabled || pending || !balance.balanced}
                    >
                      {busy === 'save' ? <CircularProgress size={20} color="inherit" /> : fundingLabels.save}
                    </Button>
                  </span>
                </Tooltip>
                <Tooltip title={blockedReason ?? (needsSave ? fundingTexts.saveFirst : '')}>
                  <span>
                    <Button
                      variant="outlined"
                      onClick={() => dryRunAction.run()}
                      disabled={!mayFund || busy !== null || pending || needsSave}
                    >
                      {busy === 'dryRun' ? <CircularProgress size={20} color="inherit" /> : fundingLabels.dryRun}
                    </Button>
                  </span>
                </Tooltip>
                <Tooltip title={blockedReason ?? (needsSave ? fundingTexts.saveFirst : '')}>
                  <span>
                    <Button
                      variant="contained"
                      color="success"
                      onClick={() => fundAction.run()}
                      disabled={disabled || pending || needsSave || !balance.balanced}
                    >
                      {busy === 'fund' ? <CircularProgress size={20} color="inherit" /> : fundingLabels.fund}
                    </Button>
                  </span>
                </Tooltip>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>

      {dryRun ? (
        <DryRunDialog worksheet={worksheet} result={dryRun} onFix={fix} onClose={() => setDryRun(null)} />
      ) : null}
      {loanIdOpen ? (
        <LoanIdDialog
          applicationId={applicationId}
          open={loanIdOpen}
          onClose={() => setLoanIdOpen(false)}
          onSaved={(loanId) => void onLoanIdSaved(loanId)}
        />
      ) : null}
      {stepUp.dialog}
    </FormProvider>
  );
};
