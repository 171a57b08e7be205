import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';
import { apiAuth } from './applications.ts';
import { users } from './sign-in.ts';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type Worksheet = {
  approval: { amount: string | null; term: number | null; interestRate: string | null };
  policy: { maxAmount: string | null; terms: number[] | null; suggestedRate: string | null } | null;
  rateGrid: { term: number; cells: { rate: string }[] }[];
};

/**
 * Terms within the lender's policy for an application (its maximum amount, a term it allows, no rate below its
 * grid's on that term — issue 29, item 5), from the decision worksheet's proposal (test set-up only).
 */
/** An API decimal as an exact integer of its smallest unit ('19200.00' at 2 places: 1920000n) — no floats for money. */
const units = (value: string, places: number) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
};
const largest = (values: string[], places: number) =>
  values.reduce((a, b) => (units(b, places) > units(a, places) ? b : a));

const termsWithinPolicy = (w: Worksheet) => {
  const request = w.approval.amount ?? '19200.00';
  const max = w.policy?.maxAmount ?? null;
  const amount = max !== null && units(max, 2) < units(request, 2) ? max : request;
  const allowed = w.policy?.terms ?? [];
  const wanted = w.approval.term ?? 48;
  const term =
    allowed.length === 0 || allowed.includes(wanted)
      ? wanted
      : Math.max(...allowed.filter((t) => t <= wanted), Math.min(...allowed));
  const rates = [
    w.approval.interestRate ?? '6.250',
    ...(w.rateGrid.find((r) => r.term === term)?.cells ?? []).map((c) => c.rate),
  ];
  return { amount, term, interestRate: largest(rates, 3) };
};

/**
 * Approves an application through the decision call, on terms within the policy, as the decision worksheet would
 * (test set-up for specs about what an approved application does: retraction, credit, funding). `user` holds its
 * lock (the loan officer unless said otherwise); `stipulations` go to the requirements worksheet.
 */
export const approveThroughApi = async (
  request: APIRequestContext,
  applicationId: number,
  {
    user = users.officer,
    stipulations = ['Proof of income'],
  }: { user?: typeof users.officer | typeof users.admin; stipulations?: string[] } = {},
) => {
  const headers = await apiAuth(request, user);
  const { applicants } = (await (
    await request.get(`/api/applications/${applicationId}/applicants`, { headers })
  ).json()) as { applicants: { id: number }[] };
  const worksheet = (await (
    await request.get(`/api/ApplicationDecision/${applicationId}`, { headers })
  ).json()) as Worksheet;
  const today = new Date();
  const nextMonth = new Date(today.getTime() + 31 * 24 * 3600 * 1000);
  const decided = await request.post(`/api/applications/${applicationId}/decisions`, {
    headers,
    data: {
      decisionType: 'approve',
      approval: {
        contractDate: isoDate(today),
        firstPaymentDate: isoDate(nextMonth),
        ...termsWithinPolicy(worksheet),
        paymentFrequencyId: 'Monthly',
      },
      decisionApplicants: applicants.map((a) => ({ applicantId: a.id })),
      fundingRequirements: stipulations.map((description) => ({ description })),
    },
  });
  expect(decided.status(), await decided.text()).toBe(201);
};

type Requirement = { id: number; required: boolean; status: string; updatedAt: string };

/**
 * Clears every required stipulation of an application still open, as the administrator (a member of every clear
 * group) — test set-up for specs that fund: funding refuses while one is open (issue 29, item 1).
 */
export const meetConditionsThroughApi = async (request: APIRequestContext, applicationId: number) => {
  const headers = await apiAuth(request, users.admin);
  const url = `/api/applications/${applicationId}/fundingRequirements`;
  const { requirements } = (await (await request.get(url, { headers })).json()) as { requirements: Requirement[] };
  for (const r of requirements.filter((x) => x.required && ['outstanding', 'received'].includes(x.status))) {
    const data = { status: 'cleared', waiveReason: null, updatedAt: r.updatedAt };
    const cleared = await request.put(`${url}/${r.id}`, { headers, data });
    expect(cleared.status(), await cleared.text()).toBe(200);
  }
};
