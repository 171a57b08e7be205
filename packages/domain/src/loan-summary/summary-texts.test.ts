import {
  loanSummarySectionLabels,
  loanSummarySections,
  loanSummaryTexts,
  printableSections,
} from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { summarySectionLabels, summarySectionOrders, summaryTexts } from './summary-texts.ts';

describe('the mirrored loan summary constants', () => {
  it('equal the pinned texts', () => {
    for (const [key, text] of Object.entries(summaryTexts)) {
      expect(loanSummaryTexts[key as keyof typeof loanSummaryTexts], key).toBe(text);
    }
  });
  it('equal the pinned section labels and orders', () => {
    expect(summarySectionLabels).toEqual(loanSummarySectionLabels);
    expect(summarySectionOrders.page).toEqual(loanSummarySections);
    expect(summarySectionOrders.salesBeforeDecision).toEqual(
      printableSections({ enabled: true, displayOption: 'beforeDecision' }),
    );
    expect(summarySectionOrders.salesAfterDecision).toEqual(
      printableSections({ enabled: true, displayOption: 'afterDecision' }),
    );
  });
});
