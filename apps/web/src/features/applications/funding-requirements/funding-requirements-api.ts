import { useQuery } from '@tanstack/react-query';
import { fundingRequirementEndpoints as e, type FundingRequirementSettableStatus } from '@credence/contracts';
import { fetchBlob } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const fundingRequirementKeys = {
  worksheet: (id: number) => ['applications', id, 'fundingRequirements'] as const,
  preview: (id: number, applicationFileId: number) =>
    ['applications', id, 'fundingRequirements', 'preview', applicationFileId] as const,
};

/** `GET applications/{id}/fundingRequirements`: the stipulations, their files, the application's files, the queue. */
export const useFundingRequirements = (applicationId: number) =>
  useQuery({
    queryKey: fundingRequirementKeys.worksheet(applicationId),
    queryFn: ({ signal }) => callEndpoint(e.worksheet, { params: { id: applicationId } }, { signal }),
    enabled: applicationId > 0,
    meta: { silentError: true },
  });

export const changeStatus = (
  applicationId: number,
  requirementId: number,
  body: { status: FundingRequirementSettableStatus; waiveReason?: string | null; updatedAt: string },
) => callEndpoint(e.update, { params: { id: applicationId, requirementId }, body });

export const addRequirement = (applicationId: number, description: string) =>
  callEndpoint(e.add, { params: { id: applicationId }, body: { description, required: true } });

export const attachFile = (applicationId: number, requirementId: number, applicationFileId: number) =>
  callEndpoint(e.attachFile, { params: { id: applicationId, requirementId }, body: { applicationFileId } });

export const detachFile = (applicationId: number, requirementId: number, applicationFileId: number) =>
  callEndpoint(e.detachFile, { params: { id: applicationId, requirementId, applicationFileId } });

/** The content types the preview shows inline (what the browser renders itself). */
export const previewableTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const isPreviewable = (contentType: string) => (previewableTypes as readonly string[]).includes(contentType);

/**
 * The document's bytes for the inline preview, fetched with the bearer header (never a token in a URL) into a
 * Blob of its content type: the preview frame shows a same-origin `blob:` URL, so nothing is downloaded to disk
 * and the file route's sandbox policy (which would stop the PDF viewer inside a frame) stays as it is.
 */
export const useDocumentBlob = (
  applicationId: number,
  file: { applicationFileId: number; contentType: string } | null,
) =>
  useQuery({
    queryKey: fundingRequirementKeys.preview(applicationId, file?.applicationFileId ?? 0),
    queryFn: async () => {
      const blob = await fetchBlob(
        `/api/applications/${applicationId}/files/${file!.applicationFileId}`,
        file!.contentType,
      );
      return new Blob([blob], { type: file!.contentType });
    },
    enabled: file !== null && isPreviewable(file.contentType),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    meta: { silentError: true },
  });
