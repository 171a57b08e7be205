import { useFormState, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  creditBureaus,
  creditBureauSettingsEndpoints,
  creditBureauSettingsSchema,
  creditScoreModels,
  type CreditBureauSettings,
} from '@credence/contracts';
import { CheckboxInput, MultiSelectInput, SelectInput } from '../../../components/form/fields.tsx';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { SettingsPage } from '../kit/settings-page.tsx';

const modelOptions = creditScoreModels.map((m) => ({ value: m, label: m }));
const resolver = contractResolver<CreditBureauSettings, CreditBureauSettings>(creditBureauSettingsSchema, noRows);

/**
 * Administration › Credit Bureaus (issue 11, item 6): which bureaus the lender pulls from, the score models each
 * report is scored with and the default model, and the lender's credit switches; saved whole ('Saved' / 'Save
 * Failed'), audited.
 */
export const CreditBureausPage = () => (
  <SettingsPage
    title="Credit Bureaus"
    queryKey={['admin', 'creditBureaus']}
    load={() => callEndpoint(creditBureauSettingsEndpoints.get, {})}
    save={(body: CreditBureauSettings) => callEndpoint(creditBureauSettingsEndpoints.save, { body })}
    resolver={resolver}
    texts={adminMessages.creditBureaus}
  >
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      The bureaus staff may pull credit from, the score models each report is scored with, and the default model (the
      application's average score and the decision engine read it).
    </Typography>
    <BureausError />
    {creditBureaus.map((bureau, index) => (
      <BureauRow key={bureau} index={index} name={bureau} />
    ))}
    <Box sx={{ display: 'grid', gap: 0.5, mt: 1, mb: 2 }}>
      <CheckboxInput name="requireCommentOnAlerts" label="Require a review comment when a report has alerts" />
      <CheckboxInput name="internalCrossSellEnabled" label="Offer internal cross sell" />
    </Box>
  </SettingsPage>
);

/** A problem of the bureaus as a whole (each once, one enabled). */
const BureausError = () => {
  const { errors } = useFormState<CreditBureauSettings>();
  const message = errors.bureaus?.root?.message ?? errors.bureaus?.message;
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  ) : null;
};

const BureauRow = ({ index, name }: { index: number; name: string }) => {
  const chosen = (useWatch({ name: `bureaus.${index}.scoreModels` }) as string[] | undefined) ?? [];
  return (
    <Box
      data-testid="credit-bureau-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: '170px minmax(0, 2fr) minmax(0, 1fr)',
        gap: 2,
        alignItems: 'start',
        mb: 2,
      }}
    >
      <CheckboxInput name={`bureaus.${index}.enabled`} label={name} />
      <MultiSelectInput name={`bureaus.${index}.scoreModels`} label={`${name} score models`} options={modelOptions} />
      <SelectInput
        name={`bureaus.${index}.defaultScoreModel`}
        label={`${name} default model`}
        options={modelOptions.filter((o) => chosen.includes(o.value))}
      />
    </Box>
  );
};
