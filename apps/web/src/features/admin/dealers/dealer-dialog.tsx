import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { messages, usStates, type Dealer, type DealerInput } from '@credence/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { confirm, useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { toasts } from '../../../lib/toast.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import { useSaveDealer } from './api.ts';
import { dealerFormResolver, dealerPayload, dealerValues, type DealerValues } from './dealer-form.ts';
import { CheckboxField, SelectField, TextField } from './dealer-fields.tsx';

const stateOptions = usStates.map((s) => ({ value: s, label: s }));

/** Create or update a dealer (spec 3 §8 toasts, title 'Dealers'). */
export const DealerDialog = ({ dealer, onClose }: { dealer: Dealer | null; onClose: () => void }) => {
  const form = useForm<DealerValues>({
    defaultValues: dealerValues(dealer),
    resolver: dealerFormResolver,
    mode: 'onChange',
  });
  const { isDirty, isValid, isSubmitting } = form.formState;
  const save = useSaveDealer();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  useUnsavedChangesPrompt(isDirty);
  useCloseOnCloseAllDialogs(onClose);
  const creating = dealer === null;

  const requestClose = async () => {
    if (isSubmitting) return;
    if (isDirty && !(await confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }))) return;
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    const input: DealerInput = dealerPayload(values);
    try {
      await save.mutateAsync({ id: dealer?.id ?? null, input });
      toasts.success(messages.dealers.title, creating ? messages.dealers.created : messages.dealers.updated);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
        const unmatched: string[] = [];
        for (const e of error.errors) {
          if (e.field in values) form.setError(e.field as keyof DealerValues, { type: 'server', message: e.message });
          else unmatched.push(e.message);
        }
        setFormErrors(unmatched);
        return;
      }
      toasts.error(messages.errors.title, creating ? messages.dealers.createFailed : messages.dealers.updateFailed);
    }
  });

  return (
    <Dialog
      open
      onClose={() => void requestClose()}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 720, maxWidth: '96vw' } } }}
    >
      <DialogTitle>{creating ? 'Add Dealer' : `Edit Dealer: ${dealer.name}`}</DialogTitle>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} autoComplete="off">
          <DialogContent dividers>
            {formErrors.length > 0 ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formErrors.join(' ')}
              </Alert>
            ) : null}
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' } }}>
              <Box sx={{ gridColumn: { sm: 'span 6' } }}>
                <TextField name="name" label="Name" required maxLength={100} autoFocus />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 4' } }}>
                <TextField name="addressLine1" label="Address Line 1" maxLength={100} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 2' } }}>
                <TextField name="addressLine2" label="Address Line 2" maxLength={100} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 3' } }}>
                <TextField name="city" label="City" maxLength={50} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 1' } }}>
                <SelectField name="state" label="State" options={stateOptions} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 2' } }}>
                <TextField name="zip" label="ZIP" maxLength={10} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 3' } }}>
                <TextField name="phoneNumber" label="Phone" maxLength={16} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 3' } }}>
                <TextField name="faxNumber" label="Fax" maxLength={16} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 3' } }}>
                <TextField name="mainContactName" label="Main Contact Name" maxLength={100} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 3' } }}>
                <TextField name="mainContactEmail" label="Main Contact Email" maxLength={254} />
              </Box>
              <Box sx={{ gridColumn: { sm: 'span 6' } }}>
                <CheckboxField name="enabled" label="Enabled (can be chosen on applications)" />
              </Box>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={() => void requestClose()} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isDirty || !isValid || isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
};
