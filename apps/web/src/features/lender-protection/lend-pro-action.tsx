import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import {
  lenderProtectionEndpoints,
  lenderProtectionTexts,
  type DecisionCodeOption,
  type DecisionWorksheet,
} from '@credence/contracts';
import type { PaymentFrequency } from '@credence/domain';
import { displayMoneyText, parseMoneyText } from '../../lib/money-text.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import type { InsuranceApplicationDialogProps, InsuranceDecision } from './insurance-application-dialog.tsx';

const InsuranceApplicationDialog = lazy(async () => ({
  default: (await import('./insurance-application-dialog.tsx')).InsuranceApplicationDialog,
}));

/**
 * The decision worksheet's lender-protection action (issue 35): shown when the lender insures the application's
 * product (`lender protection configured`); opens the 'Insurance Application' dialog (loaded on first use), which
 * submits the decision's terms to Lend Pro as it opens.
 */
export const LendProAction = ({
  disabled,
  dialog,
}: {
  disabled: boolean;
  /** The dialog's inputs, read when the button is pressed (the form's values then). */
  dialog: () => Omit<InsuranceApplicationDialogProps, 'onClose'>;
}) => {
  const [open, setOpen] = useState<Omit<InsuranceApplicationDialogProps, 'onClose'> | null>(null);
  const applicationId = dialog().applicationId;
  const configured = useQuery({
    queryKey: ['lenderProtectionConfigured', applicationId],
    queryFn: ({ signal }) =>
      callEndpoint(lenderProtectionEndpoints.configured, { params: { applicationId } }, { signal }),
    meta: { silentError: true },
    staleTime: 60_000,
  });
  if (!configured.data?.configured) return null;
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => setOpen(dialog())}>
        {`${lenderProtectionTexts.dialogTitle} (${configured.data.provider ?? 'Lend Pro'})`}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <InsuranceApplicationDialog {...open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
};

/** The decision worksheet's form as the dialog reads and sets it (its react-hook-form). */
export type DecisionFormLike<V> = {
  getValues(): V;
  setValue(name: string, value: unknown, options?: { shouldDirty?: boolean }): void;
};
type DecisionValues = {
  amount: string;
  term: string;
  paymentFrequency: PaymentFrequency;
  additions: { id: number; selected: boolean }[];
  declines: { applicantId: number; codeIds: number[]; freeFormat: string }[];
};

/**
 * The dialog's inputs from the decision worksheet: the form's amount and term (else the request's), its payment
 * frequency and add-ons, the applicants and codes; creating the decision puts the dialog's choice into the form
 * (type, amount, term, rate, counter reasons or each applicant's decline reasons) and saves it as Save would.
 */
export const lendProDialog = <V extends DecisionValues>(
  form: DecisionFormLike<V>,
  worksheet: DecisionWorksheet,
  codes: readonly DecisionCodeOption[],
  save: (values: V) => Promise<void> | void,
): Omit<InsuranceApplicationDialogProps, 'onClose'> => {
  const v = form.getValues();
  const parsed = parseMoneyText(v.amount, { allowNegative: false });
  const term = /^\d{1,3}$/.test(v.term.trim()) ? Number(v.term.trim()) : null;
  return {
    applicationId: worksheet.id,
    amount: parsed.ok && parsed.value !== null ? parsed.value : worksheet.estAmtFinanced,
    term: term ?? worksheet.requestedTerm,
    paymentFrequency: v.paymentFrequency,
    value: worksheet.value,
    additions: v.additions.map((a) => ({ id: a.id, selected: a.selected, flatAmount: null })),
    applicants: worksheet.applicants.map((a) => ({ applicantId: a.id, name: a.name })),
    codes,
    onCreateDecision: async (d: InsuranceDecision) => {
      const dirty = { shouldDirty: true };
      form.setValue('decisionType', d.decisionType, dirty);
      if (d.amount !== null) form.setValue('amount', displayMoneyText(d.amount), dirty);
      if (d.term !== null) form.setValue('term', String(d.term), dirty);
      if (d.rate !== null) form.setValue('interestRate', d.rate, dirty);
      if (d.decisionType === 'counteroffer') form.setValue('reasons', d.reasons, dirty);
      if (d.decisionType === 'decline')
        form.setValue(
          'declines',
          form.getValues().declines.map((x) => ({
            ...x,
            codeIds: d.declines.find((y) => y.applicantId === x.applicantId)?.codeIds ?? [],
          })),
          dirty,
        );
      await save(form.getValues());
    },
  };
};
