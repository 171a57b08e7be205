import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';
import { apiAuth } from './applications.ts';
import { users } from './sign-in.ts';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Approves an application of the officer (who holds its lock) through the decision call, as the decision
 * worksheet would — test set-up for specs about what an approved application does (retraction, credit).
 */
export const approveThroughApi = async (request: APIRequestContext, applicationId: number) => {
  const headers = await apiAuth(request, users.officer);
  const { applicants } = (await (
    await request.get(`/api/applications/${applicationId}/applicants`, { headers })
  ).json()) as { applicants: { id: number }[] };
  const today = new Date();
  const nextMonth = new Date(today.getTime() + 31 * 24 * 3600 * 1000);
  const decided = await request.post(`/api/applications/${applicationId}/decisions`, {
    headers,
    data: {
      decisionType: 'approve',
      approval: {
        contractDate: isoDate(today),
        firstPaymentDate: isoDate(nextMonth),
        amount: '19200.00',
        term: 48,
        interestRate: '6.250',
        paymentFrequencyId: 'Monthly',
      },
      decisionApplicants: applicants.map((a) => ({ applicantId: a.id })),
      fundingRequirements: [{ description: 'Proof of income' }],
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
