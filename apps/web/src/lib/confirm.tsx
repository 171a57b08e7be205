import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { LazyDialog as Dialog } from './lazy-overlays.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
};

type Pending = { id: number; options: ConfirmOptions; resolve: (answer: boolean) => void };

let pending: Pending | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getPending = () => pending;

const settle = (answer: boolean) => {
  const current = pending;
  if (!current) return;
  pending = null;
  emit();
  current.resolve(answer);
};

/** Ask a Yes / No question in a modal dialog; resolves true for Yes. A new question answers the previous one with No. */
export const confirm = (options: ConfirmOptions): Promise<boolean> => {
  settle(false);
  return new Promise<boolean>((resolve) => {
    pending = { id: nextId++, options, resolve };
    emit();
  });
};

const closeAllListeners = new Set<() => void>();

/** Close every open dialog (inactivity sign-out, spec 1 §4): pending questions are answered No. */
export const closeAllDialogs = (): void => {
  settle(false);
  closeAllListeners.forEach((listener) => listener());
};

/** Let a dialog with its own open state close itself when all dialogs are closed. */
export const useCloseOnCloseAllDialogs = (close: () => void): void => {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    const listener = () => closeRef.current();
    closeAllListeners.add(listener);
    return () => {
      closeAllListeners.delete(listener);
    };
  }, []);
};

/** Renders the pending question; mounted once at the app root so it survives navigation. */
export const ConfirmHost = () => {
  const current = useSyncExternalStore(subscribe, getPending, getPending);
  // The answered question stays in the dialog while it fades out: a dialog is never shown without its title.
  const [shown, setShown] = useState(current);
  if (current !== null && current !== shown) setShown(current);
  const question = current ?? shown;
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={current !== null}
      onClose={() => settle(false)}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      {question ? (
        <>
          <DialogTitle id={titleId}>{question.options.title}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>{question.options.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => settle(false)}>{question.options.cancelText ?? 'No'}</Button>
            <Button variant="contained" onClick={() => settle(true)} autoFocus>
              {question.options.confirmText ?? 'Yes'}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
};
