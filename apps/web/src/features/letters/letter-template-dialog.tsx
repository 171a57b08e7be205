import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  letterTemplateInputSchema,
  letterTypeLabels,
  letterTypes,
  lettersTexts,
  messages,
  parseLetterTemplate,
  type LetterTemplate,
  type LetterType,
} from '@credence/contracts';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { CheckboxInput, SelectInput, TextInput } from '../../components/form/fields.tsx';
import { contractResolver } from '../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../components/form/server-errors.ts';
import { noRows } from '../../components/form/values.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { useLetterFields, usePreviewLetter, useSaveLetterTemplate } from './api.ts';
import { htmlToTemplate } from './html-to-template.ts';

type Values = { name: string; letterType: LetterType | ''; body: string; enabled: boolean };

const toInput = (v: Values) => ({ name: v.name.trim(), letterType: v.letterType, body: v.body, enabled: v.enabled });
const resolver = contractResolver<Values, unknown>(letterTemplateInputSchema, (v) => noRows(toInput(v)));

/** Largest .txt/.html file read into the editor (the template holds at most 20 000 characters). */
const MAX_UPLOAD_BYTES = 200_000;

export type LetterTemplateDialogProps = {
  /** The template edited; null: a new one, starting from `start`. */
  record: LetterTemplate | null;
  start?: { letterType: LetterType; body: string };
  onClose: () => void;
};

/**
 * Add or edit a letter template: name, letter type, Enabled, and the text with the merge fields listed beside it
 * (a click puts the field where the cursor is). 'Upload .txt / .html' reads a file into the text (HTML as text
 * with headings, bullets and bold); 'Preview' shows the text filled with sample data as the PDF the letter
 * will be. An unknown field is marked on the text before saving, and by the server's 422 if it gets there.
 */
export const LetterTemplateDialog = ({ record, start, onClose }: LetterTemplateDialogProps) => {
  const form = useForm<Values>({
    defaultValues: record
      ? { name: record.name, letterType: record.letterType, body: record.body, enabled: record.enabled }
      : { name: '', letterType: start?.letterType ?? '', body: start?.body ?? '', enabled: false },
    resolver,
    mode: 'onChange',
  });
  const save = useSaveLetterTemplate();
  const preview = usePreviewLetter();
  const fields = useLetterFields();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [body, letterType] = useWatch({ control: form.control, name: ['body', 'letterType'] });
  const problems = parseLetterTemplate(body).problems;

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success(lettersTexts.title, lettersTexts.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) {
        setFormErrors(applyServerErrors(form, error));
        return;
      }
      showApiErrorToast(error);
    }
  };

  const insertField = (name: string, kind: 'value' | 'list') => {
    const text = kind === 'list' ? `{{#${name}}}\n- {{.}}\n{{/${name}}}\n` : `{{${name}}}`;
    const area = document.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
    const current = form.getValues('body');
    const at = area && document.activeElement === area ? area.selectionStart : current.length;
    form.setValue('body', current.slice(0, at) + text + current.slice(at), { shouldDirty: true, shouldValidate: true });
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES || !/\.(txt|html?)$/i.test(file.name)) {
      toasts.error(messages.errors.title, 'Choose a .txt or .html file of at most 200 KB.');
      return;
    }
    const text = await file.text();
    const templateText = /\.html?$/i.test(file.name) ? htmlToTemplate(text) : text.replace(/\r\n?/g, '\n');
    form.setValue('body', templateText, { shouldDirty: true, shouldValidate: true });
    if (!form.getValues('name')) form.setValue('name', file.name.replace(/\.[^.]+$/, '').slice(0, 100));
  };

  const showPreview = () => {
    if (!letterType) {
      form.setError('letterType', { type: 'custom', message: messages.validation.required });
      return;
    }
    preview.mutate({ letterType, body }, { onError: (error) => showApiErrorToast(error) });
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Letter Template: ${record.name}` : 'Add Letter Template'}
      width={1180}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="letter-template-dialog"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, gap: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr auto', gap: 2, alignItems: 'center' }}>
            <TextInput name="name" label="Name" required maxLength={100} autoFocus={record === null} />
            <SelectInput
              name="letterType"
              label="Letter Type"
              required
              options={letterTypes.map((t) => ({ value: t, label: letterTypeLabels[t] }))}
            />
            <CheckboxInput name="enabled" label="Enabled" />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <input
              ref={fileInput}
              type="file"
              accept=".txt,.html,.htm,text/plain,text/html"
              hidden
              data-testid="letter-upload-input"
              onChange={(event) => void upload(event)}
            />
            <Button startIcon={<UploadFileOutlinedIcon />} onClick={() => fileInput.current?.click()}>
              Upload .txt / .html
            </Button>
            <Button
              startIcon={<PictureAsPdfOutlinedIcon />}
              onClick={showPreview}
              disabled={preview.isPending || problems.length > 0 || body.trim() === ''}
            >
              Preview
            </Button>
          </Box>
          <TextInput
            name="body"
            label="Letter Text"
            required
            multiline
            minRows={18}
            maxLength={20_000}
            sx={{
              '& textarea': { fontFamily: 'monospace', fontSize: 13, maxHeight: 430, overflowY: 'auto !important' },
            }}
            helperText={
              problems[0] ??
              `${body.length} / 20000 — # heading, ## subheading, - bullet, **bold**; a blank line ends a paragraph`
            }
          />
        </Box>
        <Box
          component="aside"
          aria-label="Merge fields"
          sx={{
            borderLeft: { md: 1 },
            borderColor: { md: 'divider' },
            pl: { md: 2 },
            maxHeight: 560,
            overflow: 'auto',
          }}
        >
          <Typography variant="subtitle2" component="h2">
            Merge fields
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Click a field to put it in the text where the cursor is.
          </Typography>
          <List dense disablePadding>
            {(fields.data ?? []).map((field) => (
              <ListItem key={field.name} disableGutters sx={{ display: 'block', py: 0.5 }}>
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  sx={{ fontFamily: 'monospace', fontSize: 13 }}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insertField(field.name, field.kind)}
                >
                  {field.kind === 'list' ? `{{#${field.name}}}` : `{{${field.name}}}`}
                </Link>
                <Typography variant="caption" component="div" color="text.secondary">
                  {field.description}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    </FormDialog>
  );
};
