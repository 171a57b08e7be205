import { useState } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import {
  applicantRoleLabels,
  applicantRoles,
  businessEntityTypes,
  communityPropertyStates,
  companyRoles,
  employmentStatuses,
  govtIdTypeLabels,
  govtIdTypes,
  maritalStatusLabels,
  maritalStatuses,
  messages,
  paymentFrequencyLabels,
  phoneTypes,
  usStates,
  type ApplicantRole,
} from '@credence/contracts';
import { paymentFrequencyNames } from '@credence/domain';
import { hasErrorsUnder } from '../../../components/form/resolver.ts';
import {
  applicantDisplayName,
  blankAddress,
  blankApplicant,
  blankAsset,
  blankEmail,
  blankEmployment,
  blankFinance,
  blankGovtId,
  blankPhone,
  type ApplicantValues,
} from './applicant-model.ts';
import {
  CheckboxInput,
  DateInput,
  enumOptions,
  MoneyInput,
  PhoneInput,
  SelectInput,
  TextInput,
  type Option,
} from '../../../components/form/fields.tsx';
import { FieldGrid, FormRow, FormSection } from '../../../components/form/layout.tsx';

const stateOptions: Option[] = usStates.map((s) => ({ value: s, label: s }));
const roleOptions: Option[] = applicantRoles.map((r) => ({ value: r, label: applicantRoleLabels[r] }));
const maritalOptions: Option[] = maritalStatuses.map((m) => ({ value: m, label: maritalStatusLabels[m] }));
const frequencyOptions: Option[] = paymentFrequencyNames.map((f) => ({ value: f, label: paymentFrequencyLabels[f] }));
const phoneTypeOptions: Option[] = phoneTypes.map((p) => ({ value: p.id, label: p.name }));
const govtIdOptions: Option[] = govtIdTypes.map((g) => ({ value: g, label: govtIdTypeLabels[g] }));

type ListProps = { base: string };

/** A list inside an applicant (addresses, phones, …): rows with remove buttons and an add button. */
const useList = (name: string) => {
  const { control } = useFormContext();
  return useFieldArray<FieldValues, string, 'key'>({ control, name, keyName: 'key' });
};

const Addresses = ({ base }: ListProps) => {
  const list = useList(`${base}.addresses`);
  return (
    <FormSection
      title="Addresses"
      onAdd={() => list.append(blankAddress())}
      addLabel="Add Address"
      empty={list.fields.length === 0 ? 'No addresses.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove address ${j + 1}`}>
          <FieldGrid min={120}>
            <Box sx={{ gridColumn: 'span 2' }}>
              <TextInput name={`${base}.addresses.${j}.addressLine1`} label={j === 0 ? 'Current Address' : 'Address'} />
            </Box>
            <TextInput name={`${base}.addresses.${j}.addressLine2`} label="Address Line 2" />
            <TextInput name={`${base}.addresses.${j}.city`} label="City" />
            <SelectInput name={`${base}.addresses.${j}.state`} label="State" options={stateOptions} />
            <TextInput name={`${base}.addresses.${j}.zip`} label="ZIP" inputMode="numeric" maxLength={10} />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

const Phones = ({ base }: ListProps) => {
  const list = useList(`${base}.phoneNumbers`);
  return (
    <FormSection
      title="Phone Numbers"
      onAdd={() => list.append(blankPhone())}
      addLabel="Add Phone"
      empty={list.fields.length === 0 ? 'No phone numbers.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove phone ${j + 1}`}>
          <FieldGrid min={160}>
            <PhoneInput name={`${base}.phoneNumbers.${j}.number`} label="Phone Number" />
            <SelectInput
              name={`${base}.phoneNumbers.${j}.phoneType`}
              label="Phone Type"
              options={phoneTypeOptions}
              numeric
            />
            <CheckboxInput name={`${base}.phoneNumbers.${j}.preferredContact`} label="Preferred Contact" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

const Emails = ({ base }: ListProps) => {
  const list = useList(`${base}.emails`);
  return (
    <FormSection
      title="Emails"
      onAdd={() => list.append(blankEmail())}
      addLabel="Add Email"
      empty={list.fields.length === 0 ? 'No e-mail addresses.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove email ${j + 1}`}>
          <FieldGrid min={200}>
            <TextInput name={`${base}.emails.${j}.email`} label="Email" inputMode="email" maxLength={254} />
            <CheckboxInput name={`${base}.emails.${j}.preferredContact`} label="Preferred Contact" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

const Employments = ({ base }: ListProps) => {
  const list = useList(`${base}.employments`);
  return (
    <FormSection
      title="Employment"
      onAdd={() => list.append(blankEmployment())}
      addLabel="Add Employment"
      empty={list.fields.length === 0 ? 'No employment.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove employment ${j + 1}`}>
          <FieldGrid min={150}>
            <SelectInput
              name={`${base}.employments.${j}.status`}
              label="Status"
              options={enumOptions(employmentStatuses)}
            />
            <TextInput name={`${base}.employments.${j}.employer`} label="Employer" maxLength={100} />
            <TextInput name={`${base}.employments.${j}.occupation`} label="Occupation" maxLength={100} />
            <TextInput name={`${base}.employments.${j}.yearsEmployed`} label="Years" inputMode="numeric" />
            <TextInput name={`${base}.employments.${j}.monthsEmployed`} label="Months" inputMode="numeric" />
            <MoneyInput name={`${base}.employments.${j}.salary`} label="Salary" />
            <SelectInput
              name={`${base}.employments.${j}.payPeriod`}
              label="Pay Period"
              options={frequencyOptions}
              emptyLabel="None"
            />
            <CheckboxInput name={`${base}.employments.${j}.isCurrent`} label="Current" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

const GovtIds = ({ base }: ListProps) => {
  const list = useList(`${base}.govtIssuedIds`);
  return (
    <FormSection
      title="Government IDs"
      onAdd={() => list.append(blankGovtId())}
      addLabel="Add ID"
      empty={list.fields.length === 0 ? 'No identification.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove ID ${j + 1}`}>
          <FieldGrid min={150}>
            <SelectInput name={`${base}.govtIssuedIds.${j}.govtIdType`} label="ID Type" options={govtIdOptions} />
            <TextInput
              name={`${base}.govtIssuedIds.${j}.number`}
              label="Number"
              maxLength={40}
              helperText="Shown masked once saved; type the full number to change it."
            />
            <SelectInput
              name={`${base}.govtIssuedIds.${j}.state`}
              label="State"
              options={stateOptions}
              emptyLabel="None"
            />
            <TextInput name={`${base}.govtIssuedIds.${j}.country`} label="Country" maxLength={60} />
            <DateInput name={`${base}.govtIssuedIds.${j}.expirationDate`} label="Expiration Date" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

const financeKindOptions: Option[] = [
  { value: 'income', label: 'Income' },
  { value: 'debt', label: 'Debt' },
];

const Finances = ({ base }: ListProps) => {
  const list = useList(`${base}.finances`);
  const { setValue } = useFormContext();
  const values = useWatch({ name: `${base}.finances` }) as ApplicantValues['finances'] | undefined;
  return (
    <FormSection
      title="Other Income / Debt"
      onAdd={() => list.append(blankFinance(true))}
      addLabel="Add Income or Debt"
      empty={list.fields.length === 0 ? 'No other income or debt.' : undefined}
    >
      {list.fields.map((field, j) => {
        const isIncome = values?.[j]?.isIncome ?? true;
        return (
          <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove income or debt ${j + 1}`}>
            <FieldGrid min={150}>
              <Box>
                {/* Income or debt: one choice, kept in isIncome. */}
                <SelectKind
                  value={isIncome ? 'income' : 'debt'}
                  onChange={(kind) =>
                    setValue(`${base}.finances.${j}.isIncome`, kind === 'income', { shouldDirty: true })
                  }
                />
              </Box>
              <TextInput name={`${base}.finances.${j}.type`} label="Type" maxLength={50} />
              <TextInput name={`${base}.finances.${j}.description`} label="Description" maxLength={100} />
              <MoneyInput name={`${base}.finances.${j}.amount`} label="Amount / Month" />
              {isIncome ? null : <MoneyInput name={`${base}.finances.${j}.balance`} label="Balance" />}
              {isIncome ? null : <CheckboxInput name={`${base}.finances.${j}.isSecured`} label="Secured" />}
            </FieldGrid>
          </FormRow>
        );
      })}
    </FormSection>
  );
};

const SelectKind = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => (
  <TextField select label="Income or Debt" value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
    {financeKindOptions.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);

const Assets = ({ base }: ListProps) => {
  const list = useList(`${base}.assets`);
  return (
    <FormSection
      title="Assets"
      onAdd={() => list.append(blankAsset())}
      addLabel="Add Asset"
      empty={list.fields.length === 0 ? 'No assets.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove asset ${j + 1}`}>
          <FieldGrid min={150}>
            <TextInput name={`${base}.assets.${j}.type`} label="Type" maxLength={50} />
            <TextInput name={`${base}.assets.${j}.description`} label="Description" maxLength={100} />
            <MoneyInput name={`${base}.assets.${j}.amount`} label="Amount" />
            <MoneyInput name={`${base}.assets.${j}.loanBalance`} label="Loan Balance" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

/** The fields of one applicant: a person, or the business that is the primary applicant of a business loan. */
export const ApplicantFields = ({
  base,
  isBusinessLoan,
}: {
  /** 'applicants.0' */
  base: string;
  isBusinessLoan: boolean;
}) => {
  const applicant = useWatch({ name: base }) as ApplicantValues | undefined;
  const { getFieldState, formState } = useFormContext();
  const businessError = getFieldState(`${base}.isBusiness`, formState).error?.message;
  if (!applicant) return null;
  const isBusiness = applicant.isBusiness;
  const isPrimary = applicant.applicantRole === 'PRIMARY';
  return (
    <Box>
      {businessError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {businessError}
        </Alert>
      ) : null}
      <FormSection title={isBusiness ? 'Business Information' : 'Personal Information'}>
        <FieldGrid>
          <SelectInput
            name={`${base}.applicantRole`}
            label="Role"
            options={roleOptions.filter((o) => !(isBusiness && o.value !== 'PRIMARY'))}
            required
          />
          {isBusiness ? (
            <>
              <Box sx={{ gridColumn: 'span 2' }}>
                <TextInput name={`${base}.companyName`} label="Company Name" required maxLength={100} />
              </Box>
              <TextInput name={`${base}.memberNumber`} label="Member Number" maxLength={50} />
              <TextInput name={`${base}.companyAccountNumber`} label="Company Account Number" maxLength={50} />
              <TextInput
                name={`${base}.employerIdentificationNumber`}
                label="EIN"
                placeholder="12-3456789"
                maxLength={10}
              />
              <TextInput name={`${base}.companyNaicsSic`} label="NAICS/SIC" maxLength={10} />
              <SelectInput
                name={`${base}.businessEntityType`}
                label="Entity Type"
                options={enumOptions(businessEntityTypes, {
                  LLC: 'LLC',
                  S_CORPORATION: 'S Corporation',
                  C_CORPORATION: 'C Corporation',
                })}
                emptyLabel="None"
              />
              <DateInput name={`${base}.companyEstablishedDate`} label="Established Date" />
              <SelectInput
                name={`${base}.companyState`}
                label="State Organized"
                options={stateOptions}
                emptyLabel="None"
              />
              <PhoneInput name={`${base}.companyPhoneNumber`} label="Company Phone" />
              <MoneyInput name={`${base}.companyGrossIncome`} label="Gross Income" />
              <SelectInput
                name={`${base}.companyGrossIncomeFrequency`}
                label="Income Frequency"
                options={frequencyOptions}
                emptyLabel="None"
              />
              <MoneyInput name={`${base}.companyDebt`} label="Monthly Debt" />
            </>
          ) : (
            <>
              <TextInput name={`${base}.firstName`} label="First Name" required maxLength={50} />
              <TextInput name={`${base}.lastName`} label="Last Name" required maxLength={50} />
              <TextInput name={`${base}.memberNumber`} label="Member Number" maxLength={50} />
              <TextInput
                name={`${base}.socialSecurityNumber`}
                label="SSN"
                placeholder="123-45-6789"
                maxLength={11}
                helperText={
                  applicant.socialSecurityNumber.startsWith('*') ? 'Type the full number to change it.' : undefined
                }
              />
              <DateInput name={`${base}.dob`} label="Date of Birth" />
              <SelectInput
                name={`${base}.maritalStatus`}
                label="Marital Status"
                options={maritalOptions}
                emptyLabel="None"
              />
              {isBusinessLoan && !isPrimary ? (
                <>
                  <SelectInput
                    name={`${base}.companyRole`}
                    label="Company Role"
                    options={enumOptions(companyRoles)}
                    emptyLabel="None"
                  />
                  <TextInput
                    name={`${base}.ownershipPercentage`}
                    label="Ownership %"
                    inputMode="decimal"
                    placeholder="50.25"
                  />
                </>
              ) : null}
            </>
          )}
        </FieldGrid>
      </FormSection>
      <Addresses base={base} />
      <Phones base={base} />
      <Emails base={base} />
      {isBusiness ? null : (
        <>
          <Employments base={base} />
          <GovtIds base={base} />
        </>
      )}
      <Finances base={base} />
      <Assets base={base} />
    </Box>
  );
};

/**
 * The applicants of an application as tabs (primary first), with Add Applicant and Remove. For a business loan
 * the primary applicant is the business.
 */
export const ApplicantsEditor = ({ isBusinessLoan, formError }: { isBusinessLoan: boolean; formError?: string[] }) => {
  const { control } = useFormContext();
  const list = useFieldArray<FieldValues, string, 'key'>({ control, name: 'applicants', keyName: 'key' });
  const applicants = (useWatch({ name: 'applicants' }) as ApplicantValues[] | undefined) ?? [];
  const { errors, submitCount } = useFormState({ name: 'applicants' });
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(0, list.fields.length - 1));
  const applicantErrors = (errors as { applicants?: unknown[] | { root?: { message?: string }; message?: string } })
    .applicants;
  // Save pressed with the current applicant complete but another not: that applicant's tab shows (the form
  // frame then focuses its first invalid field). Only when Save is pressed, not as errors change while typing.
  const [seenSubmits, setSeenSubmits] = useState(submitCount);
  if (seenSubmits !== submitCount) {
    setSeenSubmits(submitCount);
    if (Array.isArray(applicantErrors) && !hasErrorsUnder(applicantErrors[current])) {
      const first = applicantErrors.findIndex((e) => hasErrorsUnder(e));
      if (first >= 0) setSelected(first);
    }
  }
  const listMessage =
    applicantErrors && !Array.isArray(applicantErrors)
      ? (applicantErrors.message ?? applicantErrors.root?.message)
      : undefined;

  const add = () => {
    const hasPrimary = applicants.some((a) => a.applicantRole === 'PRIMARY');
    list.append(blankApplicant(hasPrimary ? 'CO_APPLICANT' : 'PRIMARY', isBusinessLoan && !hasPrimary));
    setSelected(list.fields.length);
  };
  const remove = (index: number) => {
    list.remove(index);
    setSelected(Math.max(0, index - 1));
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, minHeight: 360, flexDirection: { xs: 'column', md: 'row' } }}>
      <Box
        sx={{
          width: { md: 230 },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
          pr: { md: 1 },
        }}
      >
        <Tabs
          orientation="vertical"
          value={current}
          onChange={(_event, value: number) => setSelected(value)}
          aria-label="Applicants"
          variant="scrollable"
          sx={{ '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left', minHeight: 52, px: 1.5 } }}
        >
          {list.fields.map((field, i) => {
            const a = applicants[i];
            const hasError = hasErrorsUnder((applicantErrors as unknown[] | undefined)?.[i]);
            return (
              <Tab
                key={field.key}
                value={i}
                label={
                  <Box sx={{ width: '100%' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
                      {hasError ? (
                        <ErrorOutlineIcon color="error" sx={{ fontSize: 16 }} titleAccess="Has errors" />
                      ) : null}
                      {a ? applicantDisplayName(a) : ''}
                    </Box>
                    <Typography variant="caption" color="text.secondary">
                      {a?.applicantRole ? applicantRoleLabels[a.applicantRole as ApplicantRole] : 'No role'}
                      {a?.isBusiness ? ' · Business' : ''}
                    </Typography>
                  </Box>
                }
              />
            );
          })}
        </Tabs>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1.5 }}>
          <Button
            startIcon={<PersonAddAlt1Icon />}
            onClick={add}
            variant="outlined"
            size="small"
            disabled={list.fields.length >= 10}
          >
            Add Applicant
          </Button>
          {list.fields.length > 1 ? (
            <Button color="error" size="small" onClick={() => remove(current)}>
              Remove {applicants[current] ? applicantDisplayName(applicants[current]) : 'Applicant'}
            </Button>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {listMessage || formError?.length ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {[listMessage, ...(formError ?? [])].filter(Boolean).map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        ) : null}
        {list.fields[current] ? (
          <ApplicantFields
            key={list.fields[current].key}
            base={`applicants.${current}`}
            isBusinessLoan={isBusinessLoan}
          />
        ) : (
          <Typography color="text.secondary">Add the primary applicant.</Typography>
        )}
        {isBusinessLoan ? (
          <Chip size="small" label="Business loan: the primary applicant is the business" sx={{ mt: 1 }} />
        ) : null}
      </Box>
    </Box>
  );
};

export type PreSaveProblem = { title: string; message: string };

/**
 * Spec 3 §5 pre-save check of the applicants editor: married status against a spouse relationship and the
 * non-applicant spouse's state; one error toast per failure, and saving is blocked. The server checks the
 * same rules.
 */
export const applicantsPreSaveCheck = (list: readonly ApplicantValues[], isBusinessLoan: boolean): PreSaveProblem[] => {
  const problems: PreSaveProblem[] = [];
  const primaries = list.filter((a) => a.applicantRole === 'PRIMARY');
  if (primaries.length !== 1)
    problems.push({ title: 'Primary Applicant', message: messages.applications.exactlyOnePrimary });
  if (isBusinessLoan && primaries.some((a) => !a.isBusiness)) {
    problems.push({ title: 'Business Applicant', message: messages.applications.businessPrimaryRequired });
  }
  if (list.some((a) => a.isBusiness && (!isBusinessLoan || a.applicantRole !== 'PRIMARY'))) {
    problems.push({ title: 'Business Applicant', message: messages.applications.businessNotAllowed });
  }
  const spouses = list.filter((a) => a.applicantRole === 'NON_APPLICANT_SPOUSE');
  if (spouses.length > 1)
    problems.push({ title: 'Non-Applicant Spouse', message: messages.applications.oneSpouseOnly });
  const spouse = spouses[0];
  if (spouse) {
    const married = list.filter((a) => a.applicantRole !== 'NON_APPLICANT_SPOUSE' && a.maritalStatus === 'MARRIED');
    if (married.length === 0) {
      problems.push({ title: 'Marital Status', message: messages.applications.spouseNeedsMarriedApplicant });
    } else if (
      !married.some((a) => (communityPropertyStates as readonly string[]).includes(a.addresses[0]?.state ?? ''))
    ) {
      problems.push({
        title: 'Non-Applicant Spouse',
        message: messages.applications.spouseOnlyInCommunityPropertyState,
      });
    }
    if (spouse.maritalStatus !== '' && spouse.maritalStatus !== 'MARRIED') {
      problems.push({ title: 'Marital Status', message: messages.applications.spouseMustBeMarried });
    }
  }
  return problems;
};
