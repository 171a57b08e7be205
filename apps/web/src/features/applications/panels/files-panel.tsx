import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import {
  allowedFileTypes,
  documentStorageEndpoints,
  documentStorageTexts,
  DEFAULT_UPLOAD_TYPE_ID,
  MAX_FILES_PER_UPLOAD,
  endpointPath,
  fileEndpoints,
  messages,
  uploadTypes,
  type ApplicationFile,
  type DocumentFiling,
} from '@credence/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { showApiErrorToast, toasts } from '../../../lib/toast.tsx';
import { useApplicationFiles, useFileMutations, type UploadItem } from '../api.ts';
import { formatDateTime } from '../../../lib/format.ts';

const accept = Object.keys(allowedFileTypes)
  .map((extension) => `.${extension}`)
  .join(',');
const uploadTypeName = (id: number) => uploadTypes.find((u) => u.id === id)?.name ?? String(id);

const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: false,
});
const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${oneDecimal.format(bytes / 1024)} KB`
      : `${oneDecimal.format(bytes / 1024 / 1024)} MB`;

/**
 * Spec 3 §7: a file opens in a new window. The window opens at once (still inside the click, so no popup
 * blocker objects), then goes to the file with a single-use download token: the session token never appears
 * in a URL.
 */
export const openFile = async (applicationId: number, file: Pick<ApplicationFile, 'appFileId' | 'isDeleted'>) => {
  const target = window.open('about:blank', '_blank');
  if (target) target.opener = null;
  try {
    const ids = { id: applicationId, fileId: file.appFileId };
    const { token } = await callEndpoint(fileEndpoints.downloadToken, {
      params: ids,
      body: { includeDeleted: file.isDeleted },
    });
    const path = endpointPath(fileEndpoints.download, ids);
    const params = new URLSearchParams({ dt: token });
    if (file.isDeleted) params.set('includeDeleted', 'true');
    if (target) target.location.href = `${path}?${params.toString()}`;
  } catch (error) {
    target?.close();
    showApiErrorToast(error);
  }
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The upload dialog: a name for each chosen file, one upload type for all; the server's refusals listed. */
const UploadDialog = ({
  files,
  onUpload,
  onClose,
  uploading,
  errors,
}: {
  files: File[];
  onUpload: (items: UploadItem[], uploadTypeId: number) => void;
  onClose: () => void;
  uploading: boolean;
  errors: string[];
}) => {
  const [names, setNames] = useState(() => files.map((f) => f.name.replace(/\.[^.]+$/, '')));
  const [uploadTypeId, setUploadTypeId] = useState<number>(DEFAULT_UPLOAD_TYPE_ID);
  const local: string[] = [];
  if (files.length > MAX_FILES_PER_UPLOAD) local.push(messages.files.tooMany(MAX_FILES_PER_UPLOAD));
  files.forEach((f) => {
    if (!(extensionOf(f.name) in allowedFileTypes)) local.push(`${f.name}: ${messages.files.unsupportedType}`);
    else if (f.size === 0) local.push(`${f.name}: ${messages.files.empty}`);
  });
  const missingName = names.some((n) => n.trim() === '');
  const shown = [...local, ...errors];
  return (
    <Dialog open onClose={uploading ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Upload Files</DialogTitle>
      <DialogContent dividers>
        {shown.length > 0 ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="upload-errors">
            {shown.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        ) : null}
        <TextField
          select
          label="Upload Type"
          value={uploadTypeId}
          onChange={(event) => setUploadTypeId(Number(event.target.value))}
          fullWidth
          sx={{ mb: 2 }}
        >
          {uploadTypes.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        {files.map((file, i) => (
          <Box key={`${file.name}-${i}`} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
            <TextField
              label="Name"
              value={names[i] ?? ''}
              onChange={(event) => setNames((prev) => prev.map((n, j) => (j === i ? event.target.value : n)))}
              error={(names[i] ?? '').trim() === ''}
              helperText={
                (names[i] ?? '').trim() === ''
                  ? messages.validation.required
                  : `${file.name} · ${formatSize(file.size)}`
              }
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={uploading || local.length > 0 || missingName}
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
          onClick={() =>
            onUpload(
              files.map((file, i) => ({ file, name: (names[i] ?? file.name).trim() })),
              uploadTypeId,
            )
          }
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const filingColor = { queued: 'default', retrying: 'warning', filed: 'success', failed: 'error' } as const;

/** Issue 37: where a file was filed (the lender's document storage providers), one chip per provider. */
const FilingChips = ({ filings }: { filings: DocumentFiling[] }) =>
  filings.length === 0 ? null : (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {filings.map((f) => (
        <Tooltip key={f.id} title={f.lastError ?? f.location ?? ''}>
          <Chip
            size="small"
            variant="outlined"
            color={filingColor[f.status]}
            label={`${documentStorageTexts.filingStatus[f.status]}: ${f.providerName}`}
            data-testid="filing-status"
          />
        </Tooltip>
      ))}
    </Box>
  );

/** Files of the application (spec 3 §7): upload several, open in a new window, change upload type, delete. */
export const FilesPanel = ({ applicationId }: { applicationId: number }) => {
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const { data: files, isPending, isError } = useApplicationFiles(applicationId, includeDeleted);
  const { upload, updateType, remove } = useFileMutations(applicationId);
  const filings = useQuery({
    queryKey: ['applications', applicationId, 'documentFilings'],
    queryFn: () => callEndpoint(documentStorageEndpoints.filings, { params: { id: applicationId } }),
    // While a filing waits for its job, its chip is read again.
    refetchInterval: (query) =>
      query.state.data?.some((f) => f.status === 'queued' || f.status === 'retrying') ? 5000 : false,
    meta: { silentError: true },
  }).data;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[] | null>(null);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);

  const startUpload = (items: UploadItem[], uploadTypeId: number) => {
    setUploadErrors([]);
    upload.mutate(
      { items, uploadTypeId },
      {
        onSuccess: (saved) => {
          toasts.success('Files Uploaded', saved.map((f) => f.name).join(', '));
          setChosen(null);
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 422 || error.status === 413 || error.status === 415)) {
            const lines = error.errors.map((e) => {
              const index = Number(/\.(\d+)$/.exec(e.field)?.[1]);
              const file = Number.isInteger(index) ? items[index]?.file.name : undefined;
              return file ? `${file}: ${e.message}` : e.message;
            });
            setUploadErrors(lines.length > 0 ? lines : [error.serverMessage ?? messages.errors.backend]);
          } else {
            showApiErrorToast(error);
          }
        },
      },
    );
  };

  const changeType = (file: ApplicationFile, uploadTypeId: number) =>
    updateType.mutate(
      { appFileId: file.appFileId, uploadTypeId },
      {
        onSuccess: () =>
          toasts.success(messages.files.uploadTypeUpdated, `${file.name}: ${uploadTypeName(uploadTypeId)}`),
      },
    );

  const deleteOne = async (file: ApplicationFile) => {
    if (!(await confirm({ title: 'Delete File', message: `Delete the file "${file.name}"? It stays in the history.` })))
      return;
    remove.mutate(file.appFileId, { onSuccess: () => toasts.success('File Deleted', `${file.name} was deleted.`) });
  };

  return (
    <Box data-testid="files-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
        >
          Upload Files
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={accept}
          data-testid="file-input"
          onChange={(event) => {
            const list = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (list.length > 0) {
              setUploadErrors([]);
              setChosen(list);
            }
          }}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={includeDeleted}
              onChange={(event) => setIncludeDeleted(event.target.checked)}
            />
          }
          label="Show deleted"
        />
      </Box>
      {isPending ? (
        <CircularProgress size={24} />
      ) : isError ? (
        <Alert severity="error">{messages.applications.retrieveFailed('files')}</Alert>
      ) : files.length === 0 ? (
        <Typography color="text.secondary">No files uploaded.</Typography>
      ) : (
        <Table size="small" aria-label="Files">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Upload Type</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Uploaded By</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => (
              <TableRow key={file.appFileId} sx={file.isDeleted ? { opacity: 0.55 } : undefined}>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => void openFile(applicationId, file)}
                    underline="hover"
                    sx={{ fontWeight: 600, textAlign: 'left' }}
                  >
                    {file.name}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {file.fileName}
                  </Typography>
                  {file.isDeleted ? <Chip size="small" label="Deleted" sx={{ mt: 0.5 }} /> : null}
                  <FilingChips filings={filings?.filter((f) => f.appFileId === file.appFileId) ?? []} />
                </TableCell>
                <TableCell sx={{ minWidth: 190 }}>
                  <TextField
                    select
                    size="small"
                    value={file.uploadTypeId}
                    disabled={file.isDeleted || updateType.isPending}
                    onChange={(event) => changeType(file, Number(event.target.value))}
                    fullWidth
                    slotProps={{ htmlInput: { 'aria-label': `Upload type of ${file.name}` } }}
                  >
                    {uploadTypes.map((u) => (
                      <MenuItem key={u.id} value={u.id}>
                        {u.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>{formatSize(file.size)}</TableCell>
                <TableCell>{file.uploadedByUser?.name ?? '—'}</TableCell>
                <TableCell>{formatDateTime(file.uploadedUtcTime)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Open in a new window">
                    <IconButton
                      aria-label={`Open ${file.name}`}
                      size="small"
                      onClick={() => void openFile(applicationId, file)}
                    >
                      <OpenInNewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {file.isDeleted ? null : (
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${file.name}`} size="small" onClick={() => void deleteOne(file)}>
                        <DeleteOutlineOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {chosen ? (
        <UploadDialog
          files={chosen}
          uploading={upload.isPending}
          errors={uploadErrors}
          onUpload={startUpload}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </Box>
  );
};
