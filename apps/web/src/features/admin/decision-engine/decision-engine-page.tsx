import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  autoApprovalWorkflowsResource,
  creditScoreModels,
  creditTierSetsResource,
  decisionEngineConfigSchema,
  decisionEngineEndpoints,
  decisionRetractionRuleSetsResource,
  messages,
  scoreSelectionLabels,
  scoreSelections,
  type DecisionEngineConfig,
  type DecisionEngineSettings,
  type Page,
  type RowOf,
} from '@credence/contracts';
import { CheckboxInput, SelectInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { applyServerErrors, isFieldValidationError } from '../../../components/form/server-errors.ts';
import { noRows } from '../../../components/form/values.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLoanProducts } from '../../../lib/loan-products.ts';
import { callVerb } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import { versionText } from '../kit/policy-version.ts';
import { DealerRatesTable, dealerRateInput, dealerRateValues, type DealerRateValues } from './dealer-rates.tsx';
import { DisclosureTermsTable, disclosureTermsValues } from './disclosure-terms.tsx';
import type { Product } from './product-table.tsx';
import { userGroupsLookupQuery } from '../user-groups/lookup.ts';

/** Form values: a select holds '' for none. */
type Values = Omit<
  DecisionEngineConfig,
  'defaultCreditTierSetId' | 'scoreModel' | 'decisionRetractionRuleSetId' | 'manualReviewUserGroupId' | 'dealerRates'
> & {
  dealerRates: DealerRateValues[];
  defaultCreditTierSetId: number | '';
  scoreModel: string;
  decisionRetractionRuleSetId: number | '';
  manualReviewUserGroupId: number | '';
};

const toValues = (s: DecisionEngineConfig, products: readonly Product[]): Values => ({
  autoDecisionEnabled: s.autoDecisionEnabled,
  approveAction: s.approveAction,
  declineAction: s.declineAction,
  defaultCreditTierSetId: s.defaultCreditTierSetId ?? '',
  scoreModel: s.scoreModel ?? '',
  scoreSelection: s.scoreSelection,
  rerunOnApplicationChange: s.rerunOnApplicationChange,
  decisionRetractionRuleSetId: s.decisionRetractionRuleSetId ?? '',
  manualReviewUserGroupId: s.manualReviewUserGroupId ?? '',
  dealerRates: dealerRateValues(s, products),
  disclosureTerms: disclosureTermsValues(s),
});
const toInput = (v: Values): DecisionEngineConfig => ({
  autoDecisionEnabled: v.autoDecisionEnabled,
  approveAction: v.approveAction,
  declineAction: v.declineAction,
  defaultCreditTierSetId: v.defaultCreditTierSetId === '' ? null : v.defaultCreditTierSetId,
  scoreModel: v.scoreModel === '' ? null : (v.scoreModel as DecisionEngineConfig['scoreModel']),
  scoreSelection: v.scoreSelection,
  rerunOnApplicationChange: v.rerunOnApplicationChange,
  decisionRetractionRuleSetId: v.decisionRetractionRuleSetId === '' ? null : v.decisionRetractionRuleSetId,
  manualReviewUserGroupId: v.manualReviewUserGroupId === '' ? null : v.manualReviewUserGroupId,
  dealerRates: dealerRateInput(v.dealerRates),
  disclosureTerms: disclosureTermsValues(v),
});
const resolver = contractResolver<Values, DecisionEngineConfig>(decisionEngineConfigSchema, (v) => noRows(toInput(v)));

const configKey = ['decisionEngine', 'config'] as const;
const allOf = <R,>(resource: Parameters<typeof callVerb>[0], filter: Record<string, string> = {}) =>
  callVerb<Page<R>>(resource, 'list', { query: { page: 1, pageSize: 100, sort: 'name', order: 'asc', ...filter } });

const actionOptions = (outcome: string) => [
  { value: 'Apply', label: `${outcome} the application automatically` },
  { value: 'Suggest', label: `Suggest ${outcome.toLowerCase()} to the officer only` },
];

/**
 * Administration › Decision Engine (spec 2 §7 decision engine config get and save; issue 12): the lender's
 * settings — whether the auto-approval workflow decides on its own, what an Approve or Decline outcome does, how
 * applications are tiered, re-runs on change, the retraction rule set and the manual review queue, the dealer buy
 * rate and the Truth in Lending terms by product — and the auto-approval workflows, each opening its editor
 * (/admin/autoApprovalWorkflow/edit/{id}).
 */
export const DecisionEnginePage = () => {
  const settings = useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => callEndpoint(decisionEngineEndpoints.getConfig, {}, { signal }),
    meta: { silentError: true },
  });
  const products = useLoanProducts();
  return (
    <>
      <PageTitle>Decision Engine</PageTitle>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Settings
          </Typography>
          {settings.isPending || products.isPending ? (
            <CircularProgress size={24} />
          ) : settings.isError ? (
            <Alert severity="error">{adminMessages.decisionEngine.loadFailed}</Alert>
          ) : (
            <SettingsForm settings={settings.data} products={products.data ?? []} />
          )}
        </Paper>
        <AutoApprovalWorkflows />
      </Box>
    </>
  );
};

const SettingsForm = ({ settings, products }: { settings: DecisionEngineSettings; products: readonly Product[] }) => {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: toValues(settings, products), resolver, mode: 'onChange' });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(settings);
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty);

  const tierSets = useQuery({
    queryKey: ['resource', creditTierSetsResource.name, 'all'],
    queryFn: () => allOf<RowOf<typeof creditTierSetsResource>>(creditTierSetsResource),
  });
  const ruleSets = useQuery({
    queryKey: ['resource', decisionRetractionRuleSetsResource.name, 'enabled'],
    queryFn: () =>
      allOf<RowOf<typeof decisionRetractionRuleSetsResource>>(decisionRetractionRuleSetsResource, { enabled: 'true' }),
  });
  const groups = useQuery(userGroupsLookupQuery);

  const onSave = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const answer = await callEndpoint(decisionEngineEndpoints.saveConfig, { body: toInput(values) });
      queryClient.setQueryData(configKey, answer);
      setSaved(answer);
      form.reset(toValues(answer, products));
      toasts.success('Success', adminMessages.decisionEngine.saved);
    } catch (error) {
      if (isSessionError(error)) return;
      if (isFieldValidationError(error)) setFormErrors(applyServerErrors(form, error));
      else toasts.error(messages.errors.title, adminMessages.decisionEngine.saveFailed);
    }
  });

  const tierSetOptions = (tierSets.data?.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} (${s.config.scoreModels.join(', ')})`,
  }));
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label="Decision engine settings"
        onSubmit={(event) => void onSave(event)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {formErrors.length > 0 ? (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {formErrors.join(' ')}
          </Alert>
        ) : null}
        <Section title="Automatic decisions">
          <CheckboxInput name="autoDecisionEnabled" label="Run the auto-approval workflow automatically" />
          <CheckboxInput name="rerunOnApplicationChange" label="Run it again when a retracting field changes" />
        </Section>
        <SelectInput name="approveAction" label="An Approve outcome" options={actionOptions('Approve')} />
        <SelectInput name="declineAction" label="A Decline outcome" options={actionOptions('Decline')} />
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
          A ManualReview outcome always goes to the manual review queue.
        </Typography>
        <Section title="Credit tiers" />
        <SelectInput
          name="defaultCreditTierSetId"
          label="Default credit tier set"
          numeric
          emptyLabel="None"
          options={tierSetOptions}
          helperText="Tiers an application when its product’s workflow names no tier set."
        />
        <SelectInput
          name="scoreModel"
          label="Score model used for tiering"
          emptyLabel="The tier set’s own"
          options={creditScoreModels.map((m) => ({ value: m, label: m }))}
        />
        <SelectInput
          name="scoreSelection"
          label="Score that counts with several applicants"
          options={scoreSelections.map((s) => ({ value: s, label: scoreSelectionLabels[s] }))}
        />
        <Box />
        <Section title="Retraction and review" />
        <SelectInput
          name="decisionRetractionRuleSetId"
          label="Decision retraction rule set"
          numeric
          emptyLabel="None"
          options={(ruleSets.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <SelectInput
          name="manualReviewUserGroupId"
          label="Manual review queue"
          numeric
          emptyLabel="The assigned officer"
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
        <DealerRatesTable products={products} />
        <DisclosureTermsTable products={products} />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} data-testid="decision-engine-saved">
            {saved.version === null
              ? 'Not saved yet: the defaults apply.'
              : `Version ${saved.version}, saved ${formatDateTime(saved.updatedAt)}${saved.updatedBy ? ` by ${saved.updatedBy}` : ''}`}
          </Typography>
          <Button
            type="button"
            disabled={!isDirty || isSubmitting}
            onClick={() => form.reset(toValues(saved, products))}
          >
            Discard Changes
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
    </FormProvider>
  );
};

const Section = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Box sx={{ gridColumn: '1 / -1' }}>
    <Typography variant="subtitle2" color="text.secondary">
      {title}
    </Typography>
    {children ? <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>{children}</Box> : null}
  </Box>
);

/** The auto-approval workflows, each linking to its editor. */
const AutoApprovalWorkflows = () => {
  const workflows = useQuery({
    queryKey: ['resource', autoApprovalWorkflowsResource.name, 'all'],
    queryFn: () => allOf<RowOf<typeof autoApprovalWorkflowsResource>>(autoApprovalWorkflowsResource),
  });
  const rows = workflows.data?.data ?? [];
  const { data: products = [] } = useLoanProducts();
  const productNames = (ids: readonly number[]) =>
    ids.map((id) => products.find((p) => p.id === id)?.name ?? `#${id}`).join(', ') || '—';
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Auto-Approval Workflows
      </Typography>
      {workflows.isPending ? (
        <CircularProgress size={24} />
      ) : workflows.isError ? (
        <Alert severity="error">{messages.errors.backend}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No auto-approval workflow yet.</Typography>
      ) : (
        <Table size="small" aria-label="Auto-approval workflows">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Products</TableCell>
              <TableCell>Version</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((w) => (
              <TableRow key={w.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/admin/autoApprovalWorkflow/edit/${w.id}`}>
                    {w.name}
                  </Link>
                </TableCell>
                <TableCell>{productNames(w.loanProductIds)}</TableCell>
                <TableCell>{versionText(w)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={w.enabled ? 'Enabled' : 'Disabled'}
                    color={w.enabled ? 'success' : 'default'}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
};
