import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/**
 * A dialog that asks for a reason before an act that needs one (waiving a requirement, an exception to policy):
 * what the act is about above, the reason (required, at most `max` characters, counted as typed), Cancel and the
 * act's button. `onConfirm` gets the trimmed reason; the dialog stays open while it runs.
 */
export const ReasonDialog = ({
  title,
  children,
  label,
  confirmText,
  cancelText = 'Cancel',
  max,
  requiredText,
  tooLongText,
  testId,
  onClose,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  label: string;
  confirmText: string;
  cancelText?: string;
  max: number;
  requiredText: string;
  tooLongText: string;
  /** `${testId}-reason` on the text box, `${testId}-confirm` on the button. */
  testId: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) => {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const trimmed = reason.trim();
  const error = !trimmed ? requiredText : trimmed.length > max ? tooLongText : null;
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={3}
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && error !== null}
          helperText={touched && error ? error : `${trimmed.length}/${max}`}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-reason` } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {cancelText}
        </Button>
        <Button
          variant="contained"
          disabled={saving}
          data-testid={`${testId}-confirm`}
          onClick={async () => {
            setTouched(true);
            if (error) return;
            setSaving(true);
            try {
              await onConfirm(trimmed);
            } finally {
              setSaving(false);
            }
          }}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
