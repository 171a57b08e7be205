import { describe, expect, it } from 'vitest';
import type { LoanSummaryExport } from '@credence/contracts';
import { exportOfFunding } from './api.ts';

const exportRow = (id: number, createdAt: string, status: LoanSummaryExport['status']): LoanSummaryExport => ({
  id,
  fundingSequence: id,
  status,
  attempts: 1,
  appFileId: status === 'done' ? 100 + id : null,
  fileName: status === 'done' ? `Doe_${id}.pdf` : null,
  createdAt,
  finishedAt: status === 'queued' ? null : createdAt,
});

describe("the export the 'Exporting Loan Summary' toast watches", () => {
  // Newest first, as the exports call answers.
  const earlier = exportRow(1, '2026-11-20T15:00:02.000Z', 'done');

  it("is none while the job has not made the export of this funding (not an earlier funding's)", () => {
    expect(exportOfFunding([earlier], '2026-11-26T14:00:00.000Z')).toBeUndefined();
  });

  it("is the newest export made after the funding, whatever an earlier funding's export says", () => {
    const current = exportRow(2, '2026-11-26T14:00:00.350Z', 'queued');
    expect(exportOfFunding([current, earlier], '2026-11-26T14:00:00.120Z')).toBe(current);
  });

  it('allows a second of clock difference between the funding and the export row', () => {
    const current = exportRow(2, '2026-11-26T13:59:59.500Z', 'failed');
    expect(exportOfFunding([current, earlier], '2026-11-26T14:00:00.000Z')).toBe(current);
  });
});
