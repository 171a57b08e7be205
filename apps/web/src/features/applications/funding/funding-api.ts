import { useQueries, useQuery } from '@tanstack/react-query';
import {
  endpointPath,
  lenderCalendarEndpoints,
  loanEndpoints,
  reserveEndpoints,
  type FundResult,
  type LenderHoliday,
  type LoanSave,
  type ResolveReserveRequest,
} from '@credence/contracts';
import { request } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

export const fundingKeys = {
  worksheet: (id: number) => ['applications', id, 'loan'] as const,
};

/** `GET applicationloan/{id}`: the loan (proposed from the approval until saved), the approval, settings, options. */
export const useLoanWorksheet = (applicationId: number) =>
  useQuery({
    queryKey: fundingKeys.worksheet(applicationId),
    queryFn: ({ signal }) => callEndpoint(loanEndpoints.worksheet, { params: { id: applicationId } }, { signal }),
    enabled: applicationId > 0,
    retry: false,
    meta: { silentError: true },
  });

/** `POST applications/{id}/loans` the first time, `PUT` once saved ('Loan Saved!'). */
export const saveLoan = (applicationId: number, body: LoanSave, isSaved: boolean) =>
  callEndpoint(isSaved ? loanEndpoints.update : loanEndpoints.create, { params: { id: applicationId }, body });

/** `PUT applications/{id}/loans/rescissionDate`: three business days after the contract date, on the lender calendar. */
export const fetchRescissionDate = (applicationId: number, contractDate: string) =>
  callEndpoint(loanEndpoints.rescissionDate, { params: { id: applicationId }, body: { contractDate } });

/** `POST applications/loans/fundingDate`: the earliest funding date after the rescission date. */
export const fetchFundingDate = (applicationId: number, rescissionDate: string) =>
  callEndpoint(loanEndpoints.fundingDate, { body: { applicationId, rescissionDate } });

/** `GET applications/{id}/loans/{loanId}/disbursements`: the proposed payouts (loan row id, 0 before the first save). */
export const fetchProposedDisbursements = (applicationId: number, loanRowId: number | null, fundingDate: string) =>
  callEndpoint(loanEndpoints.disbursements, {
    params: { id: applicationId, loanId: String(loanRowId ?? 0) },
    query: fundingDate ? { fundingDate } : {},
  });

/** `POST applications/{id}/loans/dryRun`: the exact core payload of the saved loan, validated. */
export const dryRunLoan = (applicationId: number) =>
  callEndpoint(loanEndpoints.dryRun, { params: { id: applicationId } });

/**
 * `POST applications/{id}/loans/fund` with the funding attempt's `Idempotency-Key`: the same key is sent again
 * when the user retries after a lost answer, so the server books once and answers the first result.
 */
export const fundLoan = (applicationId: number, idempotencyKey: string): Promise<FundResult> =>
  request(loanEndpoints.fund.method, endpointPath(loanEndpoints.fund, { id: applicationId }), undefined, {
    schema: loanEndpoints.fund.response,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** `PUT applications/{id}/loans/reverseFundedLoan` (no body). */
export const reverseLoan = (applicationId: number) =>
  callEndpoint(loanEndpoints.reverse, { params: { id: applicationId } });

/**
 * The lender's holidays of the given years (`GET lenderCalendar/{year}`), for the worksheet's weekend and holiday
 * hints; while they load, or when they cannot be read, no holiday hint is shown (the server still checks).
 */
export const useLenderHolidays = (years: readonly number[]): ReadonlyMap<string, string> => {
  const answers = useQueries({
    queries: years.map((year) => ({
      queryKey: ['lenderCalendar', year] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callEndpoint(lenderCalendarEndpoints.get, { params: { year } }, { signal }),
      staleTime: 5 * 60_000,
      retry: false,
      meta: { silentError: true },
    })),
    combine: (results) => results.flatMap((r): LenderHoliday[] => r.data?.lenderHolidays ?? []),
  });
  return new Map(answers.map((h) => [h.date, h.name]));
};

/** `POST reserveMatrix/resolveReserveByMatrix`: the dealer reserve of the loan by the chosen matrix. */
export const useResolvedReserve = (body: ResolveReserveRequest | null) =>
  useQuery({
    queryKey: ['reserveMatrix', 'resolve', body] as const,
    queryFn: ({ signal }) => callEndpoint(reserveEndpoints.resolve, { body: body! }, { signal }),
    enabled: body !== null,
    retry: false,
    meta: { silentError: true },
  });
