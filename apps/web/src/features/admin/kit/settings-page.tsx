import type { ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { messages } from '@credence/contracts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isSessionError } from '../../../lib/api-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

export type SettingsPageProps<T extends FieldValues> = {
  title: string;
  /** The query key of the settings (a save puts the saved settings there). */
  queryKey: readonly unknown[];
  load: () => Promise<T>;
  save: (body: T) => Promise<T>;
  resolver: Resolver<T>;
  texts: { saved: string; saveFailed: string };
  /** The form's fields (they read the form with useFormContext). */
  children: ReactNode;
  /** Shown below the form (a list that belongs to the page, not to the settings). */
  after?: ReactNode;
};

/**
 * An administration page of one settings record of the lender (Credit Bureaus, Application Locks): loaded, edited
 * in one form, saved whole with Cancel / Save — the success toast or the failure toast, the server's field errors
 * on their fields, a prompt before leaving unsaved changes.
 */
export const SettingsPage = <T extends FieldValues>(props: SettingsPageProps<T>) => {
  const settings = useQuery({ queryKey: props.queryKey, queryFn: props.load });
  return (
    <>
      <PageTitle>{props.title}</PageTitle>
      {settings.isPending ? (
        <CircularProgress size={24} />
      ) : settings.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <SettingsForm {...props} settings={settings.data} />
      )}
      {props.after}
    </>
  );
};

const SettingsForm = <T extends FieldValues>({
  settings,
  queryKey,
  save,
  resolver,
  texts,
  children,
}: SettingsPageProps<T> & { settings: T }) => {
  const queryClient = useQueryClient();
  const form = useForm<T>({ defaultValues: settings as never, resolver, mode: 'onChange' });
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    meta: { silentError: true },
  });
  const onSave = form.handleSubmit(async (values) => {
    try {
      form.reset(await mutation.mutateAsync(values));
      toasts.success('Success', texts.saved);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) applyServerErrors(form, error);
      toasts.error(messages.errors.title, texts.saveFailed);
    }
  });
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 1100 }}>
        <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void onSave(event)}>
          {children}
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
