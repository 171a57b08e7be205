/**
 * Social Security and individual taxpayer numbers: nine digits, written with or without dashes. Area 000 and
 * 666, group 00 and serial 0000 are never issued. Areas 900–999 are ITINs, which lenders accept.
 */
export const SSN_MASK_PATTERN = /^\*{3}-\*{2}-\d{4}$/;

/** The nine digits of a well-formed number, or null. */
export const normalizeSsn = (input: string): string | null => {
  const trimmed = input.trim();
  if (!/^\d{3}-?\d{2}-?\d{4}$/.test(trimmed)) return null;
  const digits = trimmed.replaceAll('-', '');
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || digits.slice(3, 5) === '00' || digits.slice(5) === '0000') return null;
  return digits;
};

/** 123-45-6789 */
export const formatSsn = (digits: string): string => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

/** ***-**-6789: how a number is shown unless it is revealed. */
export const maskSsn = (last4: string): string => `***-**-${last4}`;

/** ****6789: how an identity document number is shown. */
export const maskDocumentNumber = (last4: string): string => `****${last4}`;
