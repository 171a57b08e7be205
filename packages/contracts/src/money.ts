import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Money crosses the wire as a string with exactly two decimals ("25000.00", "-150.25"): never a binary
 * float. Up to 12 integer digits, as the database's numeric(14,2).
 */
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,11})\.\d{2}$/;

/** Whole cents of a money string, exact (a bigint), for comparisons without a decimal library. */
export const moneyToCents = (value: string): bigint => BigInt(value.replace('.', ''));
/** Whole cents of a value, or null when it is not a money string (a refinement must not throw: that was a 500). */
export const centsOrNull = (value: string): bigint | null => (MONEY_PATTERN.test(value) ? moneyToCents(value) : null);

export const moneySchema = z
  .string()
  .regex(MONEY_PATTERN, { message: messages.validation.money, abort: true })
  .refine((v) => v !== '-0.00', messages.validation.money)
  .meta({ description: 'Money: a string with two decimals, e.g. "25000.00"', example: '25000.00' });
export const nonNegativeMoneySchema = moneySchema.refine(
  (v) => (centsOrNull(v) ?? 0n) >= 0n,
  messages.validation.notNegative,
);
export const positiveMoneySchema = moneySchema.refine(
  (v) => (centsOrNull(v) ?? 1n) >= 1n,
  messages.validation.atLeastOneCent,
);

/** An optional amount in a form: an empty string is sent as null (spec 3 §5, lien payoff and per diem). */
export const emptyAsNull = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .nullish()
    .transform((v): z.output<T> | null => (v === '' || v === undefined ? null : v));
