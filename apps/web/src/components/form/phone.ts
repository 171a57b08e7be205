/*
 * The one phone formatter of the app: the API keeps a phone as its digits; people read and type (303) 555-1234.
 */

/** '3035551234' -> '(303) 555-1234'; anything that is not ten digits is shown as stored. */
export const formatPhone = (digits: string | null | undefined): string =>
  digits && /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : (digits ?? '');

/** What was typed, as the API takes it: its digits; '' -> null; text without digits is kept (the schema refuses it). */
export const phonePayload = (text: string | null | undefined): string | null => {
  const digits = (text ?? '').replace(/\D/g, '');
  if (digits !== '') return digits;
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
