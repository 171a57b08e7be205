import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { messages } from '@credence/contracts';
import { confirm, useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt.ts';
import { hasErrorsUnder } from './resolver.ts';

/** The summary above a form whose Save found fields to fix; `parts` names where they are (New Application). */
export const errorSummaryText = (parts: readonly string[] = []): string =>
  parts.length > 0 ? `Fix the highlighted fields in: ${parts.join(', ')}.` : 'Fix the highlighted fields.';

/**
 * The shell every dialog of the app shares: a titled paper of the given width, the content between dividers,
 * the actions below; it closes when all dialogs are closed (inactivity sign-out).
 */
export const DialogFrame = ({
  title,
  width,
  onClose,
  children,
  actions,
  testId,
  contentSx,
  before,
}: {
  title: ReactNode;
  /** CSS width of the dialog ('90%', 720). */
  width: string | number;
  /** Escape, the backdrop, or the close-all-dialogs event. */
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  testId?: string;
  contentSx?: object;
  /** Rendered inside the dialog before its title (a hook-only component). */
  before?: ReactNode;
}) => {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { width, maxWidth: '96vw' }, 'data-testid': testId } as object }}
    >
      {before}
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={contentSx}>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>
    </Dialog>
  );
};

export type FormDialogProps<V extends FieldValues> = {
  /** The dialog's react-hook-form (its resolver from `contractResolver`); the frame provides it to the fields. */
  form: UseFormReturn<V>;
  title: ReactNode;
  /** CSS width of the dialog ('90%', 720). */
  width: string | number;
  onClose: () => void;
  /** Called with the values once they pass the resolver; the dialog closes itself when the save succeeds. */
  onSave: (values: V) => Promise<void> | void;
  /** Called when Save found invalid fields (after they are marked), e.g. to show the tab holding the first. */
  onInvalid?: (errors: FieldErrors<V>) => void;
  /** Messages of the form as a whole: a 422's errors that name no field (from `applyServerErrors`). */
  formErrors?: readonly string[];
  /** Where the invalid fields are, for the summary ('Applicants'); the summary says 'Fix the highlighted fields.' otherwise. */
  summaryParts?: (errors: FieldErrors<V>) => string[];
  warning?: ReactNode;
  /** Save cannot be pressed at all (read-only, the lock is someone else's, a warning that forbids saving)… */
  saveDisabled?: boolean;
  /** …and why, as Save's tooltip. */
  saveHint?: string | null;
  /** Save may be pressed before anything changed (a record whose defaults are confirmed by saving, e.g. HMDA). */
  savePristine?: boolean;
  saveLabel?: string;
  /** The label of the closing button ('Cancel'; the HMDA form without data says 'Add Later'). */
  cancelLabel?: string;
  /** A nested dialog (opened from another): it leaves the navigation prompt to its parent. */
  nested?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * The frame of every edit dialog: title, scrolling form, error summary, Cancel and Save (with its progress).
 *
 * Save is enabled once the form changed (or always, with `savePristine`), whether or not the form is valid:
 * pressing it with invalid or missing fields marks every one of them, focuses the first and shows the summary
 * above the form; nothing is saved (issue 17, item 7). Closing with unsaved changes asks 'We detected unsaved
 * changes, are you sure you want to continue?', and so does leaving the page.
 */
export const FormDialog = <V extends FieldValues>({
  form,
  title,
  width,
  onClose,
  onSave,
  onInvalid,
  formErrors,
  summaryParts,
  warning,
  saveDisabled = false,
  saveHint,
  savePristine = false,
  saveLabel = 'Save',
  cancelLabel = 'Cancel',
  nested = false,
  testId,
  children,
}: FormDialogProps<V>) => {
  const formId = useId();
  const { isDirty, isSubmitting, errors, submitCount } = form.formState;
  useCloseOnCloseAllDialogs(onClose);

  const requestClose = async () => {
    if (isSubmitting) return;
    if (isDirty && !(await confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }))) return;
    onClose();
  };
  const formRef = useRef<HTMLFormElement>(null);
  /** Save pressed with invalid fields: they are marked (the resolver), then the first takes the focus. */
  const markInvalid = (found: FieldErrors<V>) => {
    onInvalid?.(found);
    // react-hook-form focuses the first invalid field it can reach; one that shows only now (its tab was
    // chosen by onInvalid or by the editor) gets the focus once it is rendered.
    setTimeout(() => focusFirstInvalid(formRef.current), 30);
  };
  const canSave = !saveDisabled && !isSubmitting && (isDirty || savePristine);
  const showSummary = submitCount > 0 && hasErrorsUnder(errors);
  const messagesAbove = formErrors ?? [];

  return (
    <DialogFrame
      title={title}
      width={width}
      onClose={() => void requestClose()}
      testId={testId}
      before={nested ? null : <NavigationPrompt dirty={isDirty} />}
      actions={
        <>
          <Button onClick={() => void requestClose()} disabled={isSubmitting}>
            {cancelLabel}
          </Button>
          <Tooltip title={saveDisabled && saveHint ? saveHint : ''}>
            <span>
              <Button
                type="submit"
                form={formId}
                variant="contained"
                disabled={!canSave}
                startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {saveLabel}
              </Button>
            </span>
          </Tooltip>
        </>
      }
    >
      {messagesAbove.length > 0 || showSummary ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error-summary">
          {messagesAbove.map((message) => (
            <div key={message}>{message}</div>
          ))}
          {showSummary && messagesAbove.length === 0 ? errorSummaryText(summaryParts?.(errors)) : null}
        </Alert>
      ) : null}
      {warning ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        <Box
          component="form"
          ref={formRef}
          id={formId}
          noValidate
          autoComplete="off"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            // A nested dialog's form sits inside its parent's in the React tree: its submit stops here.
            event.stopPropagation();
            void form.handleSubmit(onSave, markInvalid)(event);
          }}
        >
          {children}
        </Box>
      </FormProvider>
    </DialogFrame>
  );
};

/** Focuses the first field marked invalid in the form, unless the focus already is on one. */
export const focusFirstInvalid = (form: HTMLElement | null): void => {
  if (!form) return;
  const active = document.activeElement;
  if (active && form.contains(active) && active.getAttribute('aria-invalid') === 'true') return;
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
};

/** Leaving the page while the dialog holds changes asks the unsaved-changes question. */
const NavigationPrompt = ({ dirty }: { dirty: boolean }) => {
  useUnsavedChangesPrompt(dirty);
  return null;
};
