import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { messages, usefulLinksEndpoints, usefulLinksSchema, type UsefulLink } from '@credence/contracts';
import { TextInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { usefulLinksQuery } from '../../../lib/useful-links-query.ts';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';

type Values = { links: UsefulLink[] };
/** What is saved: the links as typed, trimmed. */
const toLinks = (values: Values): UsefulLink[] =>
  values.links.map((l) => ({ name: l.name.trim(), link: l.link.trim() }));
const resolver = contractResolver<Values, Values>(z.object({ links: usefulLinksSchema }), (values) =>
  noRows({ links: toLinks(values) }),
);

/**
 * Administration › Useful Links: the side menu's links, as a list of name and link (http or https only), saved
 * whole with PUT UsefulLinks ('Saved' / 'Saved Links Failed', spec 2 §8).
 */
export const UsefulLinksPage = () => {
  const links = useQuery(usefulLinksQuery);
  return (
    <>
      <PageTitle>Useful Links</PageTitle>
      {links.isPending ? (
        <CircularProgress size={24} />
      ) : links.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : (
        <UsefulLinksEditor links={links.data} />
      )}
    </>
  );
};

const UsefulLinksEditor = ({ links }: { links: UsefulLink[] }) => {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: { links }, resolver, mode: 'onChange' });
  const rows = useFieldArray({ control: form.control, name: 'links' });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);
  const save = useMutation({
    mutationFn: (body: UsefulLink[]) => callEndpoint(usefulLinksEndpoints.save, { body }),
    onSuccess: (saved) => queryClient.setQueryData(usefulLinksQuery.queryKey, saved),
    meta: { silentError: true },
  });

  const onSave = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save.mutateAsync(toLinks(values));
      form.reset({ links: saved });
      toasts.success('Success', messages.usefulLinks.saved);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      toasts.error(messages.errors.title, messages.usefulLinks.saveFailed);
    }
  });

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 1100 }}>
        <Box component="form" noValidate autoComplete="off" onSubmit={(event) => void onSave(event)}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The links every user of this lender sees in the side menu, in this order. A link opens in a new tab; only
            web addresses (http or https) are accepted.
          </Typography>
          {formErrors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formErrors.join(' ')}
            </Alert>
          ) : null}
          {rows.fields.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              No links yet.
            </Typography>
          ) : null}
          {rows.fields.map((row, index) => (
            <Box
              key={row.id}
              data-testid="useful-link-row"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) auto', gap: 1.5, mb: 1.5 }}
            >
              <TextInput name={`links.${index}.name`} label="Name" required maxLength={100} />
              <TextInput name={`links.${index}.link`} label="Link" required maxLength={2000} />
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Tooltip title="Move up">
                  <span>
                    <IconButton
                      aria-label={`Move link ${index + 1} up`}
                      size="small"
                      disabled={index === 0}
                      onClick={() => rows.move(index, index - 1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton
                      aria-label={`Move link ${index + 1} down`}
                      size="small"
                      disabled={index === rows.fields.length - 1}
                      onClick={() => rows.move(index, index + 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton aria-label={`Remove link ${index + 1}`} size="small" onClick={() => rows.remove(index)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between', mt: 1 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => rows.append({ name: '', link: '' })}
              disabled={rows.fields.length >= 100}
            >
              Add Link
            </Button>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <Button onClick={() => form.reset({ links })} disabled={!isDirty || isSubmitting}>
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
        </Box>
      </Paper>
    </FormProvider>
  );
};
