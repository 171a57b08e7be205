import { messages } from '@credence/contracts';
import { isSessionError } from './api-client.ts';
import { toasts } from './toast.tsx';

/**
 * A load that fails shows 'An error occurred retrieving {thing} from the api.' (spec 3 §8) instead of the
 * generic error toast; the toast id keeps a retry from showing it twice. Queries using it pass `silentLoad`.
 */
export const retrieving =
  <T>(thing: string, load: () => Promise<T>) =>
  async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (!isSessionError(error)) {
        toasts.error(messages.errors.title, messages.applications.retrieveFailed(thing), {
          toastId: `retrieve-${thing}`,
        });
      }
      throw error;
    }
  };

/** The query meta that keeps the generic error toast away (the load shows its own). */
export const silentLoad = { silentError: true } as const;
