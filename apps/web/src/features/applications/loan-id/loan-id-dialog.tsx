import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { coreTexts, LOAN_ID_MAX_LENGTH, messages, type LoanIdDialogData, type MemberLookup } from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { applicationKeys } from '../api.ts';
import {
  generateLoanId,
  generateShareAccountNumber,
  saveLoanIds,
  useCoreMembers,
  useLoanIdDialogData,
} from './loan-id-api.ts';

export type LoanIdDialogProps = {
  applicationId: number;
  open: boolean;
  onClose: () => void;
  onSaved?: (loanId: string) => void;
};

/** Spec 3 §2: loan id, edit collateral, edit promotions and edit applicants dialogs are 90% wide. */
const WIDTH = '90%';
const TEST_ID = 'loan-id-dialog';

type Values = { loanId: string; shareAccountNumber: string };
type Generating = 'loanId' | 'shareAccountNumber' | null;

/** The server's own words after the spec's text, when it sent some. */
const detailOf = (error: unknown): string | undefined =>
  isApiError(error) && error.serverMessage ? error.serverMessage : undefined;

/**
 * The Loan Id dialog (spec 3 §2, §4, §5, §8, §9): the loan id with an autocomplete over the member's existing
 * ids and Generate; the share account number with its Generate when the core can give one; the membership
 * summary from the core; Save and Cancel. Read-only once the loan is funded. Every call runs with the global
 * error interception off: the failures show the dialog's own texts.
 */
export const LoanIdDialog = ({ applicationId, open, onClose, onSaved }: LoanIdDialogProps) => {
  const data = useLoanIdDialogData(applicationId, open);
  const members = useCoreMembers(applicationId, open);
  useEffect(() => {
    if (data.isError) {
      toasts.error(messages.errors.title, coreTexts.retrieveLoanIdFailed, { toastId: 'loan-id-retrieve' });
    }
  }, [data.isError]);
  useEffect(() => {
    if (members.isError)
      toasts.error(messages.errors.title, coreTexts.memberLookupFailed, { toastId: 'loan-id-members' });
  }, [members.isError]);
  if (!open) return null;
  if (!data.data) {
    return (
      <LoadingDialog
        title={coreTexts.title}
        width={WIDTH}
        onClose={onClose}
        failed={data.isError}
        thing="Loan Id"
        testId={TEST_ID}
      />
    );
  }
  return (
    <LoanIdForm
      applicationId={applicationId}
      data={data.data}
      members={members.data ?? null}
      membersLoading={members.isPending}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
};

const LoanIdForm = ({
  applicationId,
  data,
  members,
  membersLoading,
  onClose,
  onSaved,
}: {
  applicationId: number;
  data: LoanIdDialogData;
  members: MemberLookup | null;
  membersLoading: boolean;
  onClose: () => void;
  onSaved?: (loanId: string) => void;
}) => {
  const queryClient = useQueryClient();
  const readOnly = data.loanId !== null;
  const showAccountNumber =
    data.canGenerateShareAccountNumber || data.potentialAccountNumber !== null || data.accountNumber !== null;
  const defaultValues = useMemo<Values>(
    () => ({
      loanId: data.loanId ?? data.potentialLoanId ?? '',
      shareAccountNumber: data.accountNumber ?? data.potentialAccountNumber ?? '',
    }),
    [data],
  );
  const form = useForm<Values>({ defaultValues, mode: 'onChange' });
  const [generating, setGenerating] = useState<Generating>(null);
  const { isValid } = form.formState;

  /** Spec 3 §4: the field is cleared and disabled while generating; the generated value fills it (dirty). */
  const generate = async (field: 'loanId' | 'shareAccountNumber') => {
    const before = form.getValues(field);
    setGenerating(field);
    // Cleared, and measured from empty: a generated value that equals the core's preview still marks the form
    // dirty (it is taken now, and must be saved).
    form.resetField(field, { defaultValue: '' });
    try {
      const { response } = await (field === 'loanId'
        ? generateLoanId(applicationId)
        : generateShareAccountNumber(applicationId));
      form.setValue(field, response, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      form.resetField(field, { defaultValue: before });
      if (field === 'loanId') toasts.error(coreTexts.generateLoanIdFailed, detailOf(error));
      else toasts.error(coreTexts.generateAccountNumberFailed, coreTexts.accountNumberFailedDetail);
    } finally {
      setGenerating(null);
    }
  };

  const onSave = async (values: Values) => {
    const { dirtyFields } = form.formState;
    try {
      const saved = await saveLoanIds(applicationId, {
        ...(dirtyFields.loanId ? { potentialLoanId: values.loanId.trim() } : {}),
        ...(dirtyFields.shareAccountNumber ? { potentialShareAccountNumber: values.shareAccountNumber.trim() } : {}),
      });
      toasts.success(coreTexts.loanIdUpdated);
      await queryClient.invalidateQueries({ queryKey: applicationKeys.application(applicationId) });
      form.reset(values);
      onSaved?.(saved.potentialLoanId ?? '');
      onClose();
    } catch (error) {
      if (
        isApiError(error) &&
        error.status === 422 &&
        error.errors.some((e) => e.message === coreTexts.loanIdMaxLength)
      ) {
        form.setError('loanId', { message: coreTexts.loanIdMaxLength });
      }
      toasts.error(coreTexts.updateFailed, detailOf(error));
    }
  };

  return (
    <FormDialog
      form={form}
      title={data.canGenerateShareAccountNumber ? coreTexts.titleWithAccountNumber : coreTexts.title}
      width={WIDTH}
      onClose={onClose}
      onSave={onSave}
      saveDisabled={readOnly || generating !== null || !isValid}
      testId={TEST_ID}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <IdField
          form={form}
          name="loanId"
          label="Loan Id"
          options={data.existingLoanIds}
          hint={data.hint}
          readOnly={readOnly}
          generating={generating}
          canGenerate={data.canGenerateLoanId}
          onGenerate={() => void generate('loanId')}
          generateLabel="Generate Loan Id"
        />
        {showAccountNumber ? (
          <IdField
            form={form}
            name="shareAccountNumber"
            label="Share Account Number"
            options={[]}
            hint={null}
            readOnly={readOnly}
            generating={generating}
            canGenerate={data.canGenerateShareAccountNumber}
            onGenerate={() => void generate('shareAccountNumber')}
            generateLabel="Generate Share Account Number"
          />
        ) : null}
        <MembershipSummary members={members} loading={membersLoading} />
      </Box>
    </FormDialog>
  );
};

const maxLengthRule = { maxLength: { value: LOAN_ID_MAX_LENGTH, message: coreTexts.loanIdMaxLength } };

/** A loan id or share account number field (with its autocomplete, hint and Generate button). */
const IdField = ({
  form,
  name,
  label,
  options,
  hint,
  readOnly,
  generating,
  canGenerate,
  onGenerate,
  generateLabel,
}: {
  form: UseFormReturn<Values>;
  name: keyof Values;
  label: string;
  options: string[];
  hint: string | null;
  readOnly: boolean;
  generating: Generating;
  canGenerate: boolean;
  onGenerate: () => void;
  generateLabel: string;
}) => (
  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
    <Controller
      name={name}
      control={form.control}
      rules={maxLengthRule}
      render={({ field, fieldState }) => (
        <Autocomplete
          freeSolo
          options={options}
          disabled={readOnly || generating === name}
          inputValue={field.value}
          onInputChange={(_event, value, reason) => {
            if (reason === 'reset' && value === '') return;
            field.onChange(value);
          }}
          sx={{ flex: 1 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              name={name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? hint ?? ' '}
            />
          )}
        />
      )}
    />
    {readOnly ? null : (
      <Button
        variant="outlined"
        aria-label={generateLabel}
        onClick={onGenerate}
        disabled={!canGenerate || generating !== null}
        startIcon={generating === name ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ mt: 1 }}
      >
        Generate
      </Button>
    )}
  </Box>
);

/** The read-only membership summary (spec 3 §2, §3): name "last, first", role, current addresses. */
const MembershipSummary = ({ members, loading }: { members: MemberLookup | null; loading: boolean }) => {
  if (loading) return <CircularProgress size={24} aria-label="Looking up the member" />;
  const list = members?.membersList ?? [];
  if (list.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="no-core-information">
        {coreTexts.noInformation}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Membership">
      <TableHead>
        <TableRow>
          <TableCell>Member Number</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>Addresses</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((member) => (
          <TableRow key={member.memberNumber}>
            <TableCell>{member.memberNumber}</TableCell>
            <TableCell>
              {member.name}
              {member.status === 'closed' ? ' (closed)' : ''}
            </TableCell>
            <TableCell>{member.role}</TableCell>
            <TableCell>
              {member.addresses.length === 0
                ? '—'
                : member.addresses.map((a) => (
                    <div key={`${a.addressLine1}-${a.zip}`}>
                      {a.addressLine1}, {a.city}, {a.state} {a.zip}
                    </div>
                  ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
