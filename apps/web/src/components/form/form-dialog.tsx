import { useId, type FormEvent, type ReactNode } from 'react';
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
import { confirm, useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

export type EditDialogProps = {
  title: string;
  /** CSS width of the dialog ('90%', 720). */
  width: string | number;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  dirty: boolean;
  saving: boolean;
  /** Save is enabled only when this is true (valid, changed, not saving, lock held). */
  canSave: boolean;
  /** Why Save is disabled, as its tooltip. */
  saveHint?: string | null;
  /** Messages of the form as a whole (server errors that name no field, a warning). */
  formErrors?: readonly string[];
  warning?: string | null;
  children: ReactNode;
  saveLabel?: string;
  /** The label of the closing button ('Cancel'; the HMDA form without data says 'Add Later'). */
  cancelLabel?: string;
  /** A nested dialog (opened from another): it leaves the navigation prompt to its parent. */
  nested?: boolean;
  testId?: string;
};

/**
 * The frame of every edit dialog: title, scrolling form, Save and Cancel. Closing it with unsaved changes asks
 * 'We detected unsaved changes, are you sure you want to continue?', and so does leaving the page.
 */
export const EditDialog = ({
  title,
  width,
  onClose,
  onSubmit,
  dirty,
  saving,
  canSave,
  saveHint,
  formErrors,
  warning,
  children,
  saveLabel = 'Save',
  cancelLabel = 'Cancel',
  nested = false,
  testId,
}: EditDialogProps) => {
  const titleId = useId();
  const formId = useId();
  useCloseOnCloseAllDialogs(onClose);

  const requestClose = async () => {
    if (saving) return;
    if (dirty && !(await confirm({ title: UNSAVED_CHANGES_TITLE, message: messages.unsavedChanges }))) return;
    onClose();
  };

  return (
    <Dialog
      open
      onClose={() => void requestClose()}
      aria-labelledby={titleId}
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { width, maxWidth: '96vw' }, 'data-testid': testId } as object }}
    >
      {nested ? null : <NavigationPrompt dirty={dirty} />}
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {formErrors && formErrors.length > 0 ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formErrors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        ) : null}
        {warning ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {warning}
          </Alert>
        ) : null}
        <Box
          component="form"
          id={formId}
          noValidate
          autoComplete="off"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            // A nested dialog's form sits inside its parent's in the React tree: its submit stops here.
            event.stopPropagation();
            onSubmit(event);
          }}
        >
          {children}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={() => void requestClose()} disabled={saving}>
          {cancelLabel}
        </Button>
        <Tooltip title={!canSave && saveHint ? saveHint : ''}>
          <span>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={!canSave}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {saveLabel}
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
};

/** Leaving the page while the dialog holds changes asks the unsaved-changes question. */
const NavigationPrompt = ({ dirty }: { dirty: boolean }) => {
  useUnsavedChangesPrompt(dirty);
  return null;
};
