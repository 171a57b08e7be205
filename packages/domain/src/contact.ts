/**
 * Contact details compared for the application alerts (spec 3 §2): the server matches on the normalised
 * forms (the database keeps them in generated, indexed columns computed the same way).
 */

/** A phone number as the alerts show it: (000) 000-0000 for ten digits (a leading US 1 dropped), else as is. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone;
};

/** Contact details compared for alerts: e-mails trimmed and lower-cased, phones reduced to their digits. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const normalizePhone = (phone: string): string => phone.replace(/\D/g, '');
