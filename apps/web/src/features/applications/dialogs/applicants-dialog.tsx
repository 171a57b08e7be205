import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { applicantsSaveSchema, type Application } from '@credence/contracts';
import { toasts } from '../../../lib/toast.tsx';
import { saveApplicants } from '../api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { type Converted, type RowMap } from '../../../components/form/values.ts';
import { applicantsPayload, applicantValues, type ApplicantValues } from '../forms/applicant-model.ts';
import { ApplicantsEditor, applicantsPreSaveCheck } from '../forms/applicants-editor.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

type Values = { applicants: ApplicantValues[] };

const convert = (v: Values): Converted<{ applicants: ReturnType<typeof applicantsPayload> }> => {
  const rows: RowMap = {};
  return { payload: { applicants: applicantsPayload(v.applicants, 'applicants', rows) }, rows };
};
const resolver = contractResolver<Values, ReturnType<typeof convert>['payload']>(applicantsSaveSchema, convert);

/** The applicants editor (90% wide): standard and business applicants, their roles and details. */
export const ApplicantsDialog = ({ application, onClose }: { application: Application; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const defaultValues = useMemo<Values>(
    () => ({
      applicants: [...application.applicants]
        .sort((a, b) => Number(b.applicantRole === 'PRIMARY') - Number(a.applicantRole === 'PRIMARY'))
        .map(applicantValues),
    }),
    [application.applicants],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });

  const onSave = (values: Values) =>
    settle(async () => {
      const problems = applicantsPreSaveCheck(values.applicants, application.loanProduct.isBusinessLoan);
      if (problems.length > 0) {
        problems.forEach((p) => toasts.error(p.title, p.message));
        return { saved: false, formErrors: [] };
      }
      const { payload, rows } = convert(values);
      return save(form, (confirmFunded) => saveApplicants(applicationId, { ...payload, confirmFunded }), {
        rows,
        retraction: {
          check: { section: 'applicants', applicants: payload.applicants },
          insuranceApplies: application.loanProduct.gathersInsurance,
        },
      });
    });

  return (
    <FormDialog
      form={form}
      title="Applicants"
      width="90%"
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      testId="applicants-dialog"
    >
      <ApplicantsEditor isBusinessLoan={application.loanProduct.isBusinessLoan} formError={formErrors} />
    </FormDialog>
  );
};
