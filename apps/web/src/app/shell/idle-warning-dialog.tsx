import { messages } from '@credence/contracts';
import Button from '@mui/material/Button';
import { LazyDialog as Dialog } from '../../lib/lazy-overlays.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

const IDLE_WARNING_TITLE = 'Are you still there?';

type IdleWarningDialogProps = { open: boolean; secondsLeft: number; onStay: () => void };

/** The countdown shown after the idle time (spec 1 §4 "Inactivity"). */
export const IdleWarningDialog = ({ open, secondsLeft, onStay }: IdleWarningDialogProps) => (
  <Dialog
    open={open}
    onClose={onStay}
    aria-labelledby="idle-warning-title"
    aria-describedby="idle-warning-text"
    maxWidth="xs"
    fullWidth
    sx={{ zIndex: (theme) => theme.zIndex.modal + 10 }}
  >
    <DialogTitle id="idle-warning-title">{IDLE_WARNING_TITLE}</DialogTitle>
    <DialogContent>
      <DialogContentText id="idle-warning-text" role="timer" aria-live="polite">
        {messages.shell.idleWarning(secondsLeft)}
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button variant="contained" onClick={onStay} autoFocus>
        Stay signed in
      </Button>
    </DialogActions>
  </Dialog>
);
