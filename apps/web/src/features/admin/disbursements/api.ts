import { queryOptions } from '@tanstack/react-query';
import { disbursalMethodsEndpoints, disbursementsEndpoints, disbursementTexts, messages } from '@credence/contracts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { silentLoad } from '../../../lib/retrieving.ts';
import { toasts } from '../../../lib/toast.tsx';

/** A load whose failure shows its own text (spec 2 §8) instead of the generic error toast. */
export const loadOrSay =
  <T>(failure: string, load: () => Promise<T>) =>
  async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (!isSessionError(error)) toasts.error(messages.errors.title, failure, { toastId: failure });
      throw error;
    }
  };

/** Spec 2 §7 `GET lender/disbursalmethods`: the enabled disbursal methods ('Failed to load disbursal methods'). */
export const lenderDisbursalMethodsQuery = queryOptions({
  queryKey: ['lenderDisbursalMethods'],
  queryFn: loadOrSay(disbursementTexts.methodsFailed, () =>
    callEndpoint(disbursalMethodsEndpoints.lenderDisbursalMethods, {}),
  ),
  meta: silentLoad,
});

/** Spec 2 §7 `GET loanProduct`: the lender's loan products, enabled or not ('Failed to load loan products'). */
export const adminLoanProductsQuery = queryOptions({
  queryKey: ['adminLoanProducts'],
  queryFn: loadOrSay(disbursementTexts.productsFailed, () => callEndpoint(disbursementsEndpoints.loanProducts, {})),
  meta: silentLoad,
});

/** A product choice: its name, '(disabled)' after a disabled one. */
export const productOptions = (products: readonly { id: number; name: string; enabled: boolean }[]) =>
  products.map((p) => ({ value: p.id, label: p.enabled ? p.name : `${p.name} (disabled)` }));
