import { useMemo } from 'react';
import { useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { z } from 'zod';
import {
  messages,
  transactionSaveSchema,
  transactionTypeLabels,
  transactionTypes,
  usStates,
  vehicleControlTypes,
  type Application,
  type TransactionType,
} from '@credence/contracts';
import { saveTransaction, useEnabledDealers } from '../api.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import {
  compactRows,
  type Converted,
  digitsOf,
  intText,
  moneyText,
  type RowMap,
  textOf,
  toInt,
  toMoney,
  toOption,
  toText,
} from '../../../components/form/values.ts';
import { blankAddress, type AddressValues } from '../forms/applicant-model.ts';
import {
  CheckboxInput,
  DateInput,
  MoneyInput,
  PhoneInput,
  SelectInput,
  TextInput,
  type Option,
} from '../../../components/form/fields.tsx';
import { FieldGrid, FormRow, FormSection } from '../../../components/form/layout.tsx';
import { formatPhone, phonePayload } from '../../../components/form/phone.ts';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useWorksheetSave, useDialogOutcome } from '../worksheet/use-worksheet-save.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';

type TradeInValues = {
  year: string;
  make: string;
  model: string;
  style: string;
  lienHolderName: string;
  monthlyPayment: string;
};
type SellerValues = {
  sellingPrice: string;
  sellerNames: string;
  phoneNumber: string;
  email: string;
  address: AddressValues;
  hasLien: boolean;
};
type LienValues = {
  lienholder: string;
  accountNumber: string;
  payoffAmount: string;
  perDiem: string;
  payment: string;
  goodThrough: string;
  mailTo: string;
  phoneNumber: string;
  attention: string;
  spokeTo: string;
};
type DealerPurchaseValues = {
  dealership: string;
  amountToDealer: string;
  phoneNumber: string;
  fax: string;
  email: string;
  attention: string;
  spokeTo: string;
  address: AddressValues;
};
type RefinanceValues = {
  memberNumber: string;
  loanNumber: string;
  payoffAmount: string;
  perDiem: string;
  goodThrough: string;
};

type Values = {
  transactionType: TransactionType | '';
  purpose: string;
  dealerId: number | '';
  tradeIns: TradeInValues[];
  sellers: SellerValues[];
  lien: LienValues;
  dealerPurchase: DealerPurchaseValues;
  internalRefinance: RefinanceValues;
};
type Payload = z.input<typeof transactionSaveSchema>;

const stateOptions: Option[] = usStates.map((s) => ({ value: s, label: s }));
const typeOptions: Option[] = transactionTypes.map((t) => ({ value: t, label: transactionTypeLabels[t] }));

type OptionalAddress = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};
const addressValues = (a: OptionalAddress | null): AddressValues =>
  a
    ? {
        addressLine1: textOf(a.addressLine1),
        addressLine2: textOf(a.addressLine2),
        city: textOf(a.city),
        state: textOf(a.state),
        zip: textOf(a.zip),
      }
    : blankAddress();
const addressPayload = (a: AddressValues) =>
  Object.values(a).every((v) => v.trim() === '')
    ? null
    : {
        addressLine1: toText(a.addressLine1),
        addressLine2: toText(a.addressLine2),
        city: toText(a.city),
        state: toOption(a.state) as never,
        zip: digitsOf(a.zip) || toText(a.zip),
      };
const isBlank = (row: object): boolean =>
  Object.values(row).every((v) =>
    typeof v === 'string' ? v.trim() === '' : typeof v === 'object' && v !== null ? isBlank(v) : true,
  );

const initialValues = (application: Application): Values => {
  const t = application.transaction;
  return {
    transactionType: t.transactionType ?? '',
    purpose: textOf(t.purpose),
    dealerId: t.dealerId ?? '',
    tradeIns: t.tradeIns.map((x) => ({
      year: intText(x.year),
      make: textOf(x.make),
      model: textOf(x.model),
      style: textOf(x.style),
      lienHolderName: textOf(x.lienHolderName),
      monthlyPayment: moneyText(x.monthlyPayment),
    })),
    sellers: t.sellers.map((s) => ({
      sellingPrice: moneyText(s.sellingPrice),
      sellerNames: textOf(s.sellerNames),
      phoneNumber: formatPhone(s.phoneNumber),
      email: textOf(s.email),
      address: addressValues(s.address),
      hasLien: s.hasLien,
    })),
    lien: {
      lienholder: textOf(t.lien?.lienholder),
      accountNumber: textOf(t.lien?.accountNumber),
      payoffAmount: moneyText(t.lien?.payoffAmount),
      perDiem: moneyText(t.lien?.perDiem),
      payment: moneyText(t.lien?.payment),
      goodThrough: textOf(t.lien?.goodThrough),
      mailTo: textOf(t.lien?.mailTo),
      phoneNumber: formatPhone(t.lien?.phoneNumber),
      attention: textOf(t.lien?.attention),
      spokeTo: textOf(t.lien?.spokeTo),
    },
    dealerPurchase: {
      dealership: textOf(t.dealerPurchase?.dealership),
      amountToDealer: moneyText(t.dealerPurchase?.amountToDealer),
      phoneNumber: formatPhone(t.dealerPurchase?.phoneNumber),
      fax: formatPhone(t.dealerPurchase?.fax),
      email: textOf(t.dealerPurchase?.email),
      attention: textOf(t.dealerPurchase?.attention),
      spokeTo: textOf(t.dealerPurchase?.spokeTo),
      address: addressValues(t.dealerPurchase?.address ?? null),
    },
    internalRefinance: {
      memberNumber: textOf(t.internalRefinance?.memberNumber),
      loanNumber: textOf(t.internalRefinance?.loanNumber),
      payoffAmount: moneyText(t.internalRefinance?.payoffAmount),
      perDiem: moneyText(t.internalRefinance?.perDiem),
      goodThrough: textOf(t.internalRefinance?.goodThrough),
    },
  };
};

/** The payload keeps only the parts of the chosen type (the server does the same). */
const convert = (v: Values, showType: boolean): Converted<Payload> => {
  const rows: RowMap = {};
  const type = showType ? toOption(v.transactionType) : null;
  const sellers =
    type === 'BUYER_SELLER'
      ? compactRows(
          v.sellers,
          (s) => isBlank({ ...s, hasLien: '' }),
          (s) => ({
            sellingPrice: toMoney(s.sellingPrice),
            sellerNames: toText(s.sellerNames),
            phoneNumber: phonePayload(s.phoneNumber),
            email: toText(s.email),
            address: addressPayload(s.address),
            hasLien: s.hasLien,
          }),
          'sellers',
          rows,
        )
      : [];
  const keepsLien = type === 'REFINANCE' || (type === 'BUYER_SELLER' && sellers.some((s) => s.hasLien));
  return {
    payload: {
      transactionType: type,
      purpose: toText(v.purpose),
      dealerId: type === 'DEALER' && v.dealerId !== '' ? v.dealerId : null,
      tradeIns: compactRows(
        v.tradeIns,
        isBlank,
        (x) => ({
          year: toInt(x.year),
          make: toText(x.make),
          model: toText(x.model),
          style: toText(x.style),
          lienHolderName: toText(x.lienHolderName),
          monthlyPayment: toMoney(x.monthlyPayment),
        }),
        'tradeIns',
        rows,
      ),
      sellers,
      lien: keepsLien
        ? {
            lienholder: toText(v.lien.lienholder),
            accountNumber: toText(v.lien.accountNumber),
            payoffAmount: toMoney(v.lien.payoffAmount),
            perDiem: toMoney(v.lien.perDiem),
            payment: toMoney(v.lien.payment),
            goodThrough: toOption(v.lien.goodThrough),
            mailTo: toText(v.lien.mailTo),
            phoneNumber: phonePayload(v.lien.phoneNumber),
            attention: toText(v.lien.attention),
            spokeTo: toText(v.lien.spokeTo),
          }
        : null,
      dealerPurchase:
        type === 'DEALER'
          ? {
              dealership: toText(v.dealerPurchase.dealership),
              amountToDealer: toMoney(v.dealerPurchase.amountToDealer),
              phoneNumber: phonePayload(v.dealerPurchase.phoneNumber),
              fax: phonePayload(v.dealerPurchase.fax),
              email: toText(v.dealerPurchase.email),
              attention: toText(v.dealerPurchase.attention),
              spokeTo: toText(v.dealerPurchase.spokeTo),
              address: addressPayload(v.dealerPurchase.address),
            }
          : null,
      internalRefinance:
        type === 'INTERNAL_REFINANCE'
          ? {
              memberNumber: toText(v.internalRefinance.memberNumber),
              loanNumber: toText(v.internalRefinance.loanNumber),
              payoffAmount: toMoney(v.internalRefinance.payoffAmount),
              perDiem: toMoney(v.internalRefinance.perDiem),
              goodThrough: toOption(v.internalRefinance.goodThrough),
            }
          : null,
    },
    rows,
  };
};

/** Parts the chosen type needs (the server asks the same). */
const typeRules = (v: Values, showType: boolean): Record<string, string> => {
  if (!showType) return {};
  const errors: Record<string, string> = {};
  if (v.transactionType === 'DEALER' && v.dealerId === '') errors.dealerId = messages.applications.dealerRequired;
  if (v.transactionType === 'BUYER_SELLER' && !v.sellers.some((s) => !isBlank({ ...s, hasLien: '' }))) {
    errors['sellers.0.sellerNames'] = messages.applications.sellerRequired;
  }
  if (v.transactionType === 'INTERNAL_REFINANCE' && isBlank(v.internalRefinance)) {
    errors['internalRefinance.loanNumber'] = messages.applications.internalRefinanceRequired;
  }
  return errors;
};

const useFormContextTyped = () => useFormContext<Values>();

const AddressFields = ({ base }: { base: string }) => (
  <>
    <Box sx={{ gridColumn: 'span 2' }}>
      <TextInput name={`${base}.addressLine1`} label="Address" maxLength={100} />
    </Box>
    <TextInput name={`${base}.city`} label="City" maxLength={50} />
    <SelectInput name={`${base}.state`} label="State" options={stateOptions} emptyLabel="None" />
    <TextInput name={`${base}.zip`} label="ZIP" inputMode="numeric" maxLength={10} />
  </>
);

const LienFields = ({ title }: { title: string }) => (
  <FormSection title={title}>
    <FieldGrid min={170}>
      <TextInput name="lien.lienholder" label="Lienholder" maxLength={100} />
      <TextInput name="lien.accountNumber" label="Account #" maxLength={50} />
      <MoneyInput name="lien.payoffAmount" label="Payoff Amount" />
      <MoneyInput name="lien.perDiem" label="Per Diem" />
      <MoneyInput name="lien.payment" label="Payment" />
      <DateInput name="lien.goodThrough" label="Good Through" />
      <TextInput name="lien.mailTo" label="Mail To" maxLength={300} />
      <PhoneInput name="lien.phoneNumber" label="Phone" />
      <TextInput name="lien.attention" label="Attention" maxLength={100} />
      <TextInput name="lien.spokeTo" label="Spoke To" maxLength={100} />
    </FieldGrid>
  </FormSection>
);

const TypeParts = ({ type, direct }: { type: TransactionType | ''; direct: boolean }) => {
  const { control } = useFormContextTyped();
  const sellers = useFieldArray({ control, name: 'sellers', keyName: 'key' });
  const sellerValues = useWatch({ control, name: 'sellers' });
  const dealers = useEnabledDealers(type === 'DEALER');
  const dealerOptions: Option[] = (dealers.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  switch (type) {
    case 'BUYER_SELLER':
      return (
        <>
          <FormSection
            title="Buyer/Sellers"
            onAdd={() =>
              sellers.append({
                sellingPrice: '',
                sellerNames: '',
                phoneNumber: '',
                email: '',
                address: blankAddress(),
                hasLien: false,
              })
            }
            addLabel="Add Seller"
            empty={sellers.fields.length === 0 ? 'No sellers.' : undefined}
          >
            {sellers.fields.map((field, i) => (
              <FormRow key={field.key} onRemove={() => sellers.remove(i)} removeLabel={`Remove seller ${i + 1}`}>
                <FieldGrid min={160}>
                  <Box sx={{ gridColumn: 'span 2' }}>
                    <TextInput name={`sellers.${i}.sellerNames`} label="Seller Names" maxLength={200} />
                  </Box>
                  <MoneyInput name={`sellers.${i}.sellingPrice`} label="Selling Price" />
                  <PhoneInput name={`sellers.${i}.phoneNumber`} label="Phone" />
                  <TextInput name={`sellers.${i}.email`} label="Email" maxLength={254} />
                  <AddressFields base={`sellers.${i}.address`} />
                  <CheckboxInput name={`sellers.${i}.hasLien`} label="Has Lien" />
                </FieldGrid>
              </FormRow>
            ))}
          </FormSection>
          {sellerValues.some((s) => s.hasLien) ? <LienFields title="Lien" /> : null}
        </>
      );
    case 'DEALER':
      return (
        <FormSection title="Dealer Purchase">
          <FieldGrid min={170}>
            {direct ? (
              <Box sx={{ gridColumn: 'span 2' }}>
                <SelectInput name="dealerId" label="Dealer" options={dealerOptions} required numeric />
              </Box>
            ) : null}
            <TextInput name="dealerPurchase.dealership" label="Dealership" maxLength={100} />
            <MoneyInput name="dealerPurchase.amountToDealer" label="Amount to Dealer" />
            <PhoneInput name="dealerPurchase.phoneNumber" label="Phone" />
            <PhoneInput name="dealerPurchase.fax" label="Fax" />
            <TextInput name="dealerPurchase.email" label="Email" maxLength={254} />
            <TextInput name="dealerPurchase.attention" label="Attention" maxLength={100} />
            <TextInput name="dealerPurchase.spokeTo" label="Spoke To" maxLength={100} />
            <AddressFields base="dealerPurchase.address" />
          </FieldGrid>
        </FormSection>
      );
    case 'INTERNAL_REFINANCE':
      return (
        <FormSection title="Internal Refinance">
          <FieldGrid min={170}>
            <TextInput name="internalRefinance.memberNumber" label="Member #" maxLength={50} />
            <TextInput name="internalRefinance.loanNumber" label="Loan #" maxLength={50} />
            <MoneyInput name="internalRefinance.payoffAmount" label="Payoff Amount" />
            <MoneyInput name="internalRefinance.perDiem" label="Per Diem" />
            <DateInput name="internalRefinance.goodThrough" label="Good Through" />
          </FieldGrid>
        </FormSection>
      );
    case 'REFINANCE':
      return <LienFields title="Refinance" />;
    case 'PRE_APPROVAL':
    case '':
      return null;
  }
};

const TradeIns = () => {
  const { control } = useFormContextTyped();
  const list = useFieldArray({ control, name: 'tradeIns', keyName: 'key' });
  return (
    <FormSection
      title="Trade-Ins"
      onAdd={() => list.append({ year: '', make: '', model: '', style: '', lienHolderName: '', monthlyPayment: '' })}
      addLabel="Add Trade-In"
      empty={list.fields.length === 0 ? 'No trade-ins.' : undefined}
    >
      {list.fields.map((field, i) => (
        <FormRow key={field.key} onRemove={() => list.remove(i)} removeLabel={`Remove trade-in ${i + 1}`}>
          <FieldGrid min={140}>
            <TextInput name={`tradeIns.${i}.year`} label="Year" inputMode="numeric" maxLength={4} />
            <TextInput name={`tradeIns.${i}.make`} label="Make" maxLength={50} />
            <TextInput name={`tradeIns.${i}.model`} label="Model" maxLength={50} />
            <TextInput name={`tradeIns.${i}.style`} label="Style" maxLength={100} />
            <TextInput name={`tradeIns.${i}.lienHolderName`} label="Lienholder" maxLength={100} />
            <MoneyInput name={`tradeIns.${i}.monthlyPayment`} label="Monthly Payment" />
          </FieldGrid>
        </FormRow>
      ))}
    </FormSection>
  );
};

/**
 * The Transaction Type or Purpose dialog (spec 3 §5): the type only for direct vehicle products, then the
 * parts of that type; the purpose; trade-ins for every type.
 */
export const TransactionDialog = ({ application, onClose }: { application: Application; onClose: () => void }) => {
  const { applicationId, canEdit, readOnlyReason } = useWorksheet();
  const save = useWorksheetSave();
  const { formErrors, settle } = useDialogOutcome(onClose);
  const showType = application.direct && vehicleControlTypes.includes(application.loanProduct.controlType);
  const defaultValues = useMemo(() => initialValues(application), [application]);
  const resolver = useMemo(
    () =>
      contractResolver<Values, Payload>(
        transactionSaveSchema,
        (v) => convert(v, showType),
        (v) => typeRules(v, showType),
      ),
    [showType],
  );
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onChange' });
  const type = useWatch({ control: form.control, name: 'transactionType' });

  const onSave = (values: Values) =>
    settle(async () => {
      const { payload, rows } = convert(values, showType);
      return save(form, (confirmFunded) => saveTransaction(applicationId, { ...payload, confirmFunded }), {
        rows,
      });
    });

  return (
    <FormDialog
      form={form}
      title="Transaction Type or Purpose"
      width={900}
      onClose={onClose}
      onSave={onSave}
      saveDisabled={!canEdit}
      saveHint={readOnlyReason}
      formErrors={formErrors}
      testId="transaction-dialog"
    >
      <FormSection title="Transaction">
        <FieldGrid min={220}>
          {showType ? (
            <SelectInput name="transactionType" label="Transaction Type" options={typeOptions} emptyLabel="None" />
          ) : null}
          <Box sx={{ gridColumn: showType ? 'span 2' : 'span 3' }}>
            <TextInput name="purpose" label="Purpose" maxLength={100} />
          </Box>
        </FieldGrid>
      </FormSection>
      {showType ? <TypeParts type={type} direct={application.direct} /> : null}
      <TradeIns />
    </FormDialog>
  );
};
