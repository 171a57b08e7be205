import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  CONSUMER_WEB_LOGO_MAX_BYTES,
  consumerWebEndpoints,
  consumerWebFieldConfigInputSchema,
  consumerWebFields,
  consumerWebSettingsInputSchema,
  messages,
  type ConsumerWebFieldConfig,
  type ConsumerWebSettings,
  type FieldConfigEntry,
} from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

const texts = adminMessages.consumerWeb;
const settingsKey = ['admin', 'consumerWeb', 'settings'] as const;
const fieldConfigKey = ['admin', 'consumerWeb', 'fieldConfig'] as const;

/**
 * A failed consumer web call (spec 2 §6, §8): a 403 shows 'Permission Denied. Contact your System Adminstrator for
 * access.' and goes home; any other failure 'Unknown Error. Contact your System Adminstrator.' (the spec's spelling).
 */
const useFailure = () => {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (isSessionError(error)) return;
    if (isApiError(error) && error.status === 403) {
      toasts.error(messages.errors.title, texts.forbidden, { toastId: 'consumerWeb-forbidden' });
      void navigate('/home', { replace: true });
      return;
    }
    toasts.error(messages.errors.title, texts.unknownError, { toastId: 'consumerWeb-unknown' });
  };
};

/** Administration › Consumer Web: the member-facing site's settings and field configuration; messages apart. */
export const ConsumerWebPage = () => {
  const [tab, setTab] = useState<'settings' | 'fields'>('settings');
  return (
    <>
      <PageTitle>Consumer Web</PageTitle>
      <Tabs
        value={tab}
        onChange={(_e, value: 'settings' | 'fields' | 'messages') => value !== 'messages' && setTab(value)}
        sx={{ mb: 2 }}
      >
        <Tab value="settings" label="Settings" />
        <Tab value="fields" label="Field Configuration" />
        <Tab value="messages" label="Messages" component={RouterLink} to="/admin/consumerWeb/messages" />
      </Tabs>
      {tab === 'settings' ? <SettingsTab /> : <FieldConfigTab />}
    </>
  );
};

/** Loads one record of the page, reporting a failure once. */
const useRecord = <T,>(key: readonly string[], load: () => Promise<T>) => {
  const onFailure = useFailure();
  const query = useQuery({ queryKey: key, queryFn: load, retry: false, meta: { silentError: true } });
  useEffect(() => {
    if (query.error) onFailure(query.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.error]);
  return query;
};

const Pending = ({ failed }: { failed: boolean }) =>
  failed ? <Typography color="error">{texts.unknownError}</Typography> : <CircularProgress size={24} />;

// ---------------------------------------------------------------------------------------------------------------
// Settings

type SettingsValues = Omit<ConsumerWebSettings, 'logoContentType'>;
const settingsResolver = contractResolver<SettingsValues, SettingsValues>(consumerWebSettingsInputSchema, noRows);
const toValues = ({ logoContentType: _type, ...rest }: ConsumerWebSettings): SettingsValues => rest;

const SettingsTab = () => {
  const settings = useRecord(settingsKey, () => callEndpoint(consumerWebEndpoints.settings, {}));
  if (!settings.data) return <Pending failed={settings.isError} />;
  return <SettingsForm settings={settings.data} />;
};

/** Save and Cancel of a form (Cancel puts the saved values back). */
const Actions = ({ onCancel, disabled }: { onCancel: () => void; disabled: boolean }) => {
  const { isDirty, isSubmitting } = useFormContext().formState;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
      <Button disabled={!isDirty || isSubmitting || disabled} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={isSubmitting || disabled}>
        Save
      </Button>
    </Box>
  );
};

const SettingsForm = ({ settings }: { settings: ConsumerWebSettings }) => {
  const queryClient = useQueryClient();
  const onFailure = useFailure();
  const form = useForm<SettingsValues>({
    defaultValues: toValues(settings),
    resolver: settingsResolver,
    mode: 'onChange',
  });
  useUnsavedChangesPrompt(form.formState.isDirty);
  const mutation = useMutation({
    mutationFn: (body: SettingsValues) => callEndpoint(consumerWebEndpoints.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: { silentError: true },
  });
  const onSave = form.handleSubmit(async (values) => {
    try {
      form.reset(toValues(await mutation.mutateAsync(values)));
      toasts.success('Success', texts.saved);
    } catch (error) {
      if (isFieldValidationError(error)) applyServerErrors(form, error);
      onFailure(error);
    }
  });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void onSave(event)}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gap: 3,
            maxWidth: 1400,
          }}
        >
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              Logo and colours
            </Typography>
            <LogoInput />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', gap: 2, mt: 2 }}>
              <ColourInput name="primaryColor" label="Primary colour" />
              <ColourInput name="accentColor" label="Accent colour" />
              <ColourInput name="backgroundColor" label="Background colour" />
            </Box>
            <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
              Member-facing texts
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <TextInput name="siteTitle" label="Site title" required maxLength={100} />
              <TextInput name="welcomeText" label="Welcome text" multiline minRows={2} maxLength={2000} />
              <TextInput
                name="disclosureText"
                label="Disclosure (accepted before submitting)"
                multiline
                minRows={3}
                maxLength={4000}
              />
              <TextInput name="submittedText" label="After submitting" multiline minRows={2} maxLength={2000} />
              <TextInput name="footerText" label="Footer" maxLength={200} />
            </Box>
            <Actions onCancel={() => form.reset(toValues(settings))} disabled={false} />
          </Paper>
          <Preview />
        </Box>
      </Box>
    </FormProvider>
  );
};

/** base64 → the image's bytes → an object URL (the logo is decoded when read, spec 2 §3). */
const useLogoUrl = (logo: string | null) => {
  const url = useMemo(() => {
    if (!logo) return null;
    try {
      const bytes = Uint8Array.from(atob(logo), (c) => c.charCodeAt(0));
      return URL.createObjectURL(new Blob([bytes]));
    } catch {
      return null;
    }
  }, [logo]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
};

/** The file's bytes as base64 (how the logo is sent and stored). */
const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

const LogoInput = () => {
  const { control, setValue, setError, formState } = useFormContext<SettingsValues>();
  const logo = useWatch({ control, name: 'logo' });
  const url = useLogoUrl(logo);
  const error = formState.errors.logo?.message;
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > CONSUMER_WEB_LOGO_MAX_BYTES) {
      setError('logo', { type: 'custom', message: texts.logoTooLarge });
      return;
    }
    setValue('logo', await toBase64(file), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 200,
          height: 64,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.50',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt="Logo" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No logo
          </Typography>
        )}
      </Box>
      <Button variant="outlined" component="label">
        Upload logo
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg"
          aria-label="Logo file"
          onChange={(e) => void onFile(e)}
        />
      </Button>
      <Button disabled={!logo} onClick={() => setValue('logo', null, { shouldDirty: true, shouldValidate: true })}>
        Remove
      </Button>
      <FormHelperText error={Boolean(error)} sx={{ flexBasis: '100%', m: 0 }}>
        {error ?? 'PNG or JPEG, at most 256 KB. SVG is not accepted (it can carry scripts).'}
      </FormHelperText>
    </Box>
  );
};

const ColourInput = ({ name, label }: { name: 'primaryColor' | 'accentColor' | 'backgroundColor'; label: string }) => {
  const { control, setValue } = useFormContext<SettingsValues>();
  const value = useWatch({ control, name });
  const valid = /^#[0-9a-fA-F]{6}$/.test(value ?? '');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`${label} picker`}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          setValue(name, e.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })
        }
        sx={{
          width: 40,
          height: 40,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'transparent',
          cursor: 'pointer',
          flexShrink: 0,
        }}
      />
      <TextInput name={name} label={label} required maxLength={7} transform={(v) => v.toUpperCase()} />
    </Box>
  );
};

/** How the member sees the start page (as typed, before saving). */
const Preview = () => {
  const { control } = useFormContext<SettingsValues>();
  const [logo, primary, accent, background, title, welcome, footer] = useWatch({
    control,
    name: ['logo', 'primaryColor', 'accentColor', 'backgroundColor', 'siteTitle', 'welcomeText', 'footerText'],
  });
  const url = useLogoUrl(logo);
  const colour = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value ?? '') ? value : fallback);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', alignSelf: 'start' }} role="region" aria-label="Preview">
      <Typography variant="overline" sx={{ px: 2, display: 'block' }} color="text.secondary">
        Preview
      </Typography>
      <Box
        sx={{
          bgcolor: colour(primary, '#1F4E79'),
          color: '#fff',
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
        }}
      >
        {url && <Box component="img" src={url} alt="" sx={{ maxHeight: 40, maxWidth: 160 }} />}
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {title || 'Site title'}
        </Typography>
      </Box>
      <Box sx={{ bgcolor: colour(background, '#FFFFFF'), color: '#1a1a1a', p: 2, minHeight: 160 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
          {welcome || 'Welcome text'}
        </Typography>
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            bgcolor: colour(accent, '#F2A900'),
            color: '#1a1a1a',
            px: 2,
            py: 0.75,
            borderRadius: 1,
            fontWeight: 600,
            fontSize: 14,
          }}
        >
          Start my application
        </Box>
      </Box>
      {footer && (
        <Typography variant="caption" component="p" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
          {footer}
        </Typography>
      )}
    </Paper>
  );
};

// ---------------------------------------------------------------------------------------------------------------
// Field configuration

const fieldResolver = contractResolver<ConsumerWebFieldConfig, ConsumerWebFieldConfig>(
  consumerWebFieldConfigInputSchema,
  noRows,
);

const FieldConfigTab = () => {
  const config = useRecord(fieldConfigKey, () => callEndpoint(consumerWebEndpoints.fieldConfig, {}));
  if (!config.data) return <Pending failed={config.isError} />;
  return <FieldConfigForm config={config.data} />;
};

const FieldConfigForm = ({ config }: { config: ConsumerWebFieldConfig }) => {
  const queryClient = useQueryClient();
  const onFailure = useFailure();
  const form = useForm<ConsumerWebFieldConfig>({ defaultValues: config, resolver: fieldResolver, mode: 'onChange' });
  useUnsavedChangesPrompt(form.formState.isDirty);
  const mutation = useMutation({
    mutationFn: (body: ConsumerWebFieldConfig) => callEndpoint(consumerWebEndpoints.saveFieldConfig, { body }),
    onSuccess: (saved) => queryClient.setQueryData(fieldConfigKey, saved),
    meta: { silentError: true },
  });
  const onSave = form.handleSubmit(async (values) => {
    try {
      form.reset(await mutation.mutateAsync(values));
      toasts.success('Success', texts.saved);
    } catch (error) {
      onFailure(error);
    }
  });
  const entries = useWatch({ control: form.control, name: 'fieldConfig' }) ?? [];
  const set = (index: number, next: Partial<FieldConfigEntry>) => {
    const entry = { ...entries[index]!, ...next };
    // Required implies shown; hiding a field makes it optional.
    if (next.required) entry.visible = true;
    if (next.visible === false) entry.required = false;
    form.setValue(`fieldConfig.${index}`, entry, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 900 }}>
        <Box component="form" noValidate onSubmit={(event) => void onSave(event)}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Which application fields the member sees on the consumer web, and which they must fill. Locked fields are
            always asked for.
          </Typography>
          <Table size="small" aria-label="Field configuration">
            <TableHead>
              <TableRow>
                <TableCell>Section</TableCell>
                <TableCell>Field</TableCell>
                <TableCell align="center">Shown</TableCell>
                <TableCell align="center">Required</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, index) => {
                const meta = consumerWebFields.find((f) => f.field === entry.field);
                const label = meta?.label ?? entry.field;
                return (
                  <TableRow key={entry.field} hover>
                    <TableCell sx={{ color: 'text.secondary' }}>{meta?.section}</TableCell>
                    <TableCell>
                      {label}
                      {meta?.locked && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          (always)
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={entry.visible}
                        disabled={meta?.locked}
                        onChange={(e) => set(index, { visible: e.target.checked })}
                        slotProps={{ input: { 'aria-label': `${label} shown` } }}
                      />
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={entry.required}
                        disabled={meta?.locked}
                        onChange={(e) => set(index, { required: e.target.checked })}
                        slotProps={{ input: { 'aria-label': `${label} required` } }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Actions onCancel={() => form.reset(config)} disabled={false} />
        </Box>
      </Paper>
    </FormProvider>
  );
};
