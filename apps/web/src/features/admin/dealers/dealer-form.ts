import { dealerInputSchema, type Dealer, type DealerInput } from '@credence/contracts';
import { formatPhone, phonePayload } from '../../../components/form/phone.ts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { noRows } from '../../../components/form/values.ts';

/** The dealer form holds what people type; phones and ZIP are sent as digits, empty text as null. */
export type DealerValues = {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber: string;
  faxNumber: string;
  mainContactEmail: string;
  mainContactName: string;
  enabled: boolean;
};

export const dealerValues = (d: Dealer | null): DealerValues => ({
  name: d?.name ?? '',
  addressLine1: d?.addressLine1 ?? '',
  addressLine2: d?.addressLine2 ?? '',
  city: d?.city ?? '',
  state: d?.state ?? '',
  zip: d?.zip ?? '',
  phoneNumber: formatPhone(d?.phoneNumber),
  faxNumber: formatPhone(d?.faxNumber),
  mainContactEmail: d?.mainContactEmail ?? '',
  mainContactName: d?.mainContactName ?? '',
  enabled: d?.enabled ?? true,
});

const digitsOr = (text: string) => text.replace(/\D/g, '') || text.trim();

export const dealerPayload = (v: DealerValues): DealerInput => ({
  name: v.name.trim(),
  addressLine1: v.addressLine1,
  addressLine2: v.addressLine2,
  city: v.city,
  state: v.state === '' ? null : (v.state as DealerInput['state']),
  zip: digitsOr(v.zip),
  phoneNumber: phonePayload(v.phoneNumber),
  faxNumber: phonePayload(v.faxNumber),
  mainContactEmail: v.mainContactEmail.trim(),
  mainContactName: v.mainContactName,
  enabled: v.enabled,
});

/** Validates with the contract's dealer schema; each issue on its field. */
export const dealerFormResolver = contractResolver<DealerValues, DealerInput>(dealerInputSchema, (v) =>
  noRows(dealerPayload(v)),
);
