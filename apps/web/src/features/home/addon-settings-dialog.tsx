import { useId } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { addonPreferencesUpdateSchema, widgetMessages, type AddonPreferences } from '@credence/contracts';
import { MultiSelectInput, type Option } from '../../components/form/fields.tsx';
import { contractResolver } from '../../components/form/resolver.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { noRows } from '../../components/form/values.ts';
import { useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { toasts } from '../../lib/toast.tsx';
import { useSaveAddonPreferences } from './api.ts';

type PreferencesForm = { additionIds: number[] };

/** The lender's add-ons to choose from; a disabled one says so and cannot be newly chosen (one tracked stays). */
const optionsOf = (preferences: AddonPreferences): Option[] =>
  preferences.additions.map((a) => ({
    value: a.id,
    label: a.enabled ? a.name : `${a.name} (Disabled)`,
    disabled: !a.enabled,
  }));

/**
 * 'Add On Sales Settings' (spec 1 §2 Home, §5, §8): the add-ons the widget tracks, at least one. 800 by 300 and not
 * closed by a click on the backdrop (Escape and Cancel close it). Save also saves the widget and asks for its
 * snapshot (the server), says 'Preferences Updated', closes, and the widgets are read again.
 */
export const AddonSettingsDialog = ({
  preferences,
  onClose,
}: {
  preferences: AddonPreferences;
  onClose: () => void;
}) => {
  const titleId = useId();
  const formId = useId();
  const save = useSaveAddonPreferences();
  const form = useForm<PreferencesForm>({
    defaultValues: { additionIds: preferences.additionIds },
    resolver: contractResolver(addonPreferencesUpdateSchema, (values: PreferencesForm) => noRows(values)),
  });
  const chosen = useWatch({ control: form.control, name: 'additionIds' });
  const { isSubmitting } = form.formState;
  useCloseOnCloseAllDialogs(onClose);

  const submit = form.handleSubmit(async ({ additionIds }) => {
    try {
      await save.mutateAsync(additionIds);
    } catch (error) {
      applyServerErrors(form, error);
      return;
    }
    toasts.success(undefined, widgetMessages.preferencesUpdated);
    onClose();
  });

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !isSubmitting) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, height: 300, maxWidth: '96vw' } } }}
    >
      <DialogTitle id={titleId}>{widgetMessages.addonSettingsTitle}</DialogTitle>
      <DialogContent dividers>
        <FormProvider {...form}>
          <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
            <MultiSelectInput
              name="additionIds"
              label={widgetMessages.selectAddons}
              required
              options={optionsOf(preferences)}
            />
          </form>
        </FormProvider>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={chosen.length === 0 || isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
