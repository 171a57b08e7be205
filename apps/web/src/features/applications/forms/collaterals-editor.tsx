import { useController, useFieldArray, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  collateralTypesByFamily,
  homeConstructionMethods,
  homeLoanPurposes,
  homeLoanTypes,
  landInterestTypes,
  occupancyTypes,
  qualifiedMortgageTypes,
  securedPropertyTypes,
  usStates,
  vinCollateralFamilies,
  type CollateralType,
  type ControlType,
} from '@credence/contracts';
import {
  blankCollateral,
  blankLien,
  defaultCollateralType,
  collateralTypeLabel,
  describeCollateral,
  familiesByControlType,
  familyOf,
  type CollateralValues,
} from './collateral-model.ts';
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
import { collateralFields } from './field-labels.ts';

const stateOptions: Option[] = usStates.map((s) => ({ value: s, label: s }));
const upper = (value: string) => value.toUpperCase();

const typeOptions = (controlType: ControlType): Option[] =>
  familiesByControlType[controlType].flatMap((family) =>
    collateralTypesByFamily[family].map((type) => ({ value: type, label: collateralTypeLabel(type) })),
  );

const Liens = ({ base }: { base: string }) => {
  const { control } = useFormContext();
  const list = useFieldArray<FieldValues, string, 'key'>({ control, name: `${base}.liens`, keyName: 'key' });
  return (
    <FormSection
      title="Liens"
      onAdd={() => list.append(blankLien())}
      addLabel="Add Lien"
      empty={list.fields.length === 0 ? 'No liens.' : undefined}
    >
      {list.fields.map((field, j) => (
        <FormRow key={field.key} onRemove={() => list.remove(j)} removeLabel={`Remove lien ${j + 1}`}>
          <FieldGrid min={170}>
            <TextInput
              name={`${base}.liens.${j}.lienholder`}
              label={collateralFields.lienholder.label}
              maxLength={100}
            />
            <TextInput
              name={`${base}.liens.${j}.accountNumber`}
              label={collateralFields.accountNumber.label}
              maxLength={50}
            />
            <MoneyInput name={`${base}.liens.${j}.payoffAmount`} label={collateralFields.payoffAmount.label} />
            <MoneyInput name={`${base}.liens.${j}.perDiem`} label={collateralFields.perDiem.label} />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

/** The vehicle-like forms: Auto (the default), Boat, Engine and Trailer. */
const VehicleFields = ({ base, c, requiresVin }: { base: string; c: CollateralValues; requiresVin: boolean }) => {
  const vin = vinCollateralFamilies.includes(c.family);
  const idLabel = vin ? 'VIN' : c.family === 'Boat' ? 'Hull ID' : 'Serial Number';
  return (
    <>
      <Box sx={{ gridColumn: 'span 2' }}>
        <TextInput
          name={`${base}.identificationNumber`}
          label={idLabel}
          required={vin && requiresVin}
          maxLength={vin ? 17 : 30}
          transform={upper}
          helperText={vin && requiresVin ? '17 characters, checked against its check digit.' : undefined}
        />
      </Box>
      <TextInput name={`${base}.year`} label={collateralFields.year.label} inputMode="numeric" maxLength={4} />
      <TextInput name={`${base}.make`} label={collateralFields.make.label} maxLength={50} />
      <TextInput name={`${base}.model`} label={collateralFields.model.label} maxLength={50} />
      {c.family === 'Auto' ? (
        <TextInput name={`${base}.style`} label={collateralFields.style.label} maxLength={100} />
      ) : null}
      {c.family === 'Auto' ? (
        <TextInput name={`${base}.color`} label={collateralFields.color.label} maxLength={30} />
      ) : null}
      {c.family === 'Auto' ? (
        <TextInput name={`${base}.mileage`} label={collateralFields.mileage.label} inputMode="numeric" />
      ) : null}
      {c.family === 'Boat' ? (
        <TextInput name={`${base}.length`} label={collateralFields.length.label} inputMode="numeric" />
      ) : null}
      {c.family === 'Boat' || c.family === 'Engine' ? (
        <TextInput name={`${base}.hours`} label={collateralFields.hours.label} inputMode="numeric" />
      ) : null}
      <MoneyInput name={`${base}.value`} label={collateralFields.value.label} />
      {c.family === 'Auto' ? <MoneyInput name={`${base}.msrp`} label={collateralFields.msrp.label} /> : null}
      {c.family === 'Trailer' ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          <CheckboxInput name={`${base}.isUsed`} label={collateralFields.isUsed.label} />
          <CheckboxInput name={`${base}.isSalvage`} label={collateralFields.isSalvage.label} />
        </Box>
      )}
    </>
  );
};

const DepositFields = ({ base, c }: { base: string; c: CollateralValues }) => (
  <>
    <TextInput name={`${base}.accountNumber`} label={collateralFields.accountNumber.label} maxLength={50} />
    <TextInput name={`${base}.accountOwner`} label={collateralFields.accountOwner.label} maxLength={100} />
    <TextInput name={`${base}.memberNumber`} label={collateralFields.memberNumber.label} maxLength={50} />
    <MoneyInput name={`${base}.value`} label={c.family === 'Cd' ? 'Certificate Balance' : 'Share Balance'} />
    <TextInput
      name={`${base}.currentRate`}
      label={collateralFields.currentRate.label}
      inputMode="decimal"
      placeholder="4.25"
    />
    <TextInput
      name={`${base}.holdPercentage`}
      label={collateralFields.holdPercentage.label}
      inputMode="decimal"
      placeholder="100"
    />
    {c.family === 'Cd' ? <DateInput name={`${base}.maturityDate`} label={collateralFields.maturityDate.label} /> : null}
  </>
);

/** The home equity (HEL) form. */
const HomeFields = ({ base }: { base: string }) => (
  <>
    <Box sx={{ gridColumn: 'span 2' }}>
      <TextInput name={`${base}.address.addressLine1`} label="Property Address" maxLength={100} />
    </Box>
    <TextInput name={`${base}.address.addressLine2`} label={collateralFields.addressLine2.label} maxLength={100} />
    <TextInput name={`${base}.address.city`} label={collateralFields.city.label} maxLength={50} />
    <SelectInput
      name={`${base}.address.state`}
      label={collateralFields.state.label}
      options={stateOptions}
      emptyLabel="None"
    />
    <TextInput name={`${base}.address.zip`} label={collateralFields.zip.label} inputMode="numeric" maxLength={10} />
    <TextInput name={`${base}.county`} label={collateralFields.county.label} maxLength={50} />
    <MoneyInput name={`${base}.value`} label="Home Value" />
    <TextInput
      name={`${base}.homeValueType`}
      label={collateralFields.homeValueType.label}
      maxLength={50}
      placeholder="Appraisal, AVM…"
    />
    <MoneyInput name={`${base}.maxLoanAmount`} label={collateralFields.maxLoanAmount.label} />
    <TextInput
      name={`${base}.lienPosition`}
      label={collateralFields.lienPosition.label}
      inputMode="numeric"
      maxLength={1}
    />
    <SelectInput
      name={`${base}.homeOccupancyStatus`}
      label="Occupancy"
      options={enumOptions(occupancyTypes)}
      emptyLabel="None"
    />
    <SelectInput
      name={`${base}.homeLoanType`}
      label="Home Loan Type"
      options={enumOptions(homeLoanTypes, { FHA: 'FHA', VA: 'VA', RHS_OR_FSA: 'RHS or FSA' })}
      emptyLabel="None"
    />
    <SelectInput
      name={`${base}.hmdaPurposeType`}
      label="Loan Purpose"
      options={enumOptions(homeLoanPurposes)}
      emptyLabel="None"
    />
    <SelectInput
      name={`${base}.constructionMethod`}
      label="Construction Method"
      options={enumOptions(homeConstructionMethods)}
      emptyLabel="None"
    />
    <TextInput name={`${base}.totalUnits`} label={collateralFields.totalUnits.label} inputMode="numeric" />
    <TextInput name={`${base}.censusTrack`} label={collateralFields.censusTrack.label} maxLength={20} />
    <SelectInput
      name={`${base}.securedPropertyType`}
      label="Secured Property Type"
      options={enumOptions(securedPropertyTypes)}
      emptyLabel="None"
    />
    <SelectInput
      name={`${base}.landPropertyInterest`}
      label="Land Property Interest"
      options={enumOptions(landInterestTypes)}
      emptyLabel="None"
    />
    <SelectInput
      name={`${base}.qualifiedMortgageType`}
      label="Qualified Mortgage Type"
      options={enumOptions(qualifiedMortgageTypes, { REBUTTAL_PRESUM: 'Rebuttable Presumption' })}
      emptyLabel="None"
    />
    <TextInput name={`${base}.floodZoneType`} label={collateralFields.floodZoneType.label} maxLength={20} />
    <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
      <CheckboxInput name={`${base}.isPrimaryAddress`} label={collateralFields.isPrimaryAddress.label} />
      <CheckboxInput
        name={`${base}.isFloodInsuranceRequired`}
        label={collateralFields.isFloodInsuranceRequired.label}
      />
    </Box>
  </>
);

/**
 * One collateral: its type decides the form (spec 3 §5): a Home type the HEL form, CD and share the deposit
 * form, the others the vehicle forms. Liens for everything but deposits.
 */
const CollateralCard = ({
  index,
  controlType,
  requiresVin,
  onRemove,
}: {
  index: number;
  controlType: ControlType;
  requiresVin: boolean;
  onRemove: () => void;
}) => {
  const base = `collaterals.${index}`;
  const c = useWatch({ name: base }) as CollateralValues | undefined;
  if (!c) return null;
  const options = typeOptions(controlType);
  if (c.type && !options.some((o) => o.value === c.type))
    options.push({ value: c.type, label: collateralTypeLabel(c.type) });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`collateral-${index}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {describeCollateral(c)}
        </Typography>
        <Tooltip title="Remove collateral">
          <IconButton aria-label={`Remove collateral ${index + 1}`} onClick={onRemove} size="small">
            <DeleteOutlineOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <FormSection title={c.family === 'Home' ? 'Property' : 'Description'}>
        <FieldGrid min={170}>
          <TypeSelect base={base} options={options} />
          {c.family === 'Home' ? (
            <HomeFields base={base} />
          ) : c.family === 'Cd' || c.family === 'Share' ? (
            <DepositFields base={base} c={c} />
          ) : (
            <VehicleFields base={base} c={c} requiresVin={requiresVin} />
          )}
        </FieldGrid>
      </FormSection>
      {c.family === 'Cd' || c.family === 'Share' ? null : <Liens base={base} />}
    </Paper>
  );
};

/** The type select: choosing a type also picks its form (family). */
const TypeSelect = ({ base, options }: { base: string; options: Option[] }) => {
  const { control, setValue } = useFormContext();
  const { field, fieldState } = useController({ name: `${base}.type`, control });
  const value = (field.value as string | undefined) ?? '';
  return (
    <TextField
      select
      required
      label="Collateral Type"
      name={field.name}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(event) => {
        const type = event.target.value as CollateralType;
        field.onChange(type);
        setValue(`${base}.family`, familyOf(type), { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The collaterals of an application as cards, with Add Collateral. */
export const CollateralsEditor = ({ controlType, requiresVin }: { controlType: ControlType; requiresVin: boolean }) => {
  const { control } = useFormContext();
  const list = useFieldArray<FieldValues, 'collaterals', 'key'>({ control, name: 'collaterals', keyName: 'key' });
  return (
    <Box>
      {list.fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1.5, fontStyle: 'italic' }}>
          No collateral.
        </Typography>
      ) : null}
      {list.fields.map((field, i) => (
        <CollateralCard
          key={field.key}
          index={i}
          controlType={controlType}
          requiresVin={requiresVin}
          onRemove={() => list.remove(i)}
        />
      ))}
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        size="small"
        onClick={() => list.append(blankCollateral(defaultCollateralType[controlType]))}
        disabled={list.fields.length >= 20}
      >
        Add Collateral
      </Button>
    </Box>
  );
};

/** Insurance on the collateral (when the loan product gathers it). */
export const InsuranceFields = ({ required }: { required: boolean }) => (
  <FieldGrid min={180}>
    <Box sx={{ gridColumn: 'span 2' }}>
      <TextInput name="insurance.company" label="Insurance Company" required={required} maxLength={100} />
    </Box>
    <TextInput name="insurance.policyNumber" label="Policy Number" required={required} maxLength={50} />
    <TextInput name="insurance.agentFirstName" label="Agent First Name" maxLength={50} />
    <TextInput name="insurance.agentLastName" label="Agent Last Name" maxLength={50} />
    <PhoneInput name="insurance.agentPhoneNumber" label="Agent Phone" />
    <PhoneInput name="insurance.faxNumber" label="Fax" />
    <DateInput name="insurance.expirationDate" label="Expiration Date" />
  </FieldGrid>
);
