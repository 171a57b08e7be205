import { useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  branchesResource,
  adminMessages,
  messages,
  mfaEndpoints,
  mfaMessages,
  userInputSchema,
  usersEndpoints,
  usersResource,
  type AdminUser,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { formatPhone, phonePayload } from '../../../components/form/phone.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isApiError, isSessionError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { apiErrorText, toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';
import { useStepUp } from '../../mfa/index.ts';
import { userGroupsLookupQuery } from '../user-groups/lookup.ts';

type Values = FieldValues;

const toValues = (user: AdminUser | null): Values => ({
  username: user?.username ?? '',
  name: user?.name ?? '',
  fullName: user?.fullName ?? '',
  email: user?.email ?? '',
  jobTitle: user?.jobTitle ?? '',
  phoneNumber: formatPhone(user?.phoneNumber ?? null),
  branchId: user?.branchId ?? '',
  roleId: user?.roleId ?? '',
  userGroupIds: user?.userGroupIds ?? [],
  enabled: user?.enabled ?? true,
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const toInput = (v: Values) => ({
  username: text(v.username),
  name: text(v.name),
  fullName: text(v.fullName),
  email: text(v.email),
  jobTitle: text(v.jobTitle),
  phoneNumber: phonePayload(v.phoneNumber as string),
  branchId: v.branchId === '' ? null : v.branchId,
  roleId: v.roleId === '' ? undefined : v.roleId,
  userGroupIds: v.userGroupIds,
  enabled: v.enabled,
});

const resolver = contractResolver<Values, unknown>(userInputSchema, (values) => noRows(toInput(values)));

/** The pickers' lists: the lender's roles, enabled branches and enabled user groups. */
const useChoices = () => {
  const roles = useQuery({
    queryKey: ['users', 'roles'],
    queryFn: () => callEndpoint(usersEndpoints.roles, {}),
  });
  const branches = useQuery({
    queryKey: ['resource', 'branches', 'choices'],
    queryFn: () => callEndpoint(branchesResource.endpoints.list, { query: { enabled: 'true', pageSize: 500 } }),
  });
  const groups = useQuery(userGroupsLookupQuery);
  return {
    roles: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
    branches: (branches.data?.data ?? []).map((b) => ({ value: b.id, label: b.name })),
    groups: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
  };
};

/**
 * Administration › Users: the person (their own fields, changed from their home lender only), their role, branch
 * and user groups in this lender, the lenders they work in (read-only), and the two e-mails of spec 2 §8.
 */
export const UserEditor = ({ record, onClose }: EditorProps<AdminUser>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(usersResource);
  // Issue 36: a change of the role or the user groups is a step-up action (a code, then the save is retried).
  const stepUp = useStepUp();
  const me = useCurrentUser().data;
  const choices = useChoices();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;
  const self = record !== null && me?.id === record.id;
  const elsewhere = record !== null && !record.homeLender;

  const email = useMutation({
    mutationFn: (kind: 'passwordResetEmail' | 'enrollmentEmail') =>
      callEndpoint(usersEndpoints[kind], { params: { id: record!.id } }),
    onSuccess: (_data, kind) =>
      toasts.success(
        adminMessages.users.emailSentTitle,
        kind === 'enrollmentEmail' ? adminMessages.users.enrollmentSent : adminMessages.users.emailSent,
      ),
    onError: (error) => {
      if (!isSessionError(error)) toasts.error(messages.errors.title, apiErrorText(error));
    },
    meta: { silentError: true },
  });

  /** Issue 36: removes the user's authenticator apps and recovery codes (audited, the user e-mailed). */
  const resetMfa = async (id: number, name: string) => {
    const sure = await confirm({
      title: 'Reset Two-Step Verification',
      message: `Remove every authenticator app and recovery code of ${name}? Their sessions end; they set up a new authenticator at their next sign-in.`,
    });
    if (!sure) return;
    try {
      await callEndpoint(mfaEndpoints.resetUser, { params: { id } });
      toasts.success('Two-Step Verification', mfaMessages.resetDone);
    } catch (error) {
      if (!isSessionError(error)) toasts.error(messages.errors.title, apiErrorText(error));
    }
  };

  const personHint = elsewhere ? 'Changed in the user’s home lender' : undefined;
  const fields: FieldDecl[] = [
    { name: 'username', label: 'Username', kind: 'text', required: true, maxLength: 100, span: 3, autoFocus: creating },
    { name: 'email', label: 'Email', kind: 'email', required: true, maxLength: 254, span: 3 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 2 },
    { name: 'fullName', label: 'Full Name', kind: 'text', required: true, maxLength: 200, span: 4 },
    { name: 'jobTitle', label: 'Job Title', kind: 'text', maxLength: 100, span: 3 },
    { name: 'phoneNumber', label: 'Phone', kind: 'phone', span: 3 },
  ].map(
    (f) => ({ ...f, disabled: elsewhere, helperText: f.name === 'username' ? personHint : undefined }) as FieldDecl,
  );
  const membership: FieldDecl[] = [
    {
      name: 'roleId',
      label: 'Role',
      kind: 'select',
      required: true,
      numeric: true,
      options: choices.roles,
      span: 3,
      disabled: self,
      helperText: self ? adminMessages.users.noSelfEscalation : undefined,
    },
    {
      name: 'branchId',
      label: 'Branch',
      kind: 'select',
      numeric: true,
      options: choices.branches,
      emptyLabel: 'None',
      span: 3,
    },
    { name: 'userGroupIds', label: 'User Groups', kind: 'multiSelect', options: choices.groups, span: 6 },
    { name: 'enabled', label: 'Enabled (can sign in)', kind: 'checkbox', span: 6, disabled: elsewhere || self },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await stepUp.run(() => save.mutateAsync({ id: record?.id ?? null, input: toInput(values) }));
      toasts.success('Success', adminMessages.kit.saved);
      // A new user is sent the enrollment e-mail by the server.
      if (creating) toasts.success(adminMessages.users.emailSentTitle, adminMessages.users.enrollmentSent);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else if (isApiError(error) && error.status === 403)
        toasts.error(messages.errors.title, error.serverMessage ?? adminMessages.kit.saveFailed);
      else toasts.error(messages.errors.title, adminMessages.kit.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add User' : `Edit User: ${record.username}`}
      width={760}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="users-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={fields} columns={6} />
        <Typography variant="subtitle2" color="text.secondary">
          In this lender
        </Typography>
        <FormFields fields={membership} columns={6} />
        {record && record.lenders.length > 1 ? (
          <Box>
            <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
              Lenders (a role elsewhere is changed by an administrator working in that lender)
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {record.lenders.map((l) => (
                <Chip key={l.lenderId} size="small" label={`${l.lenderName}: ${l.roleName}`} />
              ))}
            </Stack>
          </Box>
        ) : null}
        {record ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              size="small"
              disabled={email.isPending}
              onClick={() => email.mutate('passwordResetEmail')}
            >
              Send Password Reset Email
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={email.isPending}
              onClick={() => email.mutate('enrollmentEmail')}
            >
              Send Enrollment Email
            </Button>
            {self ? null : (
              <Button
                variant="outlined"
                size="small"
                color="warning"
                onClick={() => void resetMfa(record.id, record.fullName)}
              >
                Reset Two-Step Verification
              </Button>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The user is e-mailed a link to set their password when saved.
          </Typography>
        )}
        {stepUp.dialog}
      </Stack>
    </FormDialog>
  );
};
