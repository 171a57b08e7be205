import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '@credence/contracts';
import { useCloseOnCloseAllDialogs } from '../../../lib/confirm.tsx';

/**
 * A dialog without a form: title, content and one closing button (Close). Used by the Application Alerts
 * dialog, and while an edit dialog's data loads (a spinner, or the load error).
 */
export const InfoDialog = ({
  title,
  width,
  onClose,
  children,
  closeLabel = 'Close',
  testId,
  contentSx,
}: {
  title: string;
  width: string | number;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
  testId?: string;
  contentSx?: object;
}) => {
  const titleId = useId();
  useCloseOnCloseAllDialogs(onClose);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { width, maxWidth: '96vw' }, 'data-testid': testId } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={contentSx}>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{closeLabel}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The dialog while its data loads, or when the load failed. */
export const LoadingDialog = ({
  title,
  width,
  onClose,
  failed,
  thing,
  testId,
}: {
  title: string;
  width: string | number;
  onClose: () => void;
  failed: boolean;
  /** What was being read ('HMDA data'), for the error text. */
  thing: string;
  testId?: string;
}) => (
  <InfoDialog title={title} width={width} onClose={onClose} closeLabel="Cancel" testId={testId}>
    {failed ? (
      <Alert severity="error">{messages.applications.retrieveFailed(thing)}</Alert>
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    )}
  </InfoDialog>
);
