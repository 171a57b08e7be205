import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages, type Dealer } from '@credence/contracts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormFields } from '../../../components/form/form-fields.tsx';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useSaveDealer } from './api.ts';
import { dealerFields } from './dealer-fields.ts';
import { dealerFormResolver, dealerPayload, dealerValues, type DealerValues } from './dealer-form.ts';

/** Create or update a dealer (spec 3 §8 toasts, title 'Dealers'). */
export const DealerDialog = ({ dealer, onClose }: { dealer: Dealer | null; onClose: () => void }) => {
  const form = useForm<DealerValues>({
    defaultValues: dealerValues(dealer),
    resolver: dealerFormResolver,
    mode: 'onChange',
  });
  const save = useSaveDealer();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const creating = dealer === null;

  const onSave = async (values: DealerValues) => {
    setFormErrors([]);
    try {
      await save.mutateAsync({ id: dealer?.id ?? null, input: dealerPayload(values) });
      toasts.success(messages.dealers.title, creating ? messages.dealers.created : messages.dealers.updated);
      onClose();
    } catch (error) {
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else
        toasts.error(messages.errors.title, creating ? messages.dealers.createFailed : messages.dealers.updateFailed);
    }
  };

  return (
    <FormDialog
      form={form}
      title={creating ? 'Add Dealer' : `Edit Dealer: ${dealer.name}`}
      width={720}
      onClose={onClose}
      onSave={onSave}
      formErrors={formErrors}
      testId="dealer-dialog"
    >
      <FormFields fields={dealerFields} columns={6} />
    </FormDialog>
  );
};
