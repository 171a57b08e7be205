import { loanSummaryEndpoints, messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, signIn, SUMMIT, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { PDF_USER_SHARE_MS, pdfBudget, pdfShareOf, setPdfBudget } from './pdf.ts';
import { SHARE_MAX_WAIT_MS } from './user-share.ts';

/**
 * The PDF budgets over HTTP (issue 30, items 4 and 12): the loan summary of an application whose comments were
 * written past today's limits (300 of 4 000 characters, which took 26 s to print on the event loop) answers 422
 * with the house error body at once; a render over the time budget answers 503 BUSY with Retry-After.
 */
let t: TestApp;
let officer: ApiClient;
let id: number;
const initial = { ...pdfBudget };
const preview = (sections: string[]) =>
  officer.post(loanSummaryEndpoints.preview.path.replace(':id', String(id)), { sections });

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  id = await findSeededApplication(t, SUMMIT, `a.state = 'pending'`);
  // Written by other means than the API (which now refuses them): 300 comments of 4 000 characters.
  await t.pool.query(
    `insert into comments (lender_id, application_id, type, message, user_id)
     select a.lender_id, a.id, 'JOURNAL', repeat('Payoff confirmed with the seller. ', 118), null
       from applications a, generate_series(1, 300) n where a.id = $1`,
    [id],
  );
});
afterAll(async () => {
  await setPdfBudget(initial);
  await t.close();
});

describe('PDF budgets over HTTP', () => {
  it('answers 422 with the error body for a summary too large to print, at once', async () => {
    const response = await preview(['comments']);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'VALIDATION',
      message: messages.limits.pdfTooLarge('it holds more than 500,000 characters'),
    });
  });

  it('answers 503 BUSY with Retry-After when a render runs over the time budget', async () => {
    await setPdfBudget({ timeoutMs: 50 });
    const response = await preview(['request']);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ code: 'BUSY', message: messages.limits.pdfTimedOut(0.05) });
    await setPdfBudget(initial);
    expect((await preview(['request'])).statusCode).toBe(200);
  });

  it(`charges each user its printing (${PDF_USER_SHARE_MS} ms a second): in debt a print waits, further in debt it is refused with Retry-After; others print`, async () => {
    const share = pdfShareOf();
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'officer'`);
    const officerId = rows[0]!.id;
    // A print is charged its time.
    const before = share.balanceOf(officerId);
    expect((await preview(['request'])).statusCode).toBe(200);
    expect(share.balanceOf(officerId)).toBeLessThan(before);

    // 0.3 s of printing in debt: the next print waits for it.
    share.charge(officerId, share.balanceOf(officerId) + 0.3 * PDF_USER_SHARE_MS);
    const started = performance.now();
    expect((await preview(['request'])).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);

    // Further in debt than a print may wait: refused at once with the seconds to wait; another user prints.
    share.charge(officerId, share.balanceOf(officerId) + 2 * SHARE_MAX_WAIT_MS * (PDF_USER_SHARE_MS / 1000));
    const refused = await preview(['request']);
    expect(refused.statusCode, refused.body).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(SHARE_MAX_WAIT_MS / 1000);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: messages.limits.pdfOverShare(seconds),
    });
    const admin = await signIn(t, 'admin', 'Admin2026');
    const other = await admin.post(loanSummaryEndpoints.preview.path.replace(':id', String(id)), {
      sections: ['request'],
    });
    expect(other.statusCode, other.body).toBe(200);
    // Paid back (as time would): the officer prints again.
    share.forgive(officerId);
    expect((await preview(['request'])).statusCode).toBe(200);
  });
});
