import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages, type ApplicationPromotions, type Promotion } from '@credence/contracts';
import { savePromotions, usePromotions } from '../dialogs-api.ts';
import { formatDate } from '../worksheet/view-parts.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'Promotions Summary', width: '90%', testId: 'promotions-dialog' } as const;

type Values = { promotionIds: number[] };

/**
 * What the dialog says on opening: with nothing chosen yet, the auto-select promotions are ticked ('Loan Promo
 * autoselected'); with promotions chosen, 'Additional Loan Promos found' when the product offers others.
 */
export const promotionNotice = (data: ApplicationPromotions): { autoSelected: number[]; notice: string | null } => {
  if (data.promotionIds.length === 0) {
    const autoSelected = data.promotions.filter((p) => p.autoSelect).map((p) => p.id);
    return { autoSelected, notice: autoSelected.length > 0 ? messages.promotions.autoselected : null };
  }
  const others = data.promotions.some((p) => !data.promotionIds.includes(p.id));
  return { autoSelected: [], notice: others ? messages.promotions.additionalFound : null };
};

const percent = (value: string | null) => (value === null ? '—' : `${Number(value).toString()}%`);
/** The promotion's period in the spec's MM/dd/yyyy (not the wire's ISO dates). */
export const promotionPeriod = (p: Pick<Promotion, 'startDate' | 'endDate'>) =>
  p.startDate || p.endDate
    ? `${p.startDate ? formatDate(p.startDate) : '…'} – ${p.endDate ? formatDate(p.endDate) : '…'}`
    : 'Ongoing';

/** Promotions Summary (90%): the promotions of the application's product, chosen by checkbox. */
export const PromotionsDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = usePromotions(applicationId);
  if (!data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={isError} thing="promotions" />;
  }
  return <PromotionsForm data={data} onClose={onClose} />;
};

const PromotionsForm = ({ data, onClose }: { data: ApplicationPromotions; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const { autoSelected, notice } = useMemo(() => promotionNotice(data), [data]);
  // Auto-selected promotions open ticked as the starting point, not as the user's change: closing the dialog
  // asks nothing, while Save stays offered to keep them (they are not saved yet).
  const form = useForm<Values>({
    defaultValues: { promotionIds: autoSelected.length > 0 ? autoSelected : data.promotionIds },
    mode: 'onChange',
  });

  // A chosen promotion that has ended since stays listed (the server keeps it choosable).
  const ended = data.promotionIds.filter((id) => !data.promotions.some((p) => p.id === id));

  const onSave = (values: Values) =>
    settle(async () => {
      return save(form, (confirmFunded) => savePromotions(applicationId, values.promotionIds, confirmFunded));
    });

  return (
    <FormDialog
      form={form}
      {...FRAME}
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      savePristine={autoSelected.length > 0}
      formErrors={formErrors}
    >
      {notice ? (
        <Alert severity={autoSelected.length > 0 ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="promotions-notice">
          {notice}
        </Alert>
      ) : null}
      <Controller
        control={form.control}
        name="promotionIds"
        render={({ field }) => {
          const chosen = new Set(field.value);
          const toggle = (id: number, checked: boolean) =>
            field.onChange(checked ? [...field.value, id] : field.value.filter((v) => v !== id));
          return (
            <Table size="small" aria-label="Promotions">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>Promotion</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Rate Discount</TableCell>
                  <TableCell>Period</TableCell>
                  <TableCell>Auto Select</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.promotions.map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={chosen.has(p.id)}
                        disabled={!canEdit}
                        onChange={(event) => toggle(p.id, event.target.checked)}
                        slotProps={{ input: { 'aria-label': p.name } }}
                      />
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
                    <TableCell>{p.description ?? '—'}</TableCell>
                    <TableCell align="right">{percent(p.rateDiscount)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{promotionPeriod(p)}</TableCell>
                    <TableCell>{p.autoSelect ? 'Yes' : 'No'}</TableCell>
                  </TableRow>
                ))}
                {ended.map((id) => (
                  <TableRow key={id}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={chosen.has(id)}
                        disabled={!canEdit}
                        onChange={(event) => toggle(id, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `Promotion ${id}` } }}
                      />
                    </TableCell>
                    <TableCell colSpan={5}>Promotion {id} (no longer offered)</TableCell>
                  </TableRow>
                ))}
                {data.promotions.length === 0 && ended.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography variant="body2" color="text.secondary">
                        This loan product has no current promotions.
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          );
        }}
      />
    </FormDialog>
  );
};
