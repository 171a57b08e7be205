import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import { dealerPacketSaveSchema, messages, type DealerPacket, type DealerPacketSave } from '@credence/contracts';
import { saveDealerPacket, useDealerPacket } from '../dialogs-api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { CheckboxInput, DateInput } from '../../../components/form/fields.tsx';
import { useDirectSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { LoadingDialog } from '../../../components/form/info-dialog.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { lenderToday } from '../../../lib/format.ts';

/** Title, width and test id, the same while loading and when loaded. */
const FRAME = { title: 'Dealer Packet Status', width: 400, testId: 'dealer-packet-dialog' } as const;

type Values = { received: boolean; receivedDate: string };

/** Spec 3 §4: the date is null when not received; it is required when received. */
const payloadOf = (v: Values): DealerPacketSave => ({
  received: v.received,
  receivedDate: v.received && v.receivedDate !== '' ? v.receivedDate : null,
});

/** The Dealer Packet Status dialog (400px): received and the date received; no lock needed. */
export const DealerPacketDialog = ({ onClose }: { onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const { data, isError } = useDealerPacket(applicationId);
  if (!data) {
    return <LoadingDialog {...FRAME} onClose={onClose} failed={isError} thing="dealer packet" />;
  }
  return <DealerPacketForm packet={data} onClose={onClose} />;
};

const DealerPacketForm = ({ packet, onClose }: { packet: DealerPacket; onClose: () => void }) => {
  const { applicationId } = useWorksheet();
  const save = useDirectSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const defaultValues = useMemo<Values>(
    () => ({ received: packet.received, receivedDate: packet.receivedDate ?? '' }),
    [packet],
  );
  const resolver = useMemo(
    () =>
      contractResolver<Values, DealerPacketSave>(
        dealerPacketSaveSchema,
        (v) => noRows(payloadOf(v)),
        // The server refuses a future date too (422); the form says so first.
        (v): Record<string, string> =>
          v.received && v.receivedDate !== '' && v.receivedDate > lenderToday()
            ? { receivedDate: messages.dealerPacket.dateInFuture }
            : {},
      ),
    [],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });
  const received = useWatch({ control: form.control, name: 'received' });

  const onSave = (values: Values) =>
    settle(async () => {
      return save(form, () => saveDealerPacket(applicationId, payloadOf(values)), {
        success: messages.dealerPacket.updated,
      });
    });

  return (
    <FormDialog form={form} {...FRAME} onClose={onClose} onSave={onSave} formErrors={formErrors}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <CheckboxInput
          name="received"
          label="Received"
          onUserChange={(checked) => {
            // Ticking defaults the date to the lender's today; unticking clears it.
            form.setValue('receivedDate', checked ? form.getValues('receivedDate') || lenderToday() : '', {
              shouldDirty: true,
            });
            void form.trigger();
          }}
        />
        <DateInput
          name="receivedDate"
          label="Date Received"
          required={received}
          disabled={!received}
          max={lenderToday()}
        />
      </Box>
    </FormDialog>
  );
};
