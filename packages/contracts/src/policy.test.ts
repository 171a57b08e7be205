import { describe, expect, it } from 'vitest';
import { creditTierSetSchema, policyBundleSchema, upgradeCreditTierSet } from './policy.ts';

const oldSet = {
  id: '7',
  name: 'Consumer tiers',
  scoreModel: 'FICO Auto 8',
  tiers: [
    { name: 'A', minScore: 720, maxScore: 900 },
    { name: 'B', minScore: 300, maxScore: 719 },
  ],
};

describe('credit tier sets', () => {
  it('a set stored before tiers had ranges per score model reads in today’s shape', () => {
    expect(creditTierSetSchema.parse(oldSet)).toEqual({
      id: '7',
      name: 'Consumer tiers',
      scoreModels: ['FICO Auto 8'],
      tiers: [
        { name: 'A', ranges: { 'FICO Auto 8': { minScore: 720, maxScore: 900 } }, conditions: [] },
        { name: 'B', ranges: { 'FICO Auto 8': { minScore: 300, maxScore: 719 } }, conditions: [] },
      ],
    });
    expect(
      policyBundleSchema.parse({ creditTierSets: [oldSet], matrices: [], loanTermSets: [], workflows: [] })
        .creditTierSets[0]!.scoreModels,
    ).toEqual(['FICO Auto 8']);
  });

  it('today’s shape, with ranges per model and conditions, is left as it is', () => {
    const set = {
      id: '8',
      name: 'Two models',
      scoreModels: ['FICO 8', 'VantageScore 3.0'],
      tiers: [
        {
          name: 'A',
          ranges: { 'FICO 8': { minScore: 660, maxScore: 719 }, 'VantageScore 3.0': { minScore: 650, maxScore: 709 } },
          conditions: [{ key: 'product', cell: { kind: 'value', values: ['3'] } }],
        },
      ],
    };
    expect(upgradeCreditTierSet(set)).toBe(set);
    expect(creditTierSetSchema.parse(set)).toEqual(set);
  });

  it('an unknown score model of an old set is refused on the new field', () => {
    const result = creditTierSetSchema.safeParse({ ...oldSet, scoreModel: 'FICO 99' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'scoreModels.0',
      'tiers.0.ranges',
      'tiers.1.ranges',
    ]);
  });
});
