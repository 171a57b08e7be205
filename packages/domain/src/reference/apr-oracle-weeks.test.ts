/** Production APRs against the Appendix J oracle: weekly, bi-weekly and semi-monthly loans. */
import { describe, expect, it } from 'vitest';
import { checkAgainstOracle } from './loan-properties.ts';

describe.each(['Weekly', 'BiWeekly', 'SemiMonthly'] as const)('%s loans', (frequency) => {
  it('10,000 generated loans: APR within 0.0001 points of the oracle; schedules add up to a zero balance', () => {
    const { refused } = checkAgainstOracle(frequency, 10_000);
    expect(refused).toBeLessThan(1_000);
  }, 60_000);
});
