import { z } from 'zod';

/**
 * Score models a lender may configure per bureau. Every bureau sells each of them; which ones a pull asks for
 * comes from the lender's credit-bureau settings (and its default score model).
 */
export const creditScoreModels = [
  'FICO 8',
  'FICO 9',
  'FICO 10T',
  'FICO Auto 8',
  'FICO Auto 9',
  'FICO Bankcard 8',
  'VantageScore 3.0',
  'VantageScore 4.0',
] as const;
export const creditScoreModelSchema = z.enum(creditScoreModels);
export type CreditScoreModel = z.infer<typeof creditScoreModelSchema>;
