import { useEffect, useRef } from 'react';
import { toast, type Id, type ToastContentProps, type TypeOptions } from 'react-toastify';
import { messages } from '@credence/contracts';
import { isApiError } from './api-client.ts';

/** Spec 1 §8: toasts stay 30000 ms; a toast the mouse has rested on gets 5000 ms more after the mouse leaves. */
export const TOAST_AUTO_CLOSE_MS = 30_000;
export const TOAST_EXTENDED_MS = 5_000;

/**
 * Where toasts open (issue 29, item 14): at the top, centred, over the top bar's empty middle — between the New
 * Application button and the lender picker, above every page's title row — so that no toast lies over an action
 * of the page (a list's row buttons, a worksheet's lock chip or toolbar, a report's Cross Sell and Print) for its
 * 30 s (their size: toasts.css). Further toasts stack below it.
 */
export const TOAST_TOP_PX = 4;

type ToastKind = Extract<TypeOptions, 'success' | 'error' | 'warning' | 'info'>;

type ToastBodyProps = { title?: string; text?: string; toastId: Id; count?: number };

/** Title and text of a toast; when the mouse leaves the toast, its timer restarts with the extended time. */
const ToastBody = ({ title, text, toastId, count = 1 }: ToastBodyProps) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current?.closest('.Toastify__toast');
    if (!container) return;
    const extend = () => toast.update(toastId, { autoClose: TOAST_EXTENDED_MS });
    container.addEventListener('mouseleave', extend);
    return () => container.removeEventListener('mouseleave', extend);
  }, [toastId]);
  const times = count > 1 ? <span data-testid="toast-count"> ×{count}</span> : null;
  return (
    <div ref={ref} data-testid="toast">
      {title ? (
        <div style={{ fontWeight: 600, marginBottom: text ? 2 : 0 }}>
          {title}
          {times}
        </div>
      ) : null}
      {text ? (
        <div style={{ whiteSpace: 'pre-line' }}>
          {text}
          {title ? null : times}
        </div>
      ) : null}
    </div>
  );
};

/** The toasts on screen by kind, title and text, with how many times each was shown (issue 29, item 14). */
const shown = new Map<string, { id: Id; count: number; kind: ToastKind }>();

/**
 * A confirmation ('Saved') is done once the next toast arrives: it leaves, so the stack stays in the top bar. A
 * message to read (info: 'You have been logged out due to inactivity'), a warning or an error stays.
 */
const settled = (kind: ToastKind) => kind === 'success';

const bodyOf =
  (title: string | undefined, text: string | undefined, count: number) =>
  ({ toastProps }: ToastContentProps) => (
    <ToastBody title={title} text={text} toastId={toastProps.toastId} count={count} />
  );

/**
 * Shows a toast; the same toast again while it is on screen (eight 'Requirement Saved' in a row) is one toast with
 * a count, its 30 s started again; a new one sends the confirmations on screen away (messages, warnings and errors stay).
 */
const show = (kind: ToastKind, title: string | undefined, text?: string, options?: { toastId?: Id }): Id => {
  const key = `${kind}\u0000${title ?? ''}\u0000${text ?? ''}`;
  const same = shown.get(key);
  if (same && toast.isActive(same.id)) {
    same.count += 1;
    toast.update(same.id, { render: bodyOf(title, text, same.count), autoClose: TOAST_AUTO_CLOSE_MS });
    return same.id;
  }
  for (const other of shown.values()) if (settled(other.kind)) toast.dismiss(other.id);
  const entry = { id: '' as Id, count: 1, kind };
  entry.id = toast[kind](bodyOf(title, text, 1), {
    toastId: options?.toastId,
    onClose: () => {
      if (shown.get(key) === entry) shown.delete(key);
    },
  });
  shown.set(key, entry);
  return entry.id;
};

/** Toast helpers: (title, text). */
export const toasts = {
  success: (title: string | undefined, text?: string, options?: { toastId?: Id }) =>
    show('success', title, text, options),
  error: (title: string | undefined, text?: string, options?: { toastId?: Id }) => show('error', title, text, options),
  warning: (title: string | undefined, text?: string, options?: { toastId?: Id }) =>
    show('warning', title, text, options),
  info: (title: string | undefined, text?: string, options?: { toastId?: Id }) => show('info', title, text, options),
  dismissAll: () => toast.dismiss(),
};

/** Text of the global error toast: 'CODE: message' when the server sent a code, else 'backend server error'. */
export const apiErrorText = (error: unknown): string => {
  if (isApiError(error) && error.code) return `${error.code}: ${error.serverMessage ?? messages.errors.backend}`;
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return messages.errors.backend;
};

/** The global error toast of a failed service call (spec 1 §8). */
export const showApiErrorToast = (error: unknown): Id => toasts.error(messages.errors.title, apiErrorText(error));
