import {
  DEFAULT_CUSTOM_TEXT_MAX,
  historyActions,
  isoDateSchema,
  messages,
  moneySchema,
  type CustomField,
  type CustomFieldType,
  type CustomFieldValue,
  type FieldError,
} from '@credence/contracts';
import type { customFieldsSaveSchema } from '@credence/contracts';
import type { z } from 'zod';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { notFound, validationError } from '../../../platform/errors.ts';
import type { ApplicationContext } from '../application-context.ts';
import { findLoanProduct } from '../../loan-products/loan-products.repository.ts';
import * as repo from './custom-fields.repository.ts';

export type CustomFieldsInput = z.output<typeof customFieldsSaveSchema>;

const NUMBER_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;

/** A stored value as the form reads it: BOOLEAN as true or false, the others as text. */
const readValue = (type: CustomFieldType, stored: string | undefined): CustomFieldValue =>
  stored === undefined ? null : type === 'BOOLEAN' ? stored === 'true' : stored;

const toFields = (
  definitions: repo.CustomFieldDefinitionRow[],
  values: { customFieldId: number; value: string }[],
): CustomField[] =>
  definitions.map((d) => ({
    id: d.id,
    loanProductId: d.loanProductId,
    label: d.label,
    fieldType: d.fieldType as CustomFieldType,
    required: d.required,
    options: d.options,
    maxLength: d.maxLength,
    sortOrder: d.sortOrder,
    value: readValue(d.fieldType as CustomFieldType, values.find((v) => v.customFieldId === d.id)?.value),
  }));

const loadFields = async (tx: TenantTx, applicationId: number, loanProductId: number) =>
  toFields(await repo.listDefinitions(tx, loanProductId), await repo.listValues(tx, applicationId));

/** GET applications/{id}/customfields: the fields of the application's product with its values. */
export const getApplicationCustomFields = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const application = await repo.findApplicationProduct(tx, applicationId);
    if (!application) throw notFound();
    return loadFields(tx, applicationId, application.loanProductId);
  });

/**
 * GET LoanProduct/{id}/customfields?appId=: a product's fields (for a product being chosen), with the values
 * an application already has for them when appId is given.
 */
export const getLoanProductCustomFields = (
  ctx: ApplicationContext,
  auth: AuthContext,
  loanProductId: number,
  applicationId: number | undefined,
) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    if (!(await findLoanProduct(tx, loanProductId))) throw notFound();
    if (applicationId !== undefined && !(await repo.findApplicationProduct(tx, applicationId))) throw notFound();
    const values = applicationId === undefined ? [] : await repo.listValues(tx, applicationId);
    return toFields(await repo.listDefinitions(tx, loanProductId), values);
  });

type Checked = { value: string | null; error: string | null };
const ok = (value: string | null): Checked => ({ value, error: null });
const bad = (error: string): Checked => ({ value: null, error });

/** A value checked against its field's type, as the canonical text stored (null when empty). */
export const checkValue = (
  definition: Pick<repo.CustomFieldDefinitionRow, 'fieldType' | 'options' | 'maxLength'>,
  raw: string | number | boolean | null | undefined,
): Checked => {
  if (raw === null || raw === undefined) return ok(null);
  const type = definition.fieldType as CustomFieldType;
  if (type === 'BOOLEAN') return typeof raw === 'boolean' ? ok(String(raw)) : bad(messages.customFields.notABoolean);
  if (typeof raw === 'boolean') return bad(messages.customFields.notText);
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (text === '') return ok(null);
  switch (type) {
    case 'NUMBER':
      return NUMBER_PATTERN.test(text) ? ok(text) : bad(messages.customFields.notANumber);
    case 'MONEY':
      return moneySchema.safeParse(text).success ? ok(text) : bad(messages.validation.money);
    case 'DATE':
      return isoDateSchema.safeParse(text).success ? ok(text) : bad(messages.customFields.notADate);
    case 'SELECT':
      return definition.options.includes(text) ? ok(text) : bad(messages.customFields.notAnOption);
    case 'TEXT': {
      if (typeof raw !== 'string') return bad(messages.customFields.notText);
      const max = definition.maxLength ?? DEFAULT_CUSTOM_TEXT_MAX;
      return text.length <= max ? ok(text) : bad(messages.customFields.tooLong(max));
    }
  }
};

/**
 * POST applications/{id}/customfields: the values of the application's product fields replace the stored
 * ones. Each value must suit its field's type, every required field needs a value, and a field of another
 * product is refused; errors name `customFields.{fieldId}` (or `values.{i}.customFieldId`), and a request
 * with any error writes nothing. Needs the lock, and confirmFunded when funded.
 */
export const saveCustomFields = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: CustomFieldsInput,
) =>
  ctx.write(auth, applicationId, body.confirmFunded, async (tx, application, history) => {
    const definitions = await repo.listDefinitions(tx, application.loanProductId);
    const before = await loadFields(tx, applicationId, application.loanProductId);
    const errors: FieldError[] = [];
    body.values.forEach((v, i) => {
      if (!definitions.some((d) => d.id === v.customFieldId)) {
        errors.push({ field: `values.${i}.customFieldId`, message: messages.customFields.fieldNotFound });
      }
    });
    const stored: { customFieldId: number; value: string }[] = [];
    for (const definition of definitions) {
      const given = body.values.filter((v) => v.customFieldId === definition.id).at(-1);
      const checked = checkValue(definition, given?.value);
      if (checked.error) errors.push({ field: `customFields.${definition.id}`, message: checked.error });
      else if (checked.value === null && definition.required) {
        errors.push({ field: `customFields.${definition.id}`, message: messages.customFields.required });
      } else if (checked.value !== null) stored.push({ customFieldId: definition.id, value: checked.value });
    }
    if (errors.length > 0) throw validationError(errors);
    await repo.replaceValues(tx, { lenderId: auth.lenderId, applicationId }, stored);
    const after = await loadFields(tx, applicationId, application.loanProductId);
    const changes = after.flatMap((field) => {
      const old = before.find((b) => b.id === field.id)?.value ?? null;
      return old === field.value
        ? []
        : [
            {
              entity: 'CustomField',
              entityId: field.id,
              property: field.label,
              oldValue: old === null ? null : String(old),
              newValue: field.value === null ? null : String(field.value),
            },
          ];
    });
    if (changes.length > 0) {
      await history({
        action: historyActions.customFieldsUpdated,
        description: `${changes.length} custom field(s) changed`,
        entity: 'CustomField',
        changes,
      });
    }
    return after;
  });
