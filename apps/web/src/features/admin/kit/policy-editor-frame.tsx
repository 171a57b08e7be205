import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogFrame } from '../../../components/form/form-dialog.tsx';
import { displayTimeZone } from '../../../lib/format.ts';
import {
  effectiveFromProblem,
  localDateTimeText,
  momentOfLocalText,
  type PolicySaveChoice,
  type PolicySaving,
} from './policy-editor.ts';
import { versionText } from './policy-version.ts';

type Versioned = Parameters<typeof versionText>[0];

/**
 * The actions of a policy object's editor (matrices, workflows, credit tier sets, loan term sets): the version in
 * effect, Cancel, Save Draft (kept until published), 'Effective from' and Save and Publish (in effect from that
 * time, or at once when it is empty). A time before the current minute, or one not typed whole, is refused on the
 * field (on leaving it, and on Save and Publish, which then sends nothing); a saved record clears it.
 */
export const PolicyEditorActions = ({
  record,
  dirty,
  saving,
  onCancel,
  onSave,
  cancelText = 'Cancel',
  note = '',
  canSaveDraft = dirty,
}: {
  record: Versioned | null;
  dirty: boolean;
  saving: PolicySaving;
  onCancel: () => void;
  onSave: PolicySaveChoice;
  cancelText?: string;
  /** Shown after the version ('· unsaved changes'). */
  note?: string;
  /** Save Draft can be pressed (when not saving): when there are changes, by default. */
  canSaveDraft?: boolean;
}) => {
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shownRecord, setShownRecord] = useState(record);
  const input = useRef<HTMLInputElement>(null);
  if (record !== shownRecord) {
    // Saved (the workflow editor stays open): the next publish is at once again unless a time is chosen.
    setShownRecord(record);
    setEffectiveFrom('');
    setProblem(null);
  }
  /** Some of the date's or time's parts are typed, not all (the input's value is then empty). */
  const incomplete = () => input.current?.validity.badInput ?? false;

  const publish = () => {
    const refused = effectiveFromProblem(effectiveFrom, incomplete());
    setProblem(refused);
    if (refused) {
      input.current?.focus();
      return;
    }
    onSave(true, effectiveFrom ? momentOfLocalText(effectiveFrom).toISOString() : null);
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
        {record ? `In effect: ${versionText(record)}` : 'New: saved as a draft until published'}
        {note}
      </Typography>
      <Button onClick={onCancel} disabled={saving !== null}>
        {cancelText}
      </Button>
      <Button
        variant="outlined"
        onClick={() => onSave(false, null)}
        disabled={saving !== null || !canSaveDraft}
        startIcon={saving === 'draft' ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Save Draft
      </Button>
      <TextField
        type="datetime-local"
        size="small"
        label="Effective from"
        value={effectiveFrom}
        inputRef={input}
        onChange={(event) => {
          setEffectiveFrom(event.target.value);
          // Typed part by part: a time not yet whole is refused only on leaving the field (or publishing).
          setProblem(effectiveFromProblem(event.target.value, false));
        }}
        onBlur={() => setProblem(effectiveFromProblem(effectiveFrom, incomplete()))}
        disabled={saving !== null}
        error={problem !== null}
        helperText={problem ?? `Empty: at once. Times in ${displayTimeZone()}`}
        slotProps={{
          inputLabel: { shrink: true },
          input: { sx: { width: 230, flexShrink: 0 } },
          htmlInput: { min: localDateTimeText(new Date()) },
          // Beside the input, not below it: the footer keeps its height (the workflow editor's canvas its room).
          formHelperText: { sx: { m: 0, ml: 1, maxWidth: 180, lineHeight: 1.3 } },
        }}
        sx={{ flexDirection: 'row', alignItems: 'center', ml: 1.5 }}
      />
      <Button
        variant="contained"
        onClick={publish}
        disabled={saving !== null || (!dirty && record?.draftVersion === null)}
        startIcon={saving === 'publish' ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Save and Publish
      </Button>
    </>
  );
};

/** The problems the server's save-time check found (gaps, overlaps), one line each; nothing when there are none. */
export const PolicyProblems = ({
  what,
  problems,
  testId = 'policy-problems',
}: {
  /** 'credit tier set': "The credit tier set was not saved:". */
  what: string;
  problems: readonly string[];
  testId?: string;
}) =>
  problems.length > 0 ? (
    <Alert severity="error" data-testid={testId}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        The {what} was not saved:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </Box>
    </Alert>
  ) : null;

/**
 * The frame of a policy object's editor (credit tier sets, loan term sets): its actions (PolicyEditorActions) and
 * the server's problems (PolicyProblems) above the editor's own content.
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
  saving: PolicySaving;
  problems: readonly string[];
  onCancel: () => void;
  onSave: PolicySaveChoice;
  width?: number;
  children: ReactNode;
}) => (
  <DialogFrame
    title={title}
    width={width}
    onClose={onCancel}
    testId={testId}
    contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    actions={<PolicyEditorActions record={record} dirty={dirty} saving={saving} onCancel={onCancel} onSave={onSave} />}
  >
    <PolicyProblems what={what} problems={problems} />
    {children}
  </DialogFrame>
);
