import { loanSummaryEndpoints } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, signIn, SUMMIT, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { pdfBudget, pdfTexts, setPdfBudget } from './pdf.ts';

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
      message: pdfTexts.tooLarge('it holds more than 500,000 characters'),
    });
  });

  it('answers 503 BUSY with Retry-After when a render runs over the time budget', async () => {
    await setPdfBudget({ timeoutMs: 50 });
    const response = await preview(['request']);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ code: 'BUSY', message: pdfTexts.timedOut(0.05) });
    await setPdfBudget(initial);
    expect((await preview(['request'])).statusCode).toBe(200);
  });
});
