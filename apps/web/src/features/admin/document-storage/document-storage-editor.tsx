import { useState } from 'react';
import { useController, useFieldArray, useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  adminMessages,
  documentStorageEndpoints,
  documentStorageProviderInputSchema,
  documentStorageProviderTypeLabels,
  documentStorageProviderTypes,
  documentStorageResource,
  documentStorageTexts,
  mappableFields as builtInFields,
  messages,
  uploadTypes,
  type DocumentStorageProvider,
  type MappableField,
} from '@credence/contracts';
import { SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields, type FieldDecl } from '../../../components/form/form-fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { silentLoad } from '../../../lib/retrieving.ts';
import { useSaveResource } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import type { EditorProps } from '../kit/types.ts';

type Values = FieldValues;

const toValues = (p: DocumentStorageProvider | null): Values => ({
  name: p?.name ?? '',
  providerType: p?.providerType ?? 'FileSystem',
  uploadTypeIds: p?.uploadTypeIds ?? [9, 8],
  pathTemplate: p?.pathTemplate ?? '{memberNumber}/{applicationId}/{documentType}.pdf',
  fieldMappings: p?.fieldMappings ?? [
    { field: 'documentType', indexField: 'DocumentType' },
    { field: 'memberNumber', indexField: 'MemberNumber' },
  ],
  rootDirectory: p?.rootDirectory ?? '',
  s3Endpoint: p?.s3Endpoint ?? '',
  s3Region: p?.s3Region ?? '',
  s3Bucket: p?.s3Bucket ?? '',
  s3AccessKeyId: p?.s3AccessKeyId ?? '',
  s3SecretAccessKey: '',
  s3ForcePathStyle: p?.s3ForcePathStyle ?? true,
  enabled: p?.enabled ?? true,
});

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Only the chosen type's settings are sent; an empty secret keeps the one stored. */
const toInput = (v: Values) => {
  const fileSystem = v.providerType === 'FileSystem';
  const secret = trimmed(v.s3SecretAccessKey) as string;
  return {
    name: trimmed(v.name),
    providerType: v.providerType,
    uploadTypeIds: v.uploadTypeIds,
    pathTemplate: trimmed(v.pathTemplate),
    fieldMappings: (v.fieldMappings as { field: string; indexField: string }[]).map((m) => ({
      field: m.field === '' ? undefined : m.field,
      indexField: m.indexField.trim(),
    })),
    rootDirectory: fileSystem ? trimmed(v.rootDirectory) || null : null,
    s3Endpoint: fileSystem ? null : trimmed(v.s3Endpoint) || null,
    s3Region: fileSystem ? null : trimmed(v.s3Region) || null,
    s3Bucket: fileSystem ? null : trimmed(v.s3Bucket) || null,
    s3AccessKeyId: fileSystem ? null : trimmed(v.s3AccessKeyId) || null,
    ...(fileSystem || secret === '' ? {} : { s3SecretAccessKey: secret }),
    s3ForcePathStyle: v.s3ForcePathStyle,
    enabled: v.enabled,
  };
};

const resolver = contractResolver<Values, unknown>(documentStorageProviderInputSchema, (values) =>
  noRows(toInput(values)),
);

const typeOptions = documentStorageProviderTypes.map((t) => ({
  value: t,
  label: documentStorageProviderTypeLabels[t],
}));
const uploadTypeOptions = uploadTypes.map((u) => ({ value: u.id, label: u.name }));

/** The path a template gives for the mappable fields' examples (as the filing job fills it). */
const preview = (template: string, fields: readonly MappableField[]) =>
  template.replace(/\{([^{}]*)\}/g, (whole, name: string) => fields.find((f) => f.key === name)?.example ?? whole);

/** The write-only secret: typed, never shown; empty keeps the stored one. */
const SecretInput = ({ stored }: { stored: boolean }) => {
  const { field, fieldState } = useController({ name: 's3SecretAccessKey' });
  return (
    <TextField
      label="Secret Access Key"
      type="password"
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={!stored}
      error={!!fieldState.error}
      helperText={
        fieldState.error?.message ?? (stored ? 'Set — leave empty to keep it' : 'Stored encrypted, never shown')
      }
      fullWidth
      slotProps={{ htmlInput: { maxLength: 128, autoComplete: 'new-password' } }}
    />
  );
};

/**
 * Administration › Document Storage: a provider's name, kind and the documents it files; the directory (below the
 * server's storage root) or the S3 endpoint, bucket and keys; the path template of `{field}` placeholders; and the
 * field mapping — each mappable field to the index field the lender's document system reads (S3 object metadata, or
 * the sidecar .json beside the file).
 */
export const DocumentStorageEditor = ({ record, onClose }: EditorProps<DocumentStorageProvider>) => {
  const form = useForm<Values>({ defaultValues: toValues(record), resolver, mode: 'onChange' });
  const mappings = useFieldArray({ control: form.control, name: 'fieldMappings' });
  const type = useWatch({ control: form.control, name: 'providerType' }) as string;
  const template = useWatch({ control: form.control, name: 'pathTemplate' }) as string;
  const save = useSaveResource(documentStorageResource);
  const fields =
    useQuery({
      queryKey: ['lenderDocStorage', 'mappableFields'],
      queryFn: () => callEndpoint(documentStorageEndpoints.mappableFields, {}),
      staleTime: Infinity,
      meta: silentLoad,
    }).data ?? builtInFields;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = record === null;
  const fileSystem = type === 'FileSystem';
  const fieldOptions = fields.map((f) => ({ value: f.key, label: f.label }));

  const general: FieldDecl[] = [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100, span: 3, autoFocus: creating },
    { name: 'providerType', label: 'Type', kind: 'select', required: true, options: typeOptions, span: 3 },
    {
      name: 'uploadTypeIds',
      label: 'Documents Filed',
      kind: 'multiSelect',
      required: true,
      options: uploadTypeOptions,
      span: 6,
      helperText: 'Files of these upload types are filed when attached (the loan summary exported on funding)',
    },
  ];
  const fileSystemFields: FieldDecl[] = [
    {
      name: 'rootDirectory',
      label: 'Directory',
      kind: 'text',
      required: true,
      maxLength: 200,
      span: 6,
      helperText: "A folder below the server's document storage root (DOC_STORAGE_ROOT), e.g. summit/loan-documents",
    },
  ];
  const s3Fields: FieldDecl[] = [
    {
      name: 's3Endpoint',
      label: 'Endpoint',
      kind: 'text',
      required: true,
      maxLength: 200,
      span: 4,
      helperText: 'https://s3.us-west-2.amazonaws.com or any S3-compatible server',
    },
    { name: 's3Region', label: 'Region', kind: 'text', required: true, maxLength: 40, span: 2 },
    { name: 's3Bucket', label: 'Bucket', kind: 'text', required: true, maxLength: 63, span: 3 },
    { name: 's3AccessKeyId', label: 'Access Key Id', kind: 'text', required: true, maxLength: 128, span: 3 },
  ];

  const onSave = async (values: Values) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: record?.id ?? null, input: toInput(values) });
      toasts.success(documentStorageTexts.title, adminMessages.kit.saved);
      onClose();
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else
        toasts.error(
          messages.errors.title,
          creating ? documentStorageTexts.saveFailed : documentStorageTexts.updateFailed,
        );
    }
  };
  const mappingsError =
    form.formState.errors.fieldMappings?.root?.message ?? form.formState.errors.fieldMappings?.message;

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Document Provider' : `Edit Document Provider: ${record.name}`}
      width={820}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="documentStorageProviders-dialog"
    >
      <Stack spacing={2}>
        <FormFields fields={general} columns={6} />
        {fileSystem ? (
          <FormFields fields={fileSystemFields} columns={6} />
        ) : (
          <>
            <FormFields fields={s3Fields} columns={6} />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
              <SecretInput stored={record?.hasS3SecretAccessKey === true} />
              <FormFields
                fields={[
                  { name: 's3ForcePathStyle', label: 'Path-style addresses (endpoint/bucket/key)', kind: 'checkbox' },
                ]}
                columns={1}
              />
            </Box>
          </>
        )}
        <Box>
          <TextInput
            name="pathTemplate"
            label={fileSystem ? 'Path Template' : 'Object Key Template'}
            required
            maxLength={300}
            helperText={`Fields in braces: {memberNumber}, {applicationId}, {documentType}, … Example: ${preview(template ?? '', fields)}`}
          />
        </Box>
        <Box data-testid="field-mapping">
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Field Mapping
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {fileSystem
              ? 'Each field is written to the sidecar .json beside the document under its index field name.'
              : 'Each field is sent as object metadata, x-amz-meta-<index field>.'}
          </Typography>
          {mappings.fields.map((row, index) => (
            <Box
              key={row.id}
              data-testid="field-mapping-row"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: 1.5, mb: 1.5 }}
            >
              <SelectInput name={`fieldMappings.${index}.field`} label="Field" required options={fieldOptions} />
              <TextInput name={`fieldMappings.${index}.indexField`} label="Index Field" required maxLength={64} />
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Tooltip title="Remove">
                  <IconButton
                    aria-label={`Remove mapping ${index + 1}`}
                    size="small"
                    onClick={() => mappings.remove(index)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
          {typeof mappingsError === 'string' ? (
            <Typography variant="body2" color="error" sx={{ mb: 1 }}>
              {mappingsError}
            </Typography>
          ) : null}
          <Button
            startIcon={<AddIcon />}
            size="small"
            disabled={mappings.fields.length >= 20}
            onClick={() => mappings.append({ field: '', indexField: '' })}
          >
            Add Mapping
          </Button>
        </Box>
        <FormFields fields={[{ name: 'enabled', label: 'Enabled', kind: 'checkbox' }]} columns={6} />
      </Stack>
    </FormDialog>
  );
};
