/*
 * The one phone formatter of Credence (the web app and the printed summary): the API keeps a phone as its digits;
 * people read and type (303) 555-1234.
 */

/** '3035551234' -> '(303) 555-1234'; anything that is not ten digits is shown as stored. */
export const formatPhone = (digits: string | null | undefined): string =>
  digits && /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : (digits ?? '');
