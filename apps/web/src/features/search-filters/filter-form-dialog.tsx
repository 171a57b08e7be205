import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { messages, searchFilterNameSchema, type SearchFilter } from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { confirm, useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt.ts';
import { useUniqueName, type UniqueNameCheck } from './use-unique-name.ts';

/** Spec 1 §9: the filter dialogs are 400 wide. */
export const FILTER_DIALOG_WIDTH = 400;

const valuesSchema = z.object({
  name: searchFilterNameSchema,
  showOnSideMenu: z.boolean(),
  enabled: z.boolean(),
});
export type FilterFormValues = z.input<typeof valuesSchema>;

export type FilterFormDialogProps = {
  title: string;
  initial: FilterFormValues;
  uniqueness: UniqueNameCheck;
  /** Show the Enabled checkbox (the administrators' edit). */
  withEnabled?: boolean;
  /** Something outside the form changes too (new criteria): Save is allowed without edits. */
  changedOutside?: boolean;
  save: (values: { name: string; showOnSideMenu: boolean; enabled: boolean }) => Promise<SearchFilter>;
  successText: string;
  onSaved?: (filter: SearchFilter) => void;
  onClose: () => void;
  children?: ReactNode;
  testId?: string;
};

/**
 * The search filter create/update dialog (spec 1 §2, 400 wide): Name (required, at most 50, unique per type,
 * checked 300 ms after typing pauses) and 'Show On Side Menu'. A 422 from the server marks its fields.
 */
export const FilterFormDialog = ({
  title,
  initial,
  uniqueness,
  withEnabled = false,
  changedOutside = false,
  save,
  successText,
  onSaved,
  onClose,
  children,
  testId = 'search-filter-dialog',
}: FilterFormDialogProps) => {
  const titleId = useId();
  const form = useForm<FilterFormValues>({
    defaultValues: initial,
    resolver: zodResolver(valuesSchema),
    mode: 'all',
  });
  const { isDirty, isValid, isSubmitting, errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const unique = useUniqueName(name, uniqueness);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const changed = isDirty || changedOutside;
  const { allowNextNavigation } = useUnsavedChangesPrompt(isDirty);
  useCloseOnCloseAllDialogs(onClose);

  const requestClose = async () => {
    if (isSubmitting) return;
    if (isDirty && !(await confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }))) return;
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save({
        name: values.name.trim(),
        showOnSideMenu: values.showOnSideMenu,
        enabled: values.enabled,
      });
      toasts.success(undefined, successText);
      // The caller may navigate to what was saved: no unsaved-changes question for that.
      allowNextNavigation();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
        const other: string[] = [];
        for (const e of error.errors) {
          if (e.field === 'name' || e.field === 'showOnSideMenu' || e.field === 'enabled')
            form.setError(e.field, { type: 'server', message: e.message });
          else other.push(e.message);
        }
        setFormErrors(other);
        return;
      }
      showApiErrorToast(error);
    }
  });

  const nameError = errors.name?.message ?? (unique === 'taken' ? messages.searchFilters.nameNotUnique : undefined);
  const canSave =
    changed && isValid && !isSubmitting && (unique === 'unique' || unique === 'unknown' || unique === 'skipped');

  return (
    <Dialog
      open
      onClose={() => void requestClose()}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: FILTER_DIALOG_WIDTH, maxWidth: '96vw' }, 'data-testid': testId } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          {formErrors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formErrors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <Controller
            name="name"
            control={form.control}
            render={({ field }) => (
              <TextField
                label="Name"
                required
                autoFocus
                fullWidth
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!nameError}
                helperText={nameError ?? (unique === 'checking' ? 'Checking the name…' : ' ')}
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
              />
            )}
          />
          <Controller
            name="showOnSideMenu"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                sx={{ display: 'flex', mt: 0.5 }}
                label={messages.searchFilters.showOnSideMenu}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
            )}
          />
          {withEnabled ? (
            <Controller
              name="enabled"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ display: 'flex' }}
                  label="Enabled"
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
          ) : null}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={() => void requestClose()} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSave}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
