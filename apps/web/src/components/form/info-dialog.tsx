import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { messages } from '@credence/contracts';
import { useCloseOnCloseAllDialogs } from '../../lib/confirm.tsx';
import { DialogFrame } from './form-dialog.tsx';

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
  useCloseOnCloseAllDialogs(onClose);
  return (
    <DialogFrame
      title={title}
      width={width}
      onClose={onClose}
      testId={testId}
      contentSx={contentSx}
      actions={<Button onClick={onClose}>{closeLabel}</Button>}
    >
      {children}
    </DialogFrame>
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
