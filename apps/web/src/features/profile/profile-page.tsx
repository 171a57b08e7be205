import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { profileMessages, hasAvatarExtension, messages, vendorFieldsOf, type MyProfile } from '@credence/contracts';
import { formatPhone } from '../../components/form/phone.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { initialsOf } from '../../lib/initials.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt.ts';
import { useProfile, useUpdateProfile, useUploadAvatar } from './api.ts';
import { MfaFactorsCard } from '../mfa/index.ts';
import { formFieldOf, formValuesOf, payloadOf, profileFormSchema, type ProfileFormValues } from './profile-form.ts';

type Name = FieldPath<ProfileFormValues>;

/** A titled card of the page. */
const Card = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5 }}>
    <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
    {children}
  </Paper>
);

/** A set / not set mark for a secret the server keeps (it is never sent back). */
const SecretState = ({ set, label }: { set: boolean; label: string }) => (
  <Chip
    size="small"
    variant="outlined"
    color={set ? 'success' : 'default'}
    label={set ? `${label} set` : `${label} not set`}
  />
);

/**
 * A text field bound to the profile form. An error shows under the field and as the tooltip of an error mark
 * inside it (spec 1 §5: "tooltip messages when exceeded"); `errorTitle` is that tooltip when it differs.
 */
const Field = ({
  name,
  label,
  type = 'text',
  disabled,
  helperText,
  errorTitle,
  autoComplete = 'off',
  inputMode,
  onBlurFormat,
  placeholder,
}: {
  name: Name;
  label: string;
  type?: 'text' | 'password';
  disabled?: boolean;
  helperText?: string;
  errorTitle?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'text';
  onBlurFormat?: (value: string) => string;
  placeholder?: string;
}) => (
  <Controller
    name={name}
    render={({ field, fieldState }) => {
      const message = fieldState.error?.message;
      return (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={() => {
            if (onBlurFormat && typeof field.value === 'string') {
              const formatted = onBlurFormat(field.value);
              if (formatted !== field.value) field.onChange(formatted);
            }
            field.onBlur();
          }}
          label={label}
          type={type}
          fullWidth
          disabled={disabled}
          placeholder={placeholder}
          error={!!message}
          helperText={message ?? helperText}
          slotProps={{
            htmlInput: { autoComplete, inputMode },
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
            input: message
              ? {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={errorTitle ?? message} describeChild>
                        <ErrorOutlineIcon color="error" fontSize="small" />
                      </Tooltip>
                    </InputAdornment>
                  ),
                }
              : undefined,
          }}
        />
      );
    }}
  />
);

/** The avatar with Select Photo and Upload Photo (spec 1 §2): the server checks the type by content and resizes. */
const AvatarCard = ({
  profile,
  blocked,
  onUploading,
}: {
  profile: MyProfile;
  blocked: boolean;
  onUploading: (busy: boolean) => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const upload = useUploadAvatar();
  useEffect(() => onUploading(upload.isPending), [upload.isPending, onUploading]);

  const invalid = (text: string = profileMessages.invalidExtension) =>
    toasts.error(profileMessages.invalidExtensionTitle, text);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    // The name is a first check for the person; the server decides by the content.
    if (!hasAvatarExtension(chosen.name)) {
      setFile(null);
      invalid();
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        toasts.success(profileMessages.avatarUpdatedTitle, profileMessages.avatarUpdated);
      },
      onError: (error) => {
        const avatarError = isApiError(error) ? error.errors.find((e) => e.field === 'avatar') : undefined;
        if (avatarError?.message === profileMessages.invalidExtension) invalid();
        else if (avatarError) toasts.error(messages.errors.title, avatarError.message);
        else showApiErrorToast(error);
      },
    });
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar
        src={preview ?? profile.avatar ?? undefined}
        alt={preview ? 'Selected photo' : profile.fullName}
        sx={{ width: 112, height: 112, fontSize: 38, bgcolor: 'secondary.main' }}
        data-testid="profile-avatar"
      >
        {initialsOf(profile.fullName || profile.name)}
      </Avatar>
      <input
        ref={input}
        type="file"
        hidden
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        aria-label="Photo file"
        data-testid="avatar-input"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          onClick={() => input.current?.click()}
          disabled={upload.isPending || blocked}
        >
          Select Photo
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={upload.isPending ? <CircularProgress size={14} color="inherit" /> : <UploadIcon />}
          onClick={send}
          disabled={!file || upload.isPending || blocked}
        >
          Upload Photo
        </Button>
      </Stack>
      {file ? (
        <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
      ) : null}
    </Stack>
  );
};

const Identity = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div" id={`profile-${label}`}>
      {label}
    </Typography>
    <Box aria-labelledby={`profile-${label}`} sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </Box>
);

/** The Integration Information card: one provider at a time, its fields by its name (spec 1 §5). */
const IntegrationCard = ({ profile, disabled }: { profile: MyProfile; disabled: boolean }) => {
  const [selected, setSelected] = useState(0);
  const vendors = useWatch<ProfileFormValues, 'vendors'>({ name: 'vendors' });
  const index = Math.min(selected, Math.max(0, vendors.length - 1));
  const vendor = vendors[index];
  const stored = profile.userVendors.find((v) => v.id === vendor?.id);
  if (!vendor) return null;
  const fields = vendorFieldsOf(vendor.vendorName);
  return (
    <Card title="Integration Information">
      <Stack spacing={2}>
        <TextField
          select
          label="Provider"
          value={index}
          onChange={(event) => setSelected(Number(event.target.value))}
          fullWidth
        >
          {vendors.map((v, i) => (
            <MenuItem key={v.id} value={i}>
              {v.vendorName}
            </MenuItem>
          ))}
        </TextField>
        <Box
          key={vendor.id}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(200px, 1fr))' },
          }}
        >
          <Field name={`vendors.${index}.username`} label="User Name" disabled={disabled} />
          {fields.password ? (
            <Field
              name={`vendors.${index}.password`}
              label="Password"
              type="password"
              autoComplete="new-password"
              disabled={disabled}
              placeholder={stored?.hasExistingPassword ? '••••••••' : undefined}
              helperText={stored?.hasExistingPassword ? 'Saved — type to replace it' : 'Not set'}
            />
          ) : null}
          {fields.code ? <Field name={`vendors.${index}.code`} label="Code" disabled={disabled} /> : null}
        </Box>
      </Stack>
    </Card>
  );
};

/** Spec 1 §2 'User Profile': avatar, identity, phone, password, core, eDOCS and integration credentials. */
export const ProfilePage = () => {
  const { data: user } = useCurrentUser();
  const { data: profile } = useProfile();
  if (!user || !profile) {
    return (
      <>
        <PageTitle>User Profile</PageTitle>
        <CircularProgress aria-label="Loading profile" />
      </>
    );
  }
  return <ProfileForm profile={profile} impersonating={user.impersonating} />;
};

const ProfileForm = ({ profile, impersonating }: { profile: MyProfile; impersonating: boolean }) => {
  const navigate = useNavigate();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(profile),
    mode: 'onChange',
  });
  const { isDirty, isValid } = form.formState;
  const [uploading, setUploading] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const oldPassword = useWatch({ control: form.control, name: 'oldPassword' });
  const newEnabled = oldPassword.length > 0;
  const update = useUpdateProfile();
  const { allowNextNavigation } = useUnsavedChangesPrompt(isDirty && !update.isPending);

  // New and Confirm follow Current: emptied when it is, so the rules never hold back a form without a change.
  useEffect(() => {
    if (!newEnabled && (form.getValues('password') || form.getValues('confirmPassword'))) {
      form.setValue('password', '', { shouldValidate: true });
      form.setValue('confirmPassword', '', { shouldValidate: true });
    }
  }, [newEnabled, form]);

  const save = form.handleSubmit((values) =>
    update.mutate(payloadOf(values, profile), {
      onSuccess: (saved) => {
        form.reset(formValuesOf(saved));
        setPasswordOpen(false);
        toasts.success(profileMessages.updatedTitle, profileMessages.updated);
      },
      onError: (error) => {
        if (!isApiError(error) || (error.status !== 422 && error.status !== 403)) {
          showApiErrorToast(error);
          return;
        }
        // Spec 1 §8: 'Error updating', each returned error on its own line; each also on its field.
        const lines = error.errors.length > 0 ? error.errors.map((e) => e.message) : [error.message];
        toasts.error(profileMessages.updateFailedTitle, lines.join('\n'));
        for (const e of error.errors) {
          const name = formFieldOf(e.field);
          if (name) form.setError(name as Name, { type: 'server', message: e.message });
          if (name && ['oldPassword', 'password', 'confirmPassword'].includes(name)) setPasswordOpen(true);
        }
      },
    }),
  );

  const saveDisabled = !isDirty || !isValid || update.isPending || uploading || impersonating;
  const blocked = impersonating;

  return (
    <FormProvider {...form}>
      <PageTitle>User Profile</PageTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void save(event)}
        sx={{
          display: 'grid',
          gap: 2.5,
          alignItems: 'start',
          maxWidth: 1240,
          gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)', xl: '320px minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2.5, gridRow: { md: 'span 3' } }}>
          <AvatarCard profile={profile} blocked={blocked} onUploading={setUploading} />
          <Stack spacing={1.75} sx={{ mt: 3 }}>
            <Identity label="Full Name">
              <Typography sx={{ fontWeight: 600 }}>{profile.fullName}</Typography>
            </Identity>
            <Identity label="E-mail">
              <Typography>{profile.email}</Typography>
            </Identity>
            <Identity label="Job Title">
              <Typography>{profile.jobTitle || '—'}</Typography>
            </Identity>
            <Identity label="User Groups">
              {profile.userGroups.length > 0 ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
                  {profile.userGroups.map((g) => (
                    <Chip key={g} label={g} size="small" />
                  ))}
                </Stack>
              ) : (
                <Typography>—</Typography>
              )}
            </Identity>
          </Stack>
        </Paper>

        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Card title="Contact">
            <Field
              name="phone"
              label="Phone"
              inputMode="tel"
              errorTitle={profileMessages.invalidPhoneTitle}
              onBlurFormat={(v) => (v.replace(/\D/g, '').length === 10 ? formatPhone(v.replace(/\D/g, '')) : v)}
              disabled={blocked}
            />
          </Card>

          <Paper variant="outlined" component="section" aria-label="Change password">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              <ButtonBase
                onClick={() => setPasswordOpen((open) => !open)}
                aria-expanded={passwordOpen}
                aria-controls="profile-change-password"
                sx={{
                  width: '100%',
                  justifyContent: 'space-between',
                  px: 2.5,
                  py: 2,
                  borderRadius: 1,
                  font: 'inherit',
                }}
              >
                Change password
                <ExpandMoreIcon
                  sx={{ transition: 'transform 150ms', transform: passwordOpen ? 'rotate(180deg)' : 'none' }}
                />
              </ButtonBase>
            </Typography>
            <Collapse in={passwordOpen} id="profile-change-password">
              <Stack spacing={2} sx={{ px: 2.5, pb: 2.5 }}>
                <Field
                  name="oldPassword"
                  label="Current Password"
                  type="password"
                  autoComplete="current-password"
                  disabled={blocked}
                />
                <Field
                  name="password"
                  label="New Password"
                  type="password"
                  autoComplete="new-password"
                  disabled={!newEnabled || blocked}
                  helperText={messages.password.rules}
                />
                <Field
                  name="confirmPassword"
                  label="Confirm Password"
                  type="password"
                  autoComplete="new-password"
                  disabled={!newEnabled || blocked}
                />
              </Stack>
            </Collapse>
          </Paper>
          <MfaFactorsCard />
          <Card title="Core Information" action={<SecretState set={profile.hasCorePassword} label="Core password" />}>
            <Field
              name="corePassword"
              label="Core Password"
              type="password"
              autoComplete="new-password"
              disabled={blocked}
              helperText={profile.hasCorePassword ? 'Saved — type to replace it' : '1 to 16 characters'}
            />
          </Card>
        </Stack>

        <Stack spacing={2.5} sx={{ minWidth: 0, gridColumn: { md: '2', xl: '3' }, gridRow: { xl: '1' } }}>
          <Card title="eDOCS User Information" action={<SecretState set={profile.hasEdocsPassword} label="Password" />}>
            <Stack spacing={2}>
              <Field name="edocsUsername" label="eDOCS User Name" disabled={blocked} />
              <Field
                name="edocsPassword"
                label="eDOCS Password"
                type="password"
                autoComplete="new-password"
                disabled={blocked}
                helperText={profile.hasEdocsPassword ? 'Saved — type to replace it' : undefined}
              />
            </Stack>
          </Card>
          {profile.userVendors.length > 0 ? <IntegrationCard profile={profile} disabled={blocked} /> : null}
        </Stack>

        <Stack
          direction="row"
          spacing={1}
          sx={{
            gridColumn: '1 / -1',
            justifyContent: 'flex-end',
            borderTop: 1,
            borderColor: 'divider',
            py: 1.5,
            // The actions stay in view at the bottom of a long page (1280 x 800 shows the cards, then them).
            position: 'sticky',
            bottom: 0,
            bgcolor: 'background.default',
            zIndex: 1,
          }}
        >
          <Button
            onClick={() => {
              allowNextNavigation();
              void navigate('/home');
            }}
            disabled={update.isPending}
          >
            Cancel
          </Button>
          <Tooltip title={impersonating ? messages.profile.impersonating : ''}>
            <span>
              <Button
                type="submit"
                variant="contained"
                disabled={saveDisabled}
                startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : null}
              >
                Save
              </Button>
            </span>
          </Tooltip>
        </Stack>
      </Box>
    </FormProvider>
  );
};
