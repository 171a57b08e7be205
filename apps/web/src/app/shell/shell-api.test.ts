import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentApplication } from '@credence/contracts';
import { lookupTarget, recentApplicationsQuery, searchQueueHref } from './shell-api.ts';

const row = (applicationId: number, state: RecentApplication['state']) => ({
  applicationId,
  applicantName: 'Pat Smith',
  memberNumber: null,
  loanProduct: 1,
  loanProductName: 'New Auto',
  state,
  requestedAmount: null,
  amount: null,
  termMonths: null,
  averageCreditScore: null,
  dealer: null,
  dealerName: null,
  direct: true,
  source: 'web',
  createdUtcTime: '2026-01-01T00:00:00Z',
  updatedUtcTime: '2026-01-01T00:00:00Z',
  lockingUser: null,
  createdBy: null,
});

describe('recent applications throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls the server at most once per throttle window and serves the cached answer meanwhile', async () => {
    const client = new QueryClient();
    let calls = 0;
    const fetcher = () => {
      calls += 1;
      return Promise.resolve<RecentApplication[]>([
        { applicationId: calls, applicantName: 'A', state: 'new', lockingUser: null, loanProduct: 'New Auto' },
      ]);
    };
    const options = recentApplicationsQuery(5000, fetcher);

    expect((await client.fetchQuery(options))[0]?.applicationId).toBe(1);
    vi.advanceTimersByTime(1000);
    expect((await client.fetchQuery(options))[0]?.applicationId).toBe(1);
    vi.advanceTimersByTime(3999);
    expect((await client.fetchQuery(options))[0]?.applicationId).toBe(1);
    expect(calls).toBe(1);

    vi.advanceTimersByTime(2);
    expect((await client.fetchQuery(options))[0]?.applicationId).toBe(2);
    expect(calls).toBe(2);
    client.clear();
  });

  it('takes the configured window', async () => {
    const client = new QueryClient();
    const fetcher = vi.fn(() => Promise.resolve<RecentApplication[]>([]));
    const options = recentApplicationsQuery(200, fetcher);
    await client.fetchQuery(options);
    vi.advanceTimersByTime(150);
    await client.fetchQuery(options);
    vi.advanceTimersByTime(100);
    await client.fetchQuery(options);
    expect(fetcher).toHaveBeenCalledTimes(2);
    client.clear();
  });
});

describe('lookupTarget', () => {
  it("opens the only match by its state's worksheet", () => {
    expect(lookupTarget('10005', { data: [row(10005, 'new')], total: 1 })).toBe('/credit/10005');
    expect(lookupTarget('10006', { data: [row(10006, 'pending')], total: 1 })).toBe('/decision/10006');
    expect(lookupTarget('10007', { data: [row(10007, 'funded')], total: 1 })).toBe('/fund/10007');
  });

  it('opens the queue with the text for none or several', () => {
    expect(lookupTarget('Smith', { data: [row(1, 'new')], total: 4 })).toBe('/allApplicationsQueue?search=Smith');
    expect(lookupTarget('Nobody', { data: [], total: 0 })).toBe('/allApplicationsQueue?search=Nobody');
    expect(searchQueueHref("O'Neil & Co")).toBe("/allApplicationsQueue?search=O'Neil%20%26%20Co");
  });
});
