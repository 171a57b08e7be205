import { useMemo } from 'react';
import { useController, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  actionItemsSaveSchema,
  actionItemTypes,
  MAX_FOLLOW_UP_DESCRIPTION,
  messages,
  type ActionItem,
  type ActionItemsSave,
} from '@credence/contracts';
import { saveActionItems, useActionItems } from '../dialogs-api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { CheckboxInput, DateInput } from '../../../components/form/fields.tsx';
import { useDirectSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { lenderToday } from '../../../lib/format.ts';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'Follow Up', width: 1100, testId: 'follow-up-dialog' } as const;

type ItemValues = {
  id: number | null;
  description: string;
  alertDate: string;
  completed: boolean;
  isDailyDelivery: boolean;
};
type Values = { items: ItemValues[] };

const itemValues = (item: ActionItem): ItemValues => ({
  id: item.id,
  description: item.description,
  alertDate: item.alertDate,
  completed: item.completed,
  isDailyDelivery: item.isDailyDelivery,
});

/** Spec 3 §4: a new item is not completed, due today, a Followup, without daily delivery. */
const newItem = (): ItemValues => ({
  id: null,
  description: '',
  alertDate: lenderToday(),
  completed: false,
  isDailyDelivery: false,
});

const payloadOf = (values: Values): ActionItemsSave => ({
  items: values.items.map((item) => ({
    id: item.id,
    description: item.description,
    alertDate: item.alertDate === '' ? null : item.alertDate,
    completed: item.completed,
    isDailyDelivery: item.isDailyDelivery,
    actionItemType: actionItemTypes.Followup,
  })),
});

/** The Follow Up dialog (1100px): the application's follow-up action items; no lock needed. */
export const FollowUpDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = useActionItems(applicationId);
  if (!data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={isError} thing="follow up items" />;
  }
  return <FollowUpForm items={data} onClose={onClose} />;
};

const FollowUpForm = ({ items, onClose }: { items: ActionItem[]; onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const save = useDirectSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const defaultValues = useMemo<Values>(() => ({ items: items.map(itemValues) }), [items]);
  const resolver = useMemo(
    () => contractResolver<Values, ActionItemsSave>(actionItemsSaveSchema, (v) => noRows(payloadOf(v))),
    [],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'all' });
  const rows = useFieldArray({ control: form.control, name: 'items' });

  const onSave = (values: Values) =>
    settle(async () => {
      return save(form, () => saveActionItems(applicationId, payloadOf(values)), {
        success: messages.followUp.updated,
        failureTitle: messages.followUp.updateFailed,
      });
    });

  return (
    <FormDialog
      form={form}
      {...FRAME}
      onClose={onClose}
      onSave={onSave}
      // Spec 3 §5 disables Save while the form is invalid and dirty; here Save stays enabled and pressing it
      // marks what is invalid (issue 17, item 7). The unchanged list can be saved as it is.
      savePristine
      formErrors={formErrors}
    >
      <Table size="small" aria-label="Follow up items">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 110 }}>Completed</TableCell>
            <TableCell>Description</TableCell>
            <TableCell sx={{ width: 190 }}>Due By</TableCell>
            <TableCell sx={{ width: 150 }}>Delivery</TableCell>
            <TableCell sx={{ width: 56 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.fields.map((row, i) => (
            <TableRow key={row.id} data-testid="follow-up-row" sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ pt: 1.5 }}>
                <CheckboxInput name={`items.${i}.completed`} label="Completed" />
              </TableCell>
              <TableCell>
                <DescriptionInput name={`items.${i}.description`} autoFocus={row.id === rows.fields.at(-1)?.id} />
              </TableCell>
              <TableCell>
                <DateInput name={`items.${i}.alertDate`} label="Due By" />
              </TableCell>
              <TableCell sx={{ pt: 1.5 }}>
                <CheckboxInput name={`items.${i}.isDailyDelivery`} label="Daily" />
              </TableCell>
              <TableCell sx={{ pt: 1.5 }}>
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label="Remove follow up" onClick={() => rows.remove(i)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
          {rows.fields.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                  No follow up items.
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <Box sx={{ mt: 1.5 }}>
        <Button startIcon={<AddIcon />} onClick={() => rows.append(newItem())}>
          Add
        </Button>
      </Box>
    </FormDialog>
  );
};

/** The description: required, at most 500; an error shows as 'Invalid' (spec 3 §5), its reason as a tooltip. */
const DescriptionInput = ({ name, autoFocus }: { name: string; autoFocus: boolean }) => {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <Tooltip title={error ?? ''} placement="top-start">
      <TextField
        label="Description"
        name={field.name}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={!!error}
        helperText={error ? messages.followUp.invalid : undefined}
        required
        fullWidth
        multiline
        autoFocus={autoFocus && field.value === ''}
        slotProps={{
          htmlInput: { maxLength: MAX_FOLLOW_UP_DESCRIPTION, 'aria-description': error ?? undefined },
        }}
      />
    </Tooltip>
  );
};
