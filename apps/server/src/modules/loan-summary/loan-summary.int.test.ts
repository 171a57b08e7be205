import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  loanSummaryEndpoints,
  loanSummarySectionLabels,
  loanSummaryTexts,
  printableSections,
  type LoanSummaryExport,
  type LoanSummarySection,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresFileStore } from '../../platform/file-store.ts';
import { drainOutbox, type OutboxRow } from '../../platform/outbox.ts';
import { HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportLoanSummaryOnFunding, loanFundedHandler, type LoanSummaryExportDeps } from './loan-summary-export.ts';
import { renderSummaryPdf } from './loan-summary-pdf.ts';

/** The text of each page of a PDF as `pdftotext -layout` reads it. */
const pdfPages = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loan-summary-'));
  try {
    writeFileSync(path.join(dir, 'summary.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'summary.pdf'), '-'], { encoding: 'utf8' });
    return text.split('\f').filter((page) => page.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const url = (template: string, id: number) => template.replace(':id', String(id));
const allSections = printableSections({ enabled: false, displayOption: 'afterDecision' });

describe('loan summary PDF, attach and export on funding (issue 15 items 4 and 5)', () => {
  let t: TestApp;
  let officer: ApiClient;
  let harbor: ApiClient;
  let summitId: number;
  let harborId: number;
  let funded: { id: number; last: string };
  let fresh: number;
  let deps: LoanSummaryExportDeps;

  /** The `loan.funded` outbox event of an application, as the drain hands it to the handler. */
  const fundedEvent = async (applicationId: number): Promise<OutboxRow> => {
    const { rows } = await t.pool.query<{
      id: number;
      lender_id: number;
      kind: string;
      payload: Record<string, unknown>;
    }>(
      `select id, lender_id, kind, payload from outbox where kind = 'loan.funded' and (payload->>'applicationId')::int = $1
        order by id desc limit 1`,
      [applicationId],
    );
    const row = rows[0]!;
    return { id: row.id, lenderId: row.lender_id, kind: row.kind, payload: row.payload, attempts: 0 };
  };
  const summaryFiles = async (applicationId: number) =>
    (
      await t.pool.query<{ id: number; file_name: string }>(
        'select id, file_name from application_files where application_id = $1 and upload_type_id = 9 order by id',
        [applicationId],
      )
    ).rows;
  const exportsOf = async (applicationId: number) => {
    const response = await officer.get(url(loanSummaryEndpoints.exports.path, applicationId));
    expect(response.statusCode).toBe(200);
    return response.json<LoanSummaryExport[]>();
  };
  const fundedApplication = async (lender: string, offset: number) => {
    const { rows } = await t.pool.query<{ id: number; last_name: string }>(
      `select a.id, p.last_name from applications a join lenders l on l.id = a.lender_id
         join applicants p on p.application_id = a.id and p.role = 'PRIMARY'
        where l.name = $1 and a.state = 'funded'
          and exists (select 1 from outbox o where o.kind = 'loan.funded' and (o.payload->>'applicationId')::int = a.id)
        order by a.id offset $2 limit 1`,
      [lender, offset],
    );
    return { id: rows[0]!.id, last: rows[0]!.last_name };
  };

  beforeAll(async () => {
    t = await createTestApp();
    officer = await signIn(t, 'officer', 'Officer2026');
    harbor = await signIn(t, 'harbor', 'Harbor2026');
    const lenderIdOf = async (name: string) =>
      (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [name])).rows[0]!.id;
    summitId = await lenderIdOf(SUMMIT);
    harborId = await lenderIdOf(HARBOR);
    funded = await fundedApplication(SUMMIT, 0);
    // An application of Summit without a decision or a loan.
    fresh = (
      await t.pool.query<{ id: number }>(
        `select a.id from applications a where a.lender_id = $1
            and not exists (select 1 from application_decisions d where d.application_id = a.id)
            and not exists (select 1 from loans n where n.application_id = a.id)
            and exists (select 1 from applicants p where p.application_id = a.id)
          order by a.id limit 1`,
        [summitId],
      )
    ).rows[0]!.id;
    deps = { app: t.app, db: t.db, fileStore: postgresFileStore };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('previews a funded loan: the footer on every page, the sections in order, the print in the history', async () => {
    const response = await officer.post(url(loanSummaryEndpoints.preview.path, funded.id), {
      sections: allSections,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ fileName: string; contentBase64: string; pages: number }>();
    expect(body.fileName).toMatch(new RegExp(`${funded.last}.*_${funded.id}\\.pdf$`));
    const pdf = Buffer.from(body.contentBase64, 'base64');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(body.pages);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${body.pages}`);
      expect(text).toContain(String(funded.id));
      expect(text).toContain(funded.last);
      // Every time in it is the lender's (Summit: America/Denver), and each page names the zone (issue 29, item 10).
      expect(text).toContain('Times in America/Denver');
    });
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Link/);
    const all = pages.join('\n').toLowerCase();
    const titles = ['Channel And Product', 'Request', 'Credit Review', 'Decision', 'Requirements', 'Funding'];
    const at = titles.map((title) => all.indexOf(title.toLowerCase()));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(all.lastIndexOf('application history')).toBeGreaterThan(at.at(-1)!);

    const { rows } = await t.pool.query<{ description: string; user_id: number }>(
      `select description, user_id from application_history where application_id = $1 and action = $2`,
      [funded.id, loanSummaryTexts.historyAction],
    );
    expect(rows).toHaveLength(1);
    for (const section of allSections) expect(rows[0]!.description).toContain(loanSummarySectionLabels[section]);
  });

  it('prints the empty states of an application without a decision or a loan, only the chosen sections', async () => {
    const sections: LoanSummarySection[] = ['decision', 'funding'];
    const response = await officer.post(url(loanSummaryEndpoints.preview.path, fresh), { sections });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ contentBase64: string; pages: number }>();
    const text = pdfPages(Buffer.from(body.contentBase64, 'base64')).join('\n');
    expect(text).toContain(loanSummaryTexts.noDecisionData);
    expect(text).toContain(loanSummaryTexts.noFundingData);
    expect(text).not.toContain('Application History');
    expect(text).toContain(`Page 1 of ${body.pages}`);
    const { rows } = await t.pool.query<{ description: string }>(
      `select description from application_history where application_id = $1 and action = $2`,
      [fresh, loanSummaryTexts.historyAction],
    );
    expect(rows.map((r) => r.description)).toEqual([expect.stringContaining('Sections: Decision, Funding')]);
  });

  it('attaches the PDF as one Loan Summary file with its history row (201)', async () => {
    const before = await summaryFiles(fresh);
    const response = await officer.post(url(loanSummaryEndpoints.attach.path, fresh), {
      sections: ['channelAndProduct', 'applicants'],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ appFileId: number; fileName: string }>();
    const after = await summaryFiles(fresh);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toEqual({ id: body.appFileId, file_name: body.fileName });
    const files = await officer.get(`/api/applications/${fresh}/files`);
    expect(files.statusCode).toBe(200);
    expect(JSON.stringify(files.json())).toContain(body.fileName);
    const { rows } = await t.pool.query<{ action: string; description: string }>(
      `select action, description from application_history where application_id = $1 and action in ($2, $3) order by id`,
      [fresh, loanSummaryTexts.historyAction, loanSummaryTexts.attached],
    );
    expect(rows.at(-1)).toEqual({
      action: loanSummaryTexts.attached,
      description: expect.stringContaining('Channel And Product, Applicants'),
    });
  });

  it('refuses no section with the spec message (422), another lender’s application (404), never a 500', async () => {
    const none = await officer.post(url(loanSummaryEndpoints.preview.path, fresh), { sections: [] });
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain(loanSummaryTexts.atLeastOneSection);
    const attachNone = await officer.post(url(loanSummaryEndpoints.attach.path, fresh), { sections: [] });
    expect(attachNone.statusCode).toBe(422);
    for (const endpoint of [loanSummaryEndpoints.preview, loanSummaryEndpoints.attach]) {
      const other = await harbor.post(url(endpoint.path, fresh), { sections: allSections });
      expect(other.statusCode).toBe(404);
    }
    expect((await harbor.get(url(loanSummaryEndpoints.exports.path, fresh))).statusCode).toBe(404);
    expect(
      (await officer.post(url(loanSummaryEndpoints.preview.path, 2147483647), { sections: ['request'] })).statusCode,
    ).toBe(404);
    expect(await summaryFiles(fresh)).toHaveLength(1);
  });

  it('exports on funding exactly once when the job runs twice at the same time', async () => {
    const event = await fundedEvent(funded.id);
    expect(event.lenderId).toBe(summitId);
    expect(event.payload).toMatchObject({ exportLoanSummary: true, fundedByUserId: expect.any(Number) });
    const outcomes = await Promise.all([
      exportLoanSummaryOnFunding(deps, event),
      exportLoanSummaryOnFunding(deps, event),
    ]);
    expect(outcomes.sort()).toEqual(['attached', 'exists']);
    expect(await exportLoanSummaryOnFunding(deps, event)).toBe('exists');
    const files = await summaryFiles(funded.id);
    expect(files).toHaveLength(1);
    const exports = await exportsOf(funded.id);
    expect(exports).toEqual([
      expect.objectContaining({
        status: 'done',
        attempts: 1,
        appFileId: files[0]!.id,
        fileName: files[0]!.file_name,
        fundingSequence: event.payload.fundingSequence,
      }),
    ]);
    const pages = pdfPages(
      (
        await t.pool.query<{ content: Buffer }>(
          'select c.content from application_files f join file_contents c on c.id = f.file_id where f.id = $1',
          [files[0]!.id],
        )
      ).rows[0]!.content,
    );
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  });

  it('retries a failed export with the outbox and still attaches one PDF; failed once the outbox gives up', async () => {
    const second = await fundedApplication(SUMMIT, 1);
    const event = await fundedEvent(second.id);
    let calls = 0;
    const flaky: LoanSummaryExportDeps = {
      ...deps,
      render: async (doc) => {
        calls += 1;
        if (calls === 1) throw new Error(`renderer crashed for ${second.last} <x@example.com>`);
        return renderSummaryPdf(doc);
      },
    };
    // Through the real drain: the first attempt fails (counted on the outbox row and the export row), the retry
    // (backoff 0 here) attaches.
    const handlers = { 'loan.funded': loanFundedHandler(flaky) };
    const only = async () => {
      await t.pool.query(
        `update outbox set delivered_at = now() where kind = 'loan.funded' and delivered_at is null and id <> $1`,
        [event.id],
      );
    };
    await only();
    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 0, failed: 1 });
    const [failedOnce] = await exportsOf(second.id);
    expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1, appFileId: null });
    const { rows: errors } = await t.pool.query<{ last_error: string }>(
      'select last_error from loan_summary_exports where application_id = $1',
      [second.id],
    );
    expect(errors[0]!.last_error).toContain('renderer crashed');
    expect(errors[0]!.last_error).not.toContain('x@example.com');
    expect(await drainOutbox(t.db, handlers, { retryBaseSeconds: 0 })).toEqual({ delivered: 1, failed: 0 });
    expect(await summaryFiles(second.id)).toHaveLength(1);
    expect(await exportsOf(second.id)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);

    // A third funding whose every attempt fails: 'failed' on the attempt after which the outbox gives up.
    const third = await fundedApplication(SUMMIT, 2);
    const broken: LoanSummaryExportDeps = {
      ...deps,
      maxAttempts: 2,
      render: () => Promise.reject(new Error('renderer down')),
    };
    const thirdEvent = await fundedEvent(third.id);
    await expect(exportLoanSummaryOnFunding(broken, thirdEvent)).rejects.toThrow('renderer down');
    expect((await exportsOf(third.id))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    await expect(exportLoanSummaryOnFunding(broken, { ...thirdEvent, attempts: 1 })).rejects.toThrow();
    expect((await exportsOf(third.id))[0]).toMatchObject({ status: 'failed', attempts: 2, appFileId: null });
    expect(await summaryFiles(third.id)).toHaveLength(0);
  });

  it('exports nothing when the lender setting was off at funding time', async () => {
    const harborFunded = await fundedApplication(HARBOR, 0);
    const event = await fundedEvent(harborFunded.id);
    expect(event.lenderId).toBe(harborId);
    expect(event.payload).toMatchObject({ exportLoanSummary: false });
    expect(await exportLoanSummaryOnFunding(deps, event)).toBe('skipped');
    const off = { ...(await fundedEvent(funded.id)), payload: { ...event.payload, applicationId: funded.id } };
    expect(await exportLoanSummaryOnFunding(deps, off)).toBe('skipped');
    expect(await summaryFiles(harborFunded.id)).toHaveLength(0);
    const { rows } = await t.pool.query('select 1 from loan_summary_exports where application_id = $1', [
      harborFunded.id,
    ]);
    expect(rows).toHaveLength(0);
    const list = await harbor.get(url(loanSummaryEndpoints.exports.path, harborFunded.id));
    expect(list.json()).toEqual([]);
  });
});
