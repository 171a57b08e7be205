/** The five address columns that collateral, sellers, dealer purchases and liens store inline. */
export type AddressColumns = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** The address of a row, or null when every part is empty. */
export const addressOf = (a: AddressColumns): AddressColumns | null =>
  a.addressLine1 || a.addressLine2 || a.city || a.state || a.zip
    ? { addressLine1: a.addressLine1, addressLine2: a.addressLine2, city: a.city, state: a.state, zip: a.zip }
    : null;

/** The columns to write for an address (all null when there is none). */
export const addressColumns = (a: AddressColumns | null): AddressColumns => ({
  addressLine1: a?.addressLine1 ?? null,
  addressLine2: a?.addressLine2 ?? null,
  city: a?.city ?? null,
  state: a?.state ?? null,
  zip: a?.zip ?? null,
});
