import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import {
  controlTypeLabels,
  controlTypes,
  createApplicationSchema,
  messages,
  missingRequestFields,
  transactionTypeLabels,
  transactionTypes,
  vehicleControlTypes,
  type LoanProduct,
  type TransactionType,
} from '@credence/contracts';
import { errorSummaryText } from '../../components/form/form-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { showApiErrorToast, toasts } from '../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt.ts';
import { useLoanProducts } from '../../lib/loan-products.ts';
import { applicationKeys, createApplication, useEnabledDealers } from './api.ts';
import { contractResolver, hasErrorsUnder } from '../../components/form/resolver.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { type Converted, type RowMap, toOption } from '../../components/form/values.ts';
import { applicantsPayload, blankApplicant, type ApplicantValues } from './forms/applicant-model.ts';
import { ApplicantsEditor, applicantsPreSaveCheck } from './forms/applicants-editor.tsx';
import {
  blankCollateral,
  blankInsurance,
  collateralPayload,
  defaultCollateralType,
  familiesByControlType,
  insurancePayload,
  vinRules,
  type CollateralValues,
  type InsuranceValues,
} from './forms/collateral-model.ts';
import { CollateralsEditor, InsuranceFields } from './forms/collaterals-editor.tsx';
import { SelectInput, type Option } from '../../components/form/fields.tsx';
import { RequestFields } from './forms/request-fields.tsx';
import {
  blankRequest,
  hasPersonalBalloon,
  PERSONAL_BALLOON_WARNING,
  requestPayload,
  type RequestValues,
} from './forms/request-model.ts';

type Values = {
  loanProductId: number | '';
  direct: boolean;
  dealerId: number | '';
  transactionType: TransactionType | '';
  applicants: ApplicantValues[];
  request: RequestValues;
  collaterals: CollateralValues[];
  insurance: InsuranceValues;
};
type Payload = z.input<typeof createApplicationSchema>;

/** Control types whose applications describe collateral when created. */
const securedControlTypes = ['AUTOMOTIVE', 'BOAT', 'RV', 'HEL', 'CD_SHARE'] as const;
const hasCollateral = (product: LoanProduct | undefined) =>
  !!product && (securedControlTypes as readonly string[]).includes(product.controlType);
/** A transaction type is chosen for direct vehicle loans (internal refinance needs details the worksheet asks). */
const createTransactionTypes = transactionTypes.filter((t) => t !== 'INTERNAL_REFINANCE');

const convert = (v: Values, product: LoanProduct | undefined): Converted<Payload> => {
  const rows: RowMap = {};
  const vehicleDirect = !!product && v.direct && vehicleControlTypes.includes(product.controlType);
  const type = vehicleDirect ? toOption(v.transactionType) : null;
  const insurance = product?.gathersInsurance && v.insurance.company.trim() ? insurancePayload(v.insurance) : null;
  return {
    payload: {
      loanProductId: v.loanProductId as number,
      direct: v.direct,
      dealerId: !v.direct || type === 'DEALER' ? (v.dealerId === '' ? null : v.dealerId) : null,
      transactionType: type,
      applicants: applicantsPayload(v.applicants, 'applicants', rows),
      request: requestPayload(product?.controlType, v.request, 'request', rows),
      collaterals: hasCollateral(product)
        ? v.collaterals.map((c, i) => collateralPayload(c, `collaterals.${i}`, rows))
        : [],
      insurance,
    },
    rows,
  };
};

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const extraRules = (v: Values, product: LoanProduct | undefined): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!product) return errors;
  if ((!v.direct || v.transactionType === 'DEALER') && v.dealerId === '')
    errors.dealerId = messages.applications.dealerRequired;
  if (hasCollateral(product)) Object.assign(errors, vinRules(v.collaterals, product.requiresVin));
  // What the product's control type needs in a new request: the server's rule (issue 17, item 6), marked here.
  const request = requestPayload(product.controlType, v.request, 'request', {});
  const needed = missingRequestFields(
    {
      negotiatedPrice: textOrNull(request.negotiatedPrice),
      estAmtFinanced: textOrNull(request.estAmtFinanced),
      requestedAmount: textOrNull(request.requestedAmount),
      termMonths: request.termMonths ?? null,
    },
    product.controlType,
  );
  for (const { field, message } of needed) errors[`request.${field}`] ??= message;
  return errors;
};

const initialValues = (): Values => ({
  loanProductId: '',
  direct: true,
  dealerId: '',
  transactionType: '',
  applicants: [blankApplicant('PRIMARY')],
  request: blankRequest(),
  collaterals: [],
  insurance: blankInsurance(),
});

const Section = ({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) => (
  <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid={testId}>
    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const sectionsWithErrors = (errors: FieldErrors<Values>): string[] =>
  [
    hasErrorsUnder(errors.loanProductId) || hasErrorsUnder(errors.dealerId) || hasErrorsUnder(errors.direct)
      ? 'Channel and Product'
      : null,
    hasErrorsUnder(errors.applicants) ? 'Applicants' : null,
    hasErrorsUnder(errors.request) ? 'Request' : null,
    hasErrorsUnder(errors.collaterals) || hasErrorsUnder(errors.insurance) ? 'Collateral' : null,
  ].filter((s): s is string => s !== null);

/**
 * New Application (/application): a loan product of any control type, direct or indirect (indirect names a
 * dealer), the applicants, the request and, for secured products, the collateral. Saving creates it in one call,
 * shows 'Application Submitted' and opens its Application worksheet.
 */
export const NewApplicationPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: products, isPending: productsPending, isError: productsFailed } = useLoanProducts();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const mayPull = hasRight(useCurrentUser().data, 'canPullAndRepullCredit');
  const [pullCredit, setPullCredit] = useState(false);
  const productOf = useMemo(
    () => (id: number | '') => (id === '' ? undefined : products?.find((p) => p.id === id)),
    [products],
  );
  const resolver = useMemo(
    () =>
      contractResolver<Values, Payload>(
        createApplicationSchema,
        (v) => convert(v, productOf(v.loanProductId)),
        (v) => extraRules(v, productOf(v.loanProductId)),
      ),
    [productOf],
  );
  // Errors show once Save is pressed, then follow every change (a new row is not marked before that).
  const form = useForm<Values>({
    defaultValues: initialValues(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, setValue, getValues, formState } = form;
  const { allowNextNavigation } = useUnsavedChangesPrompt(formState.isDirty);
  const [productId, direct, transactionType, residual] = useWatch({
    control,
    name: ['loanProductId', 'direct', 'transactionType', 'request.residualAmount'],
  });
  const product = productOf(productId);
  const dealers = useEnabledDealers(!!product && (!direct || transactionType === 'DEALER'));
  const vehicleDirect = !!product && direct && vehicleControlTypes.includes(product.controlType);
  const balloon = hasPersonalBalloon(product?.controlType, { residualAmount: residual });

  const productOptions: Option[] = useMemo(
    () =>
      [...(products ?? [])]
        .sort(
          (a, b) =>
            controlTypes.indexOf(a.controlType) - controlTypes.indexOf(b.controlType) || a.name.localeCompare(b.name),
        )
        .map((p) => ({
          value: p.id,
          label: `${p.name} (${controlTypeLabels[p.controlType]}${p.isBusinessLoan ? ', Business' : ''})`,
        })),
    [products],
  );
  const dealerOptions: Option[] = (dealers.data ?? []).map((d) => ({ value: d.id, label: d.name }));

  /** A new product: a channel it allows, a business primary for a business loan, collateral of its kind. */
  const onProductPicked = (id: string | number) => {
    const next = productOf(id === '' ? '' : Number(id));
    if (!next) return;
    const current = getValues();
    if (current.direct ? !next.directAllowed : !next.indirectAllowed) {
      setValue('direct', next.directAllowed, { shouldDirty: true });
    }
    current.applicants.forEach((a, i) => {
      const business = next.isBusinessLoan && a.applicantRole === 'PRIMARY';
      if (a.isBusiness !== business) setValue(`applicants.${i}.isBusiness`, business, { shouldDirty: true });
    });
    const families = familiesByControlType[next.controlType];
    const fits = current.collaterals.length > 0 && current.collaterals.every((c) => families.includes(c.family));
    if (hasCollateral(next) && !fits) {
      setValue('collaterals', [blankCollateral(defaultCollateralType[next.controlType])], { shouldDirty: true });
    }
    if (!vehicleControlTypes.includes(next.controlType)) setValue('transactionType', '', { shouldDirty: true });
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFormErrors([]);
      const problems = applicantsPreSaveCheck(
        values.applicants,
        productOf(values.loanProductId)?.isBusinessLoan ?? false,
      );
      if (problems.length > 0) {
        problems.forEach((p) => toasts.error(p.title, p.message));
        return;
      }
      const { payload, rows } = convert(values, productOf(values.loanProductId));
      try {
        const { id, creditPull } = await createApplication({ ...payload, pullCredit: mayPull && pullCredit });
        toasts.success(messages.applications.submittedTitle, messages.applications.submitted(id));
        // Asked for with the save: the pull's outcome is told, and a pulled application opens on its credit.
        if (creditPull?.error) toasts.warning(messages.credit.pullTitle, creditPull.error);
        for (const r of creditPull?.result?.reports ?? []) {
          if (r.noRecordFound)
            toasts.warning(
              messages.credit.pullTitle,
              messages.credit.noReportReason(r.applicantName, id, r.noReportReason ?? ''),
            );
        }
        void queryClient.invalidateQueries({ queryKey: applicationKeys.application(id) });
        allowNextNavigation();
        void navigate(creditPull?.result ? `/credit/${id}` : `/application/${id}`);
      } catch (error) {
        if (isApiError(error) && error.status === 422) setFormErrors(applyServerErrors(form, error, { rows }));
        else showApiErrorToast(error);
      }
    },
    () => setFormErrors([]),
  );

  const errorSections = sectionsWithErrors(formState.errors);

  if (productsFailed) return <Alert severity="error">{messages.applications.retrieveFailed('loan products')}</Alert>;

  return (
    <FormProvider {...form}>
      <PageTitle>New Application</PageTitle>
      <Box
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, pb: 10 }}
        data-testid="new-application-form"
      >
        <Section title="Channel and Product" testId="channel-section">
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0,2fr) minmax(0,1fr) minmax(0,2fr)' },
              alignItems: 'start',
            }}
          >
            <SelectInput
              name="loanProductId"
              label="Loan Product"
              options={productOptions}
              required
              numeric
              disabled={productsPending}
              onUserChange={onProductPicked}
            />
            <Controller
              control={control}
              name="direct"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="channel-label" sx={{ fontSize: 12 }}>
                    Channel
                  </FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="channel-label"
                    value={field.value ? 'direct' : 'indirect'}
                    onChange={(event) => field.onChange(event.target.value === 'direct')}
                  >
                    <FormControlLabel
                      value="direct"
                      control={<Radio size="small" />}
                      label="Direct"
                      disabled={!!product && !product.directAllowed}
                    />
                    <FormControlLabel
                      value="indirect"
                      control={<Radio size="small" />}
                      label="Indirect"
                      disabled={!!product && !product.indirectAllowed}
                    />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              {vehicleDirect ? (
                <SelectInput
                  name="transactionType"
                  label="Transaction Type"
                  options={createTransactionTypes.map((t) => ({ value: t, label: transactionTypeLabels[t] }))}
                  emptyLabel="None"
                />
              ) : null}
              {product && (!direct || transactionType === 'DEALER') ? (
                <SelectInput
                  name="dealerId"
                  label="Dealer"
                  options={dealerOptions}
                  required
                  numeric
                  disabled={dealers.isPending}
                />
              ) : null}
            </Box>
          </Box>
        </Section>

        <Section title={product?.isBusinessLoan ? 'Application' : 'Applicants'} testId="applicants-section">
          <ApplicantsEditor isBusinessLoan={product?.isBusinessLoan ?? false} />
        </Section>

        <Section title="Request" testId="request-section">
          {product ? (
            <>
              {balloon ? (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {PERSONAL_BALLOON_WARNING}
                </Alert>
              ) : null}
              <RequestFields base="request" controlType={product.controlType} creating />
            </>
          ) : (
            <Typography color="text.secondary">Choose a loan product first.</Typography>
          )}
        </Section>

        {hasCollateral(product) && product ? (
          <Section title="Collateral" testId="collateral-section">
            <CollateralsEditor controlType={product.controlType} requiresVin={product.requiresVin} />
            {product.gathersInsurance ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                  Insurance (optional now; required before funding)
                </Typography>
                <InsuranceFields required={false} />
              </Box>
            ) : null}
          </Section>
        ) : null}

        <Paper
          variant="outlined"
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            p: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            boxShadow: '0 -4px 12px rgba(0,0,0,0.06)',
          }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {formErrors.length > 0 ? (
              <Alert severity="error" sx={{ py: 0 }}>
                {formErrors.join(' ')}
              </Alert>
            ) : errorSections.length > 0 && formState.submitCount > 0 ? (
              <Alert severity="error" sx={{ py: 0 }} data-testid="form-error-summary">
                {errorSummaryText(errorSections)}
              </Alert>
            ) : null}
          </Box>
          {mayPull ? (
            <FormControlLabel
              control={<Checkbox checked={pullCredit} onChange={(_e, checked) => setPullCredit(checked)} />}
              label="Pull credit when saved"
            />
          ) : null}
          <Button onClick={() => void navigate('/home')} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || balloon}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </Paper>
      </Box>
    </FormProvider>
  );
};
