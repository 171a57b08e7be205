import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { letterTypeLabels, letterTypes, lettersTexts, type LetterTemplate, type LetterType } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { confirm } from '../../lib/confirm.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { formatDateTime } from '../../lib/format.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { useLetterTemplateAction, useLetterTemplates } from './api.ts';
import { LetterTemplateDialog } from './letter-template-dialog.tsx';

const MANAGE_RIGHT = 'canManageLetters';

type DialogState = { record: LetterTemplate | null; start?: { letterType: LetterType; body: string } } | null;

/**
 * The Letters area (/letters, spec 1 §2; spec 3 §6 "Letters need an administrator to have uploaded and enabled
 * them"): the lender's adverse action notice and credit score disclosure templates. Anyone signed in sees which
 * are in use; canManageLetters adds, edits (text with merge fields, upload, preview), copies, enables and
 * deletes them. One template of each type is enabled: enabling one disables the other.
 */
export const LettersPage = () => {
  const { data: user } = useCurrentUser();
  const canManage = hasRight(user, MANAGE_RIGHT);
  const templates = useLetterTemplates();
  const action = useLetterTemplateAction();
  const [dialog, setDialog] = useState<DialogState>(null);
  const rows = templates.data?.data ?? [];

  const run = async (verb: 'enable' | 'disable' | 'delete', row: LetterTemplate) => {
    if (
      verb === 'delete' &&
      !(await confirm({ title: 'Delete Letter Template', message: `Delete the letter template '${row.name}'?` }))
    ) {
      return;
    }
    try {
      await action.mutateAsync({ verb, id: row.id });
      const done = { enable: lettersTexts.enabled, disable: lettersTexts.disabled, delete: lettersTexts.deleted };
      toasts.success(lettersTexts.title, done[verb]);
    } catch (error) {
      showApiErrorToast(error);
    }
  };

  return (
    <>
      <PageTitle>{lettersTexts.title}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        The letters printed from the decision worksheet: the adverse action notice (Regulation B) and the credit score
        disclosure (FCRA). Each prints from the enabled template of its type; without one, the letter cannot be printed.
      </Typography>
      {canManage ? (
        <Box sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ record: null })}>
            New Template
          </Button>
        </Box>
      ) : null}
      {letterTypes
        .filter((type) => templates.isSuccess && !rows.some((r) => r.letterType === type && r.enabled))
        .map((type) => (
          <Alert key={type} severity="warning" sx={{ mb: 1.5 }}>
            No {letterTypeLabels[type]} template is enabled: the letter cannot be printed.
          </Alert>
        ))}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Letter templates">
          <TableHead>
            <TableRow>
              <TableCell>Letter Type</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Last Updated</TableCell>
              {canManage ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {templates.isPending
              ? [0, 1].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={canManage ? 5 : 4}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {templates.isError ? (
              <TableRow>
                <TableCell colSpan={canManage ? 5 : 4}>
                  <Alert severity="error">An error occurred retrieving letter templates from the api.</Alert>
                </TableCell>
              </TableRow>
            ) : null}
            {templates.isSuccess && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={canManage ? 5 : 4}>No letter templates yet.</TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid={`letter-row-${row.id}`}>
                <TableCell>{letterTypeLabels[row.letterType]}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={row.enabled ? 'success' : 'default'}
                    label={row.enabled ? 'Enabled' : 'Disabled'}
                  />
                </TableCell>
                <TableCell>{formatDateTime(row.updatedAt)}</TableCell>
                {canManage ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      disabled={action.isPending}
                      onClick={() => void run(row.enabled ? 'disable' : 'enable', row)}
                    >
                      {row.enabled ? 'Disable' : 'Enable'}
                    </Button>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${row.name}`} onClick={() => setDialog({ record: row })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Copy">
                      <IconButton
                        aria-label={`Copy ${row.name}`}
                        onClick={() =>
                          setDialog({ record: null, start: { letterType: row.letterType, body: row.body } })
                        }
                      >
                        <ContentCopyOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${row.name}`} onClick={() => void run('delete', row)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog ? (
        <LetterTemplateDialog record={dialog.record} start={dialog.start} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
};
