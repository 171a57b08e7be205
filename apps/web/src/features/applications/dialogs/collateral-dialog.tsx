import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { collateralsSaveSchema, type Application } from '@credence/contracts';
import { saveCollaterals } from '../api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { type Converted, type RowMap, toText } from '../../../components/form/values.ts';
import {
  collateralPayload,
  collateralValues,
  insurancePayload,
  insuranceRules,
  insuranceValues,
  vinRules,
  type CollateralValues,
  type InsuranceValues,
} from '../forms/collateral-model.ts';
import { CollateralsEditor, InsuranceFields } from '../forms/collaterals-editor.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

type Values = { collaterals: CollateralValues[]; insurance: InsuranceValues };
type Payload = z.input<typeof collateralsSaveSchema>;

/** Insurance is sent only when the product gathers it and a company is given (spec 3 §5). */
export const collateralsPayload = (v: Values, gathersInsurance: boolean): Converted<Payload> => {
  const rows: RowMap = {};
  return {
    payload: {
      collaterals: v.collaterals.map((c, i) => collateralPayload(c, `collaterals.${i}`, rows)),
      insurance: gathersInsurance && toText(v.insurance.company) ? insurancePayload(v.insurance) : null,
    },
    rows,
  };
};

/**
 * The Collateral Description dialog (90% wide) with the insurance form: each collateral in the form of its
 * type (Home the HEL form), the VIN checked when the product requires it, insurance required when the product
 * gathers it.
 */
export const CollateralDialog = ({ application, onClose }: { application: Application; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const { requiresVin, gathersInsurance, controlType } = application.loanProduct;
  const defaultValues = useMemo<Values>(
    () => ({
      collaterals: application.collaterals.map(collateralValues),
      insurance: insuranceValues(application.insurance),
    }),
    [application.collaterals, application.insurance],
  );
  const resolver = useMemo(
    () =>
      contractResolver<Values, Payload>(
        collateralsSaveSchema,
        (v) => collateralsPayload(v, gathersInsurance),
        (v) => ({ ...vinRules(v.collaterals, requiresVin), ...insuranceRules(v.insurance, gathersInsurance) }),
      ),
    [gathersInsurance, requiresVin],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });

  const onSave = (values: Values) =>
    settle(async () => {
      const { payload, rows } = collateralsPayload(values, gathersInsurance);
      return save(form, (confirmFunded) => saveCollaterals(applicationId, { ...payload, confirmFunded }), {
        rows,
        retraction: {
          check: { section: 'collaterals', collaterals: payload.collaterals },
          insuranceApplies: gathersInsurance,
        },
      });
    });

  return (
    <FormDialog
      form={form}
      title="Collateral Description"
      width="90%"
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      formErrors={formErrors}
      testId="collateral-dialog"
    >
      <CollateralsEditor controlType={controlType} requiresVin={requiresVin} />
      {gathersInsurance ? (
        <Box sx={{ mt: 3 }}>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Insurance
          </Typography>
          <InsuranceFields required />
        </Box>
      ) : null}
    </FormDialog>
  );
};
