import { useMutation, useQuery } from '@tanstack/react-query';
import {
  letterFieldsEndpoint,
  letterPreviewEndpoint,
  letterPrintEndpoints,
  lettersResource,
  lettersTexts,
  type AdverseLetterQuery,
  type FactaLetterQuery,
  type LetterPreviewRequest,
} from '@credence/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { callEndpoint, fetchEndpointBlob } from '../../lib/endpoint-client.ts';
import { useResourceAction, useResourcePage, useSaveResource } from '../../lib/resource-api.ts';

/** Every template of the lender (a lender has a handful), by type then name. */
export const useLetterTemplates = () => useResourcePage(lettersResource, { pageSize: 500, sort: 'letterType' });
export const useSaveLetterTemplate = () => useSaveResource(lettersResource);
export const useLetterTemplateAction = () => useResourceAction(lettersResource);

export const useLetterFields = () =>
  useQuery({
    queryKey: ['letters', 'fields'],
    queryFn: ({ signal }) => callEndpoint(letterFieldsEndpoint, {}, { signal }),
    staleTime: Infinity,
  });

/** Shows a PDF in the tab opened at the click (no pop-up blocker), or in this one when none could be opened. */
const showPdf = (tab: Window | null, blob: Blob) => {
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const openPdf = async (load: () => Promise<Blob>) => {
  const tab = window.open('', '_blank');
  try {
    showPdf(tab, await load());
  } catch (error) {
    tab?.close();
    throw error;
  }
};

/** Preview: the template as typed, filled with sample data by the server, opened as a PDF. */
export const usePreviewLetter = () =>
  useMutation({
    mutationFn: (request: LetterPreviewRequest) =>
      openPdf(async () => {
        const answer = await callEndpoint(letterPreviewEndpoint, { body: request });
        const bytes = Uint8Array.from(atob(answer.contentBase64), (c) => c.charCodeAt(0));
        return new Blob([bytes], { type: 'application/pdf' });
      }),
    meta: { silentError: true },
  });

/** The adverse action notice of a decline's applicant (spec 3 §7 `GET applications/adverse`), in a new tab. */
export const openAdverseLetter = (query: AdverseLetterQuery) =>
  openPdf(() => fetchEndpointBlob(letterPrintEndpoints.adverse, { query }, 'application/pdf'));

/** The credit score disclosure of an applicant (spec 3 §7 `GET applications/{id}/facta`), in a new tab. */
export const openFactaLetter = (applicationId: number, query: FactaLetterQuery) =>
  openPdf(() =>
    fetchEndpointBlob(letterPrintEndpoints.facta, { params: { id: applicationId }, query }, 'application/pdf'),
  );

/** The text to show for a failed letter: a 404 means no template is uploaded and enabled (spec 3 §8). */
export const letterErrorText = (error: unknown): string | null =>
  isApiError(error) && error.status === 404 ? lettersTexts.notEnabled : null;
