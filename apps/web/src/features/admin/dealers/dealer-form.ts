import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { dealerInputSchema, messages, type Dealer, type DealerInput } from '@credence/contracts';

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

const phoneText = (digits: string | null) =>
  digits && digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (digits ?? '');

export const dealerValues = (d: Dealer | null): DealerValues => ({
  name: d?.name ?? '',
  addressLine1: d?.addressLine1 ?? '',
  addressLine2: d?.addressLine2 ?? '',
  city: d?.city ?? '',
  state: d?.state ?? '',
  zip: d?.zip ?? '',
  phoneNumber: phoneText(d?.phoneNumber ?? null),
  faxNumber: phoneText(d?.faxNumber ?? null),
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
  phoneNumber: digitsOr(v.phoneNumber),
  faxNumber: digitsOr(v.faxNumber),
  mainContactEmail: v.mainContactEmail.trim(),
  mainContactName: v.mainContactName,
  enabled: v.enabled,
});

/** Validates with the contract's dealer schema; each issue on its field. */
export const dealerFormResolver: Resolver<DealerValues> = async (values, _context, options) => {
  const result = await dealerInputSchema.safeParseAsync(dealerPayload(values), {
    error: (issue) =>
      issue.code === 'invalid_format' && issue.format === 'email'
        ? 'Enter a valid email address'
        : issue.code === 'too_big'
          ? `Must be at most ${String(issue.maximum)} characters`
          : issue.code === 'invalid_value' || (issue.code === 'too_small' && issue.minimum === 1)
            ? messages.validation.required
            : undefined,
  });
  if (result.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    if (!(name in flat)) flat[name] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<DealerValues> };
};
