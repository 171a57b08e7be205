import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import { MAX_COMMENT_LENGTH, messages, type Comment, type CommentType } from '@credence/contracts';
import { confirm } from '../../../lib/confirm.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCommentMutations, useComments } from '../api.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** The stored mention markup (spec 3 §5): @user:{email}[name] or @usergroup:{id}[name]. */
const MENTION = /@user:[^\s[\]]+@[^\s[\]]+\[([^\]]*)\]|@usergroup:\d+\[([^\]]*)\]/g;

/** The message as people read it: each mention shown as the bare name, highlighted. */
export const renderMessage = (message: string): ReactNode[] => {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) parts.push(message.slice(last, start));
    parts.push(
      <Box component="strong" key={start} sx={{ color: 'primary.main', fontWeight: 600 }} data-testid="mention">
        {match[1] ?? match[2] ?? ''}
      </Box>,
    );
    last = start + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
};

/** 'Last, First', or the sender of a comment that did not come from a user (spec 3 §2). */
const authorOf = (c: Comment) => (c.user ? `${c.user.lastName}, ${c.user.firstName}` : (c.sender ?? 'System'));
const initialsOf = (c: Comment) =>
  c.user ? `${c.user.firstName[0] ?? ''}${c.user.lastName[0] ?? ''}` : (c.sender?.[0] ?? '?');

const CommentItem = ({
  comment,
  mine,
  onEdit,
  onDelete,
  onViewed,
  busy,
}: {
  comment: Comment;
  mine: boolean;
  onEdit: (message: string) => Promise<unknown>;
  onDelete: () => void;
  onViewed: () => void;
  busy: boolean;
}) => {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.message);
  const unread = !comment.viewedByMe && !comment.isDeleted && !mine;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        mb: 1,
        display: 'flex',
        gap: 1.5,
        bgcolor: unread ? 'rgba(31,78,121,0.04)' : undefined,
        opacity: comment.isDeleted ? 0.6 : 1,
      }}
      data-testid="comment"
    >
      <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.light' }}>{initialsOf(comment)}</Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {authorOf(comment)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(comment.timestampUtc)}
            {comment.updatedUtcTime ? ' (edited)' : ''}
          </Typography>
          {unread ? <Chip size="small" color="primary" label="New" /> : null}
          {comment.isDeleted ? <Chip size="small" label="Deleted" /> : null}
          <Box sx={{ flexGrow: 1 }} />
          {unread ? (
            <Button size="small" startIcon={<DoneAllIcon />} onClick={onViewed} disabled={busy}>
              Mark as viewed
            </Button>
          ) : null}
          {mine && !comment.isDeleted && !editing ? (
            <>
              <Tooltip title="Edit">
                <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" aria-label="Delete comment" onClick={onDelete} disabled={busy}>
                  <DeleteOutlineOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          ) : null}
        </Box>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <TextField
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              label="Comment"
              slotProps={{ htmlInput: { maxLength: MAX_COMMENT_LENGTH } }}
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
              <Button
                size="small"
                onClick={() => {
                  setText(comment.message);
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={busy || text.trim() === '' || text === comment.message}
                onClick={() => void onEdit(text.trim()).then(() => setEditing(false))}
              >
                Save
              </Button>
            </Box>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.isDeleted ? messages.comments.deleted : renderMessage(comment.message)}
          </Typography>
        )}
      </Box>
    </Paper>
  );
};

const typeLabels: Record<CommentType, string> = { JOURNAL: 'Journal', DEALER: 'Dealer' };

/** Dealer and journal comments (spec 3): add, edit and delete one's own, mark others' as viewed. */
export const CommentsPanel = ({ applicationId }: { applicationId: number }) => {
  const [type, setType] = useState<CommentType>('JOURNAL');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [draft, setDraft] = useState('');
  const { data: user } = useCurrentUser();
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(applicationId, {
    includeDeleted,
    type,
  });
  const { add, edit, remove, markViewed } = useCommentMutations(applicationId);
  const busy = add.isPending || edit.isPending || remove.isPending || markViewed.isPending;
  // Pages come newest first; the panel reads top to bottom, oldest first, older ones loaded on demand above.
  const shown = (data?.pages.flatMap((p) => p.data) ?? []).filter((c) => c.type === type).reverse();
  const unread = data?.pages[0]?.unread;
  const unreadOf = (t: CommentType) => unread?.[t] ?? 0;
  const total = data?.pages[0]?.total ?? 0;

  const submit = () => add.mutate({ type, message: draft.trim() }, { onSuccess: () => setDraft('') });

  const deleteOne = async (comment: Comment) => {
    if (!(await confirm({ title: 'Delete Comment', message: 'Delete this comment?' }))) return;
    remove.mutate(comment.id);
  };

  return (
    <Box data-testid="comments-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 1.5 }}>
        <Tabs
          value={type}
          onChange={(_e, value: CommentType) => setType(value)}
          aria-label="Comment type"
          sx={{ flexGrow: 1 }}
        >
          {(['JOURNAL', 'DEALER'] as const).map((t) => (
            <Tab
              key={t}
              value={t}
              label={
                <Badge color="primary" badgeContent={unreadOf(t)} sx={{ pr: unreadOf(t) > 0 ? 1.5 : 0 }}>
                  {typeLabels[t]}
                </Badge>
              }
            />
          ))}
        </Tabs>
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
        <Alert severity="error">{messages.applications.retrieveFailed('comments')}</Alert>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          No {typeLabels[type].toLowerCase()} comments.
        </Typography>
      ) : (
        <Box sx={{ maxHeight: 480, overflowY: 'auto', mb: 1.5 }}>
          {hasNextPage ? (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 1 }}>
              <Button size="small" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                Load older comments
              </Button>
              <Typography variant="caption" color="text.secondary" data-testid="comments-count">
                {shown.length} of {total}
              </Typography>
            </Box>
          ) : null}
          {shown.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              mine={c.user?.id === user?.id}
              busy={busy}
              onViewed={() => markViewed.mutate(c.id)}
              onDelete={() => void deleteOne(c)}
              onEdit={(message) => edit.mutateAsync({ commentId: c.id, message })}
            />
          ))}
        </Box>
      )}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          label={`Add a ${typeLabels[type].toLowerCase()} comment`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter (Cmd+Enter on a Mac) posts the comment; Enter alone starts a new line.
            if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
            event.preventDefault();
            if (!busy && draft.trim() !== '') submit();
          }}
          multiline
          minRows={2}
          fullWidth
          helperText={`${draft.length}/${MAX_COMMENT_LENGTH} · Ctrl+Enter to post`}
          slotProps={{ htmlInput: { maxLength: MAX_COMMENT_LENGTH } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy || draft.trim() === ''}
          sx={{ mt: 0.5, whiteSpace: 'nowrap' }}
        >
          Add Comment
        </Button>
      </Box>
    </Box>
  );
};
