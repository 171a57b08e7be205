import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  creditBureauSettingsEndpoints,
  creditBureauSettingsSchema,
  creditScoreModels,
  adminMessages,
  messages,
  type CreditBureauSettings,
} from '@credence/contracts';
import { CheckboxInput, MultiSelectInput, SelectInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

const key = ['admin', 'creditBureaus'] as const;
const modelOptions = creditScoreModels.map((m) => ({ value: m, label: m }));
const resolver = contractResolver<CreditBureauSettings, CreditBureauSettings>(creditBureauSettingsSchema, noRows);

/**
 * Administration › Credit Bureaus (issue 11, item 6): which bureaus the lender pulls from, the score models each
 * report is scored with and the default model, and the lender's credit switches; saved whole ('Saved' / 'Save
 * Failed'), audited.
 */
export const CreditBureausPage = () => {
  const settings = useQuery({ queryKey: key, queryFn: () => callEndpoint(creditBureauSettingsEndpoints.get, {}) });
  return (
    <>
      <PageTitle>Credit Bureaus</PageTitle>
      {settings.isPending ? (
        <CircularProgress size={24} />
      ) : settings.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <CreditBureausEditor settings={settings.data} />
      )}
    </>
  );
};

const BureauRow = ({ index, name }: { index: number; name: string }) => {
  const chosen = (useWatch({ name: `bureaus.${index}.scoreModels` }) as string[] | undefined) ?? [];
  return (
    <Box
      data-testid="credit-bureau-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: '170px minmax(0, 2fr) minmax(0, 1fr)',
        gap: 2,
        alignItems: 'start',
        mb: 2,
      }}
    >
      <CheckboxInput name={`bureaus.${index}.enabled`} label={name} />
      <MultiSelectInput name={`bureaus.${index}.scoreModels`} label={`${name} score models`} options={modelOptions} />
      <SelectInput
        name={`bureaus.${index}.defaultScoreModel`}
        label={`${name} default model`}
        options={modelOptions.filter((o) => chosen.includes(o.value))}
      />
    </Box>
  );
};

const CreditBureausEditor = ({ settings }: { settings: CreditBureauSettings }) => {
  const queryClient = useQueryClient();
  const form = useForm<CreditBureauSettings>({ defaultValues: settings, resolver, mode: 'onChange' });
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const save = useMutation({
    mutationFn: (body: CreditBureauSettings) => callEndpoint(creditBureauSettingsEndpoints.save, { body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    meta: { silentError: true },
  });
  const onSave = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toasts.success('Success', adminMessages.creditBureaus.saved);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) applyServerErrors(form, error);
      toasts.error(messages.errors.title, adminMessages.creditBureaus.saveFailed);
    }
  });
  const rootError = form.formState.errors.bureaus?.root?.message ?? form.formState.errors.bureaus?.message;

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 1100 }}>
        <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void onSave(event)}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The bureaus staff may pull credit from, the score models each report is scored with, and the default model
            (the application's average score and the decision engine read it).
          </Typography>
          {rootError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {rootError}
            </Alert>
          ) : null}
          {settings.bureaus.map((b, index) => (
            <BureauRow key={b.creditBureau} index={index} name={b.creditBureau} />
          ))}
          <Box sx={{ display: 'grid', gap: 0.5, mt: 1, mb: 2 }}>
            <CheckboxInput name="requireCommentOnAlerts" label="Require a review comment when a report has alerts" />
            <CheckboxInput name="internalCrossSellEnabled" label="Offer internal cross sell" />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button disabled={!isDirty || isSubmitting} onClick={() => form.reset(settings)}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Save
            </Button>
          </Box>
        </Box>
      </Paper>
    </FormProvider>
  );
};
