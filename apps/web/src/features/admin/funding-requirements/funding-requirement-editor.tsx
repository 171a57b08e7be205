import { useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  adminMessages,
  FUNDING_REQUIREMENT_DEFINITION_MAX,
  fundingRequirementDefinitionInputSchema,
  fundingRequirementDefinitionsResource,
  fundingRequirementDefinitionTexts,
  messages,
  type FundingRequirementDefinition,
} from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { adminLoanProductsQuery, productOptions } from '../disbursements/index.ts';
import type { EditorProps } from '../kit/types.ts';
import { userGroupsLookupQuery } from '../user-groups/lookup.ts';

type Values = FieldValues;

const toValues = (r: FundingRequirementDefinition | null): Values => ({
  description: r?.description ?? '',
  required: r?.required ?? true,
  loanProductIds: r?.loanProductIds ?? [],
  clearUserGroupIds: r?.clearUserGroupIds ?? [],
  sortOrder: String(r?.sortOrder ?? 0),
  enabled: r?.enabled ?? true,
});
const toInput = (v: Values) => ({
  description: typeof v.description === 'string' ? v.description.trim() : v.description,
  required: v.required,
  loanProductIds: v.loanProductIds,
  clearUserGroupIds: v.clearUserGroupIds,
  sortOrder: typeof v.sortOrder === 'string' ? v.sortOrder.trim() : v.sortOrder,
  enabled: v.enabled,
});
const resolver = contractResolver<Values, unknown>(fundingRequirementDefinitionInputSchema, (values) =>
  noRows(toInput(values)),
);

/**
 * Administration › Funding Requirements: a stipulation's description, whether it is required, the loan products
 * that require it (none: every product) and the user groups whose members may clear or waive it (none: anyone
 * who may fund).
 */
export const FundingRequirementEditor = ({ record, onClose }: EditorProps<FundingRequirementDefinition>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const save = useSaveResource(fundingRequirementDefinitionsResource);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const products = useQuery(adminLoanProductsQuery);
  const groups = useQuery(userGroupsLookupQuery);
  const fields: FieldDecl[] = [
    {
      name: 'description',
      label: 'Description',
      kind: 'text',
      required: true,
      maxLength: FUNDING_REQUIREMENT_DEFINITION_MAX,
      span: 4,
      autoFocus: record === null,
    },
    { name: 'sortOrder', label: 'Sort Order', kind: 'text', maxLength: 4, span: 2 },
    {
      name: 'loanProductIds',
      label: 'Loan Products',
      kind: 'multiSelect',
      options: productOptions(products.data ?? []),
      span: 6,
      helperText: 'None chosen: every loan product requires it.',
    },
    {
      name: 'clearUserGroupIds',
      label: 'Groups Allowed to Clear',
      kind: 'multiSelect',
      options: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
      span: 6,
      helperText: 'None chosen: anyone who may fund a loan can clear or waive it.',
    },
    {
      name: 'required',
      label: 'Required (the loan cannot be funded until it is cleared or waived)',
      kind: 'checkbox',
      span: 6,
    },
    { name: 'enabled', label: 'Enabled', kind: 'checkbox', span: 6 },
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
      else toasts.error(messages.errors.title, fundingRequirementDefinitionTexts.saveFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={record ? `Edit Funding Requirement: ${record.description}` : 'Add Funding Requirement'}
      width={720}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="fundingRequirements-dialog"
    >
      <FormFields fields={fields} columns={6} />
    </FormDialog>
  );
};
