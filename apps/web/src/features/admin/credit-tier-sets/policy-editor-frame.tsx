import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { versionText } from '../matrices/matrix-version.ts';

type Versioned = Parameters<typeof versionText>[0];

/**
 * The frame of a policy object's editor (credit tier sets, loan term sets), as the matrix editor's: the version
 * in effect, Cancel, Save Draft (kept until published) and Save and Publish (in effect at once), and the
 * problems the server's save-time check found (gaps, overlaps), one line each.
 */
export const PolicyEditorFrame = ({
  title,
  testId,
  what,
  record,
  dirty,
  saving,
  problems,
  onCancel,
  onSave,
  width = 900,
  children,
}: {
  title: string;
  testId: string;
  /** 'credit tier set': "The credit tier set was not saved:". */
  what: string;
  record: Versioned | null;
  dirty: boolean;
  saving: 'draft' | 'publish' | null;
  problems: readonly string[];
  onCancel: () => void;
  onSave: (publish: boolean) => void;
  width?: number;
  children: ReactNode;
}) => (
  <DialogFrame
    title={title}
    width={width}
    onClose={onCancel}
    testId={testId}
    contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    actions={
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
          {record ? `In effect: ${versionText(record)}` : 'New: saved as a draft until published'}
        </Typography>
        <Button onClick={onCancel} disabled={saving !== null}>
          Cancel
        </Button>
        <Button
          variant="outlined"
          onClick={() => onSave(false)}
          disabled={saving !== null || !dirty}
          startIcon={saving === 'draft' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save Draft
        </Button>
        <Button
          variant="contained"
          onClick={() => onSave(true)}
          disabled={saving !== null || (!dirty && record?.draftVersion === null)}
          startIcon={saving === 'publish' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save and Publish
        </Button>
      </>
    }
  >
    {problems.length > 0 ? (
      <Alert severity="error" data-testid="policy-problems">
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          The {what} was not saved:
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </Box>
      </Alert>
    ) : null}
    {children}
  </DialogFrame>
);
