import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type FieldValues } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  messages,
  webhookEndpoints,
  webhookMessages,
  webhooksResource,
  type Webhook,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields } from '../../../components/form/form-fields.tsx';
import { InfoDialog } from '../../../components/form/info-dialog.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { resourceKeys, useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { withoutNavigationPrompts } from '../../../lib/use-unsaved-changes-prompt.ts';
import type { EditorProps } from '../kit/types.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { webhookFields } from './webhook-fields.ts';

type Values = { url: string; description: string; events: string[]; enabled: boolean };

const toValues = (row: Webhook | null): Values => ({
  url: row?.url ?? '',
  description: row?.description ?? '',
  events: row?.events ?? [],
  enabled: row?.enabled ?? true,
});
const toInput = (v: Values) => ({ ...v, url: v.url.trim(), description: v.description.trim() });
const resolver = contractResolver<FieldValues, unknown>(webhooksResource.input, (v) => noRows(toInput(v as Values)));

/** The secret of a new or rotated endpoint, shown once with a copy button. */
const SecretDialog = ({ secret, onClose }: { secret: string; onClose: () => void }) => (
  <InfoDialog title="Signing secret" width={620} onClose={onClose} closeLabel="Done" testId="webhook-secret">
    <Alert severity="warning" sx={{ mb: 2 }}>
      {webhookMessages.secretShownOnce}
    </Alert>
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        value={secret}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Signing secret' } }}
        onFocus={(event) => event.target.select()}
      />
      <Button onClick={() => void navigator.clipboard?.writeText(secret)}>Copy</Button>
    </Box>
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
      Receivers verify each request by the Standard Webhooks specification: the signature in{' '}
      <code>webhook-signature</code> is an HMAC-SHA256 of <code>webhook-id.webhook-timestamp.body</code> keyed by this
      secret.
    </Typography>
  </InfoDialog>
);

/**
 * An endpoint's page (issue 38 item 3): its settings (saving goes home, spec 2 §2), its signing secret (rotate:
 * the new one shown once, the previous one signing 24 h more) and its delivery log. A new endpoint is the form
 * alone; once saved its secret is shown, then home.
 */
export const WebhookEditor = ({ record, onClose }: EditorProps<Webhook>) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FieldValues>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(webhooksResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [secret, setSecret] = useState<{ value: string; then: 'home' | 'stay' } | null>(null);
  const [rotatedAt, setRotatedAt] = useState<string | null>(null);
  const creating = record === null;

  const onSave = async (values: FieldValues) => {
    setFormErrors([]);
    try {
      const saved = (await save.mutateAsync({ id: record?.id ?? null, input: toInput(values as Values) })) as Webhook;
      toasts.success('Success', adminMessages.kit.saved);
      if (saved.secret) setSecret({ value: saved.secret, then: 'home' });
      // Saved: home (spec 2 §2), without the unsaved-changes question the form's values would still raise.
      else void withoutNavigationPrompts(() => navigate('/home'));
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) {
        setFormErrors(applyServerErrors(form, error));
        return;
      }
      toasts.error(messages.errors.title, webhookMessages.saveFailed);
    }
  };

  const rotate = async () => {
    if (!record) return;
    try {
      const rotated = await callEndpoint(webhookEndpoints.rotateSecret, { params: { id: record.id } });
      setRotatedAt(rotated.previousSecretValidUntil);
      void queryClient.invalidateQueries({ queryKey: resourceKeys(webhooksResource).all });
      if (rotated.secret) setSecret({ value: rotated.secret, then: 'stay' });
      toasts.success('Success', webhookMessages.rotated);
    } catch (error) {
      if (!isSessionError(error)) toasts.error(messages.errors.title, webhookMessages.saveFailed);
    }
  };

  if (secret?.then === 'home') {
    return (
      <SecretDialog secret={secret.value} onClose={() => void withoutNavigationPrompts(() => navigate('/home'))} />
    );
  }
  const previousUntil = rotatedAt ?? record?.previousSecretValidUntil ?? null;

  return (
    <>
      <FormDialog
        form={form}
        title={creating ? 'Add Webhook' : `Webhook: ${record.url}`}
        width={creating ? 720 : 1180}
        onClose={onClose}
        onSave={onSave}
        formErrors={formErrors}
        testId="webhooks-dialog"
      >
        {record?.disabledReason === 'failing' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            Disabled after 5 days of failed deliveries (failing since {formatDateTime(record.failingSince)}). Fix the
            receiver, enable the endpoint, then replay the period it missed.
          </Alert>
        ) : null}
        <FormFields fields={webhookFields} columns={6} />
        {record ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Signing secret
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Created or rotated {formatDateTime(record.secretRotatedAt)}
                {previousUntil ? ` · the previous secret also signs until ${formatDateTime(previousUntil)}` : ''}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => void rotate()} sx={{ ml: 'auto' }}>
                Rotate secret
              </Button>
            </Box>
            <Divider sx={{ my: 2 }} />
            <DeliveryLog endpointId={record.id} />
          </>
        ) : null}
      </FormDialog>
      {secret ? <SecretDialog secret={secret.value} onClose={() => setSecret(null)} /> : null}
    </>
  );
};
