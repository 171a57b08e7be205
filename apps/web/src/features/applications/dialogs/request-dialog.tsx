import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { z } from 'zod';
import { requestFieldsSchema, type Application } from '@credence/contracts';
import { saveRequest } from '../api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { type Converted, type RowMap } from '../../../components/form/values.ts';
import { RequestFields } from '../forms/request-fields.tsx';
import {
  hasPersonalBalloon,
  PERSONAL_BALLOON_WARNING,
  requestPayload,
  requestValues,
  type RequestValues,
} from '../forms/request-model.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

type Values = { request: RequestValues };

/** The request fields under `request`, as the form holds them (the save call takes them at the top level). */
const schema = z.object({ request: requestFieldsSchema });
const requestFieldNames = new Set(Object.keys(requestFieldsSchema.shape));

/**
 * The Application Request dialog, titled with the loan product name (spec 3 §2): money and terms by control
 * type, the loan itemization for vehicle products, the estimated amount financed, the residual at most that
 * amount. Save is disabled while pristine or saving, and while a personal balloon warning shows.
 */
export const RequestDialog = ({ application, onClose }: { application: Application; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const controlType = application.loanProduct.controlType;
  const defaultValues = useMemo<Values>(() => ({ request: requestValues(application.request) }), [application.request]);
  const resolver = useMemo(
    () =>
      contractResolver<Values, { request: ReturnType<typeof requestPayload> }>(
        schema,
        (v): Converted<{ request: ReturnType<typeof requestPayload> }> => {
          const rows: RowMap = {};
          return { payload: { request: requestPayload(controlType, v.request, 'request', rows) }, rows };
        },
      ),
    [controlType],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });
  const residual = useWatch({ control: form.control, name: 'request.residualAmount' });
  const balloon = hasPersonalBalloon(controlType, { residualAmount: residual });

  const onSave = (values: Values) =>
    settle(async () => {
      const rows: RowMap = {};
      const request = {
        ...requestPayload(controlType, values.request, 'request', rows),
        id: applicationId,
        loanProductId: application.loanProduct.id,
        dealerId: application.request.dealerId,
      };
      return save(form, (confirmFunded) => saveRequest(applicationId, { ...request, confirmFunded }), {
        rows,
        mapField: (field) => (requestFieldNames.has(field.split('.')[0] ?? '') ? `request.${field}` : field),
        retraction: {
          check: { section: 'request', request },
          insuranceApplies: application.loanProduct.gathersInsurance,
        },
      });
    });

  return (
    <FormDialog
      form={form}
      title={application.loanProduct.name}
      width={880}
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit || balloon}
      saveHint={canEdit ? null : readOnlyReason}
      formErrors={formErrors}
      warning={balloon ? PERSONAL_BALLOON_WARNING : null}
      testId="request-dialog"
    >
      <Box sx={{ pt: 0.5 }}>
        <RequestFields base="request" controlType={controlType} />
      </Box>
      {application.state === 'funded' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          This application has been funded; saving asks for confirmation.
        </Alert>
      ) : null}
    </FormDialog>
  );
};
