import { useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  adminMessages,
  messages,
  userGroupInputSchema,
  userGroupsResource,
  usersEndpoints,
  type UserGroup,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (group: UserGroup | null): Values => ({
  name: group?.name ?? '',
  enabled: group?.enabled ?? true,
  memberIds: group?.memberIds ?? [],
});
const toInput = (v: Values) => ({
  name: typeof v.name === 'string' ? v.name.trim() : v.name,
  enabled: v.enabled,
  memberIds: v.memberIds,
});
const resolver = contractResolver<Values, unknown>(userGroupInputSchema, (values) => noRows(toInput(values)));

/** Administration › User Groups: name, enabled and members (the lender's users), saved together. */
export const UserGroupEditor = ({ record, onClose }: EditorProps<UserGroup>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(userGroupsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const users = useQuery({ queryKey: ['users', 'system'], queryFn: () => callEndpoint(usersEndpoints.system, {}) });
  const fields: FieldDecl[] = [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 6, autoFocus: true },
    {
      name: 'memberIds',
      label: 'Members',
      kind: 'multiSelect',
      options: (users.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
      span: 6,
    },
    { name: 'enabled', label: 'Enabled (can be chosen for shares and filters)', kind: 'checkbox', span: 6 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success('Success', adminMessages.kit.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, adminMessages.kit.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit User Group: ${record.name}` : 'Add User Group'}
      width={640}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="userGroups-dialog"
    >
      <FormFields fields={fields} columns={6} />
    </FormDialog>
  );
};
