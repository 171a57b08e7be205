import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  borrowerNotificationEndpoints as e,
  borrowerNotificationSettingsSchema,
  borrowerNotificationTexts as texts,
  messages,
  type BorrowerNotificationPreview,
  type BorrowerNotificationSetting,
} from '@credence/contracts';
import { CheckboxInput, TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError, isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt, withoutNavigationPrompts } from '../../../lib/use-unsaved-changes-prompt.ts';

type Values = { notifications: BorrowerNotificationSetting[] };
type TypeInfo = { type: string; name: string; description: string };
type Field = { name: string; label: string };

const settingsKey = ['borrowerNotifications', 'settings'] as const;
const typesKey = ['borrowerNotifications', 'types'] as const;

const trimmed = (v: Values): Values => ({
  notifications: v.notifications.map((n) => ({
    ...n,
    subject: n.subject.trim(),
    emailBody: n.emailBody.trim(),
    smsBody: n.smsBody.trim(),
  })),
});
const resolver = contractResolver<Values, Values>(borrowerNotificationSettingsSchema, (v) => noRows(trimmed(v)));

/**
 * Administration › Borrower Notifications (issue 38 item 4; spec 2 §7 `LenderBorrowerNotifications`): per
 * application event, whether the borrower (the primary applicant) gets an e-mail and/or a text message, and their
 * templates with the application status messages' merge fields; a preview merges them with an application. Saved
 * whole with POST LenderBorrowerNotifications, then home (spec 2 §2); a failure is 'Borrower Notifications Save
 * Failed' (§8).
 */
export const BorrowerNotificationsPage = () => {
  const types = useQuery({ queryKey: typesKey, queryFn: () => callEndpoint(e.types, {}) });
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => callEndpoint(e.get, {}) });
  return (
    <>
      <PageTitle>Borrower Notifications</PageTitle>
      {types.isPending || settings.isPending ? (
        <CircularProgress size={24} />
      ) : types.isError || settings.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <Editor types={types.data.types} fields={types.data.fields} settings={settings.data.notifications} />
      )}
    </>
  );
};

const Editor = ({
  types,
  fields,
  settings,
}: {
  types: TypeInfo[];
  fields: Field[];
  settings: BorrowerNotificationSetting[];
}) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: { notifications: settings }, resolver, mode: 'onChange' });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  /** The text field last focused: a merge field chip is inserted there. */
  const lastFocused = useRef<{ name: string; el: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  const [applicationId, setApplicationId] = useState('');

  const onSave = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await callEndpoint(e.save, { body: trimmed(values) });
      queryClient.setQueryData(settingsKey, saved);
      form.reset({ notifications: saved.notifications });
      toasts.success('Success', texts.saved);
      void withoutNavigationPrompts(() => navigate('/home'));
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      toasts.error(messages.errors.title, texts.saveFailed);
    }
  });

  const insertField = (name: string) => {
    const target = lastFocused.current;
    if (!target) return;
    const path = target.name as `notifications.${number}.subject`;
    const current = form.getValues(path) ?? '';
    const at = target.el.selectionStart ?? current.length;
    form.setValue(path, `${current.slice(0, at)}{${name}}${current.slice(at)}`, {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(event) => void onSave(event)}
        onFocusCapture={(event) => {
          const el: EventTarget = event.target;
          if (
            (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) &&
            /^notifications\.\d+\.(subject|emailBody|smsBody)$/.test(el.name)
          )
            lastFocused.current = { name: el.name, el };
        }}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 280px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            When an application reaches one of these events, its primary applicant is sent an e-mail and/or a text
            message from these templates. An applicant without an e-mail address or mobile phone number is not sent one;
            the application&apos;s Borrower Notifications tab shows what was sent and what was skipped.
          </Typography>
          {formErrors.length > 0 ? <Alert severity="error">{formErrors.join(' ')}</Alert> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
            {types.map((t) => {
              const index = settings.findIndex((s) => s.type === t.type);
              return index < 0 ? null : <TypeCard key={t.type} info={t} index={index} applicationId={applicationId} />;
            })}
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={() => form.reset({ notifications: settings })} disabled={!isDirty || isSubmitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isDirty || isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save
            </Button>
          </Box>
        </Box>
        <Paper variant="outlined" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Merge fields
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Click a field to insert it where the cursor was in a subject or message.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 2.5 }}>
            {fields.map((f) => (
              <Chip
                key={f.name}
                label={f.label}
                size="small"
                variant="outlined"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insertField(f.name)}
                aria-label={`Insert ${f.label}`}
              />
            ))}
          </Box>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Preview
          </Typography>
          <TextField
            label="Application number"
            size="small"
            fullWidth
            value={applicationId}
            onChange={(event) => setApplicationId(event.target.value.replace(/\D/g, '').slice(0, 10))}
            helperText="Each notification's Preview merges its texts with this application."
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Paper>
      </Box>
    </FormProvider>
  );
};

const TypeCard = ({ info, index, applicationId }: { info: TypeInfo; index: number; applicationId: string }) => {
  const { control, getValues } = useFormContext<Values>();
  const [emailOn, smsOn] = useWatch({
    control,
    name: [`notifications.${index}.emailEnabled`, `notifications.${index}.smsEnabled`],
  });
  const [preview, setPreview] = useState<BorrowerNotificationPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const base = `notifications.${index}` as const;

  const runPreview = async () => {
    setPreviewError(null);
    setPreview(null);
    const s = getValues(base);
    try {
      setPreview(
        await callEndpoint(e.preview, {
          body: {
            applicationId: Number(applicationId),
            subject: s.subject,
            emailBody: s.emailBody,
            smsBody: s.smsBody,
          },
        }),
      );
    } catch (error) {
      if (isSessionError(error)) return;
      setPreviewError(
        error instanceof ApiError && error.status === 404
          ? `Application ${applicationId} was not found.`
          : error instanceof ApiError
            ? (error.serverMessage ?? error.message)
            : messages.errors.backend,
      );
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`borrower-notification-${info.type}`}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {info.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {info.description}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, my: 0.5 }}>
        <CheckboxInput name={`${base}.emailEnabled`} label="E-mail" />
        <CheckboxInput name={`${base}.smsEnabled`} label="Text message" />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <TextInput name={`${base}.subject`} label="E-mail subject" required={emailOn} maxLength={200} />
        <TextInput
          name={`${base}.emailBody`}
          label="E-mail message"
          required={emailOn}
          multiline
          minRows={3}
          maxLength={4000}
        />
        <TextInput
          name={`${base}.smsBody`}
          label="Text message body"
          required={smsOn}
          multiline
          minRows={2}
          maxLength={1600}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" disabled={applicationId === ''} onClick={() => void runPreview()}>
          Preview
        </Button>
      </Box>
      {previewError ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {previewError}
        </Alert>
      ) : null}
      {preview ? (
        <Box
          sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, display: 'grid', gap: 1 }}
          data-testid="borrower-notification-preview"
        >
          <Typography variant="body2">
            <strong>E-mail to</strong> {preview.emailTo ?? 'no e-mail address: skipped'}
          </Typography>
          <Typography variant="body2">
            <strong>Subject:</strong> {preview.subject}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {preview.emailBody}
          </Typography>
          <Typography variant="body2">
            <strong>Text to</strong>{' '}
            {preview.smsOff ? `${texts.smsOff}: not sent` : (preview.smsTo ?? 'no mobile phone number: skipped')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {preview.smsBody}
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
};
