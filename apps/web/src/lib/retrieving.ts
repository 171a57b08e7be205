import { messages } from '@credence/contracts';
import { isApiError, isSessionError } from './api-client.ts';
import { toasts } from './toast.tsx';

/**
 * A load that fails shows 'An error occurred retrieving {thing} from the api.' (spec 3 §8) instead of the
 * generic error toast; the toast id keeps a retry from showing it twice. Queries using it pass `silentLoad`.
 * `quietNotFound`: a 404 shows no toast, for a load whose page says so itself.
 */
export const retrieving =
  <T>(thing: string, load: () => Promise<T>, { quietNotFound = false }: { quietNotFound?: boolean } = {}) =>
  async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      // A 404 the page answers itself (the application is not there or not the caller's) needs no toast.
      const shownByPage = quietNotFound && isApiError(error) && error.status === 404;
      if (!isSessionError(error) && !shownByPage) {
        toasts.error(messages.errors.title, messages.applications.retrieveFailed(thing), {
          toastId: `retrieve-${thing}`,
        });
      }
      throw error;
    }
  };

/** The query meta that keeps the generic error toast away (the load shows its own). */
export const silentLoad = { silentError: true } as const;
