import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import {
  lenderProtectionEndpoints,
  decisionRetractionEndpoints,
  decisionRetractionTexts,
  hasRetractableDecision,
  hubMessages,
  messages,
  type RetractionCheck,
} from '@credence/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { apiErrorText, showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useInvalidateApplication } from '../api.ts';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { type RowMap } from '../../../components/form/values.ts';
import { worksheetTexts } from './texts.ts';
import { useWorksheet } from './worksheet-context.ts';

/** A call that could not reach the server (no answer at all: a network error). */
export const isServerUnreachable = (error: unknown): boolean => isApiError(error) && error.status === 0;

/**
 * The error toast of a worksheet's call; one that could not reach the server says 'Communication with server has
 * been lost. Please press F5 to refresh if this message persists.' (spec 1 §8; connection-notice.tsx).
 */
export const showWorksheetError = (error: unknown) =>
  isServerUnreachable(error) ? toasts.error(messages.errors.title, hubMessages.lostRefresh) : showApiErrorToast(error);

/** Spec 3 §4: saving a funded application asks first; answers whether to go on. */
export const confirmFundedChange = (): Promise<boolean> =>
  confirm({ title: worksheetTexts.fundedTitle, message: messages.applications.fundedConfirmation });

/**
 * Spec 3 §4: a save that would retract the decision asks first — 'Updating the application will retract the
 * decision... Are you sure you want to continue?' (No / Yes), with the Lend Pro note when insurance applies.
 */
export const confirmRetraction = (insuranceApplies: boolean): Promise<boolean> =>
  confirm({
    title: decisionRetractionTexts.retractSuccess,
    message: insuranceApplies
      ? `${decisionRetractionTexts.warning} ${decisionRetractionTexts.lendProNote}`
      : decisionRetractionTexts.warning,
  });

/**
 * Whether the server says this change would retract the application's decision (the dry-run check, asked only
 * of an approved or counteroffer application); then the user confirms. Answers whether to go on.
 */
const retractionConfirmed = async (
  applicationId: number,
  state: string | undefined,
  retraction: { check: RetractionCheck; insuranceApplies: boolean },
): Promise<boolean> => {
  if (!hasRetractableDecision(state)) return true;
  const answer = await callEndpoint(decisionRetractionEndpoints.check, {
    params: { applicationId },
    body: retraction.check,
  });
  if (!answer.retracts) return true;
  return confirmRetraction(retraction.insuranceApplies || (await lendProSubmitted(applicationId)));
};

/** Whether the application was submitted to Lend Pro (an answer other than Error): the retraction says to re-submit. */
const lendProSubmitted = async (applicationId: number) => {
  try {
    const insured = await callEndpoint(lenderProtectionEndpoints.loanInsurance, { params: { applicationId } });
    return insured !== null && insured.status !== 'Error';
  } catch {
    return false;
  }
};

export type SaveOutcome = { saved: boolean; formErrors: string[] };

/**
 * Saving one part of the application from a dialog: the funded confirmation first (and again if the server
 * says the application became funded meanwhile), then the call; on success the 'Application Updated' toast
 * and a reload of the application; a 422 puts its messages on the form's fields; other failures show the
 * error toast, and a lock conflict reads the worksheet info again.
 */
export const useWorksheetSave = () => {
  const { applicationId, info, refreshInfo } = useWorksheet();
  const invalidate = useInvalidateApplication();

  return async <V extends FieldValues>(
    form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>,
    send: (confirmFunded: boolean | undefined) => Promise<unknown>,
    options: {
      rows?: RowMap;
      mapField?: (field: string) => string;
      /** The success toast (title, text); 'Application Updated' by default. */
      success?: { title?: string; text?: string };
      /**
       * The change as the retraction check takes it (the request, applicants or collaterals being saved): an
       * approved or counteroffer application asks the retraction confirmation first when it would retract.
       */
      retraction?: { check: RetractionCheck; insuranceApplies: boolean };
    } = {},
  ): Promise<SaveOutcome> => {
    let confirmFunded: boolean | undefined;
    if (info?.state === 'funded') {
      if (!(await confirmFundedChange())) return { saved: false, formErrors: [] };
      confirmFunded = true;
    }
    let retractionAsked = !options.retraction;
    for (;;) {
      try {
        if (!retractionAsked) {
          retractionAsked = true;
          if (!(await retractionConfirmed(applicationId, info?.state, options.retraction!)))
            return { saved: false, formErrors: [] };
        }
        await send(confirmFunded);
        const success = options.success ?? {
          title: messages.applications.updatedTitle,
          text: messages.applications.updated,
        };
        toasts.success(success.title, success.text);
        await invalidate(applicationId);
        return { saved: true, formErrors: [] };
      } catch (error) {
        if (isApiError(error) && error.code === 'FUNDED_CONFIRMATION_REQUIRED' && !confirmFunded) {
          if (!(await confirmFundedChange())) return { saved: false, formErrors: [] };
          confirmFunded = true;
          continue;
        }
        if (isApiError(error) && error.status === 422) {
          return { saved: false, formErrors: applyServerErrors(form, error, options) };
        }
        showWorksheetError(error);
        if (isApiError(error) && error.status === 409) refreshInfo();
        return { saved: false, formErrors: [] };
      }
    }
  };
};

/**
 * Saving a part that needs no lock (follow-ups, dealer packet, shares): the call, then the success toast and a
 * reload of the application; a 422 puts its messages on the form's fields; another failure shows the error
 * toast (with its own title when given, e.g. 'Failed to Update Follow Up Information').
 */
export const useDirectSave = () => {
  const { applicationId } = useWorksheet();
  const invalidate = useInvalidateApplication();

  return async <V extends FieldValues>(
    form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>,
    send: () => Promise<unknown>,
    options: { success: string; failureTitle?: string; rows?: RowMap },
  ): Promise<SaveOutcome> => {
    try {
      await send();
      toasts.success(options.success);
      await invalidate(applicationId);
      return { saved: true, formErrors: [] };
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        return { saved: false, formErrors: applyServerErrors(form, error, options) };
      }
      if (options.failureTitle)
        toasts.error(options.failureTitle, isServerUnreachable(error) ? hubMessages.lostRefresh : apiErrorText(error));
      else showWorksheetError(error);
      return { saved: false, formErrors: [] };
    }
  };
};

/**
 * The dialog side of a save: clears the form-level errors, runs the save, then closes the dialog on success
 * or shows the errors the save returned.
 */
export const useDialogOutcome = (onClose: () => void) => {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const settle = async (save: () => Promise<SaveOutcome>) => {
    setFormErrors([]);
    const outcome = await save();
    if (outcome.saved) onClose();
    else setFormErrors(outcome.formErrors);
  };
  return { formErrors, settle };
};
