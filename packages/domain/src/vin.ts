/**
 * Vehicle identification numbers (49 CFR 565): 17 characters of digits and capital letters except I, O and Q,
 * with a check digit in position 9 computed from the weighted transliterated values modulo 11 (10 is 'X').
 */
export type VinCheck = { valid: true; vin: string } | { valid: false; reason: 'length' | 'characters' | 'checkDigit' };

const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

const valueOf = (char: string): number => (/\d/.test(char) ? Number(char) : (transliteration[char] ?? -1));

/** The check digit a 17-character VIN must carry in position 9 ('0'–'9' or 'X'). */
export const vinCheckDigit = (vin: string): string => {
  const total = [...vin].reduce((acc, char, i) => acc + valueOf(char) * (weights[i] ?? 0), 0);
  const remainder = total % 11;
  return remainder === 10 ? 'X' : String(remainder);
};

/** Validates a VIN; letters are compared upper-cased and surrounding spaces ignored. */
export const checkVin = (input: string): VinCheck => {
  const vin = input.trim().toUpperCase();
  if (vin.length !== 17) return { valid: false, reason: 'length' };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { valid: false, reason: 'characters' };
  if (vinCheckDigit(vin) !== vin[8]) return { valid: false, reason: 'checkDigit' };
  return { valid: true, vin };
};
