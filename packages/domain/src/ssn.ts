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

/** **-***6789: how an employer identification number is shown. */
export const maskEin = (ein: string): string => `**-***${ein.replace(/\D/g, '').slice(-4)}`;
export const EIN_MASK_PATTERN = /^\*{2}-\*{3}\d{4}$/;

/*
 * The one masking rule for the numbers that identify a person or a business — SSN/ITIN, EIN and identity
 * document numbers: every answer shows only the last four digits (maskSsn, maskEin, maskDocumentNumber), on every
 * path (REST, GraphQL, the summary PDF built from it, CSV) and for every caller; a full SSN only through the
 * audited reveal (canRevealSensitiveData). A masked value sent back by an editor keeps the stored number.
 */
