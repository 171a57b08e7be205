import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FundingRequirementFile } from '@credence/contracts';
import { apiErrorText } from '../../../lib/toast.tsx';
import { isPreviewable, useDocumentBlob } from './funding-requirements-api.ts';
import { fundingRequirementLabels as labels } from './texts.ts';

/** A same-origin object URL of the blob while it is shown; revoked when another document replaces it. */
const useObjectUrl = (blob: Blob | undefined) => {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
};

/**
 * The inline preview beside the checklist: a PDF in the browser's own viewer (an iframe), an image as an image;
 * other types say they cannot be previewed. It stays on the chosen document while stipulations change.
 */
export const DocumentPreview = ({
  applicationId,
  file,
}: {
  applicationId: number;
  file: FundingRequirementFile | null;
}) => {
  const query = useDocumentBlob(applicationId, file);
  const url = useObjectUrl(query.data);
  const isPdf = file?.contentType === 'application/pdf';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={labels.preview}
      data-testid="document-preview"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 560, height: '100%' }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="document-preview-title">
        {file ? file.name : labels.preview}
      </Typography>
      {file === null ? (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
          <Typography>{labels.noPreview}</Typography>
        </Box>
      ) : !isPreviewable(file.contentType) ? (
        <Alert severity="info">{labels.previewUnavailable}</Alert>
      ) : query.isError ? (
        <Alert severity="error">{apiErrorText(query.error)}</Alert>
      ) : !url ? (
        <Skeleton variant="rounded" sx={{ flex: 1, minHeight: 480 }} />
      ) : isPdf ? (
        <Box
          component="iframe"
          key={url}
          src={url}
          title={`${labels.preview}: ${file.name}`}
          data-testid="document-preview-frame"
          data-file-id={file.applicationFileId}
          sx={{
            flex: 1,
            width: '100%',
            minHeight: 560,
            height: { lg: 'calc(100vh - 180px)' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : (
        <Box sx={{ flex: 1, overflow: 'auto', textAlign: 'center' }}>
          <Box
            component="img"
            src={url}
            alt={file.name}
            data-testid="document-preview-image"
            data-file-id={file.applicationFileId}
            sx={{ maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        </Box>
      )}
    </Paper>
  );
};
