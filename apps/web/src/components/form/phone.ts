/* The API keeps a phone as its digits; people read and type (303) 555-1234 (the formatter is the domain's). */
export { formatPhone } from '@credence/domain';

/** What was typed, as the API takes it: its digits; '' -> null; text without digits is kept (the schema refuses it). */
export const phonePayload = (text: string | null | undefined): string | null => {
  const digits = (text ?? '').replace(/\D/g, '');
  if (digits !== '') return digits;
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
