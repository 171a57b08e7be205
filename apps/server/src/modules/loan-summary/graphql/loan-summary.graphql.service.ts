import { GET_LOAN_SUMMARY, type LoanSummaryApplication } from '@credence/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth.ts';
import { notFound } from '../../../platform/errors.ts';
import { graphqlOf } from './loan-summary.graphql.ts';

export { registerLoanSummaryGraphql } from './loan-summary.graphql.ts';

/**
 * `GetLoanSummary` run in-process through Mercurius with the context a request gets (the caller's `auth`): the
 * server-side PDF and the export job read exactly what the page reads. Throws the house 404 when the application
 * is not visible to the caller's lender, and an error (without the query's details) when the query failed.
 */
export const readLoanSummary = async (
  app: FastifyInstance,
  auth: AuthContext,
  applicationId: number,
): Promise<LoanSummaryApplication> => {
  const result = await graphqlOf(app)<{ application: LoanSummaryApplication | null }>(
    GET_LOAN_SUMMARY,
    { auth } as never,
    { applicationId },
    'GetLoanSummary',
  );
  const errors = (result.errors ?? []) as unknown as { message: string; extensions?: { code?: unknown } }[];
  if (errors.some((e) => e.extensions?.code === 'NOT_FOUND')) throw notFound();
  if (errors.length > 0 || !result.data?.application) {
    throw new Error(`GetLoanSummary failed: ${errors.map((e) => String(e.extensions?.code ?? e.message)).join(', ')}`);
  }
  return result.data.application;
};
