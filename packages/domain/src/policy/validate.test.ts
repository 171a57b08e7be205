import type {
  CreditTier,
  CreditTierSet,
  LoanTermSet,
  Matrix,
  PolicyBundle,
  Workflow,
  WorkflowNode,
} from '@credence/contracts/policy';
import { describe, expect, it } from 'vitest';
import { demoPolicyBundle } from './demo-policy.ts';
import { validatePolicy } from './validate.ts';

const empty: PolicyBundle = { creditTierSets: [], matrices: [], loanTermSets: [], workflows: [] };
const messages = (bundle: Partial<PolicyBundle>) => validatePolicy({ ...empty, ...bundle }).map((p) => p.message);
const problems = (bundle: Partial<PolicyBundle>) => validatePolicy({ ...empty, ...bundle });

const workflow = (
  nodes: WorkflowNode[],
  kind: Workflow['kind'] = 'loanPolicy',
  startNodeId = nodes[0]!.id,
): Workflow => ({
  id: 'w',
  name: 'Test',
  kind,
  loanProductIds: [],
  startNodeId,
  nodes,
});
const end = (id: string, outcome = 'Approve'): WorkflowNode => ({ id, name: id, type: 'outcome', outcome });
const set = (id: string, next: string): WorkflowNode => ({
  id,
  name: id,
  type: 'setValue',
  field: 'tier',
  value: 'A',
  next,
});

const tiers = (list: [string, number, number][]): CreditTierSet => ({
  id: 'tiers',
  name: 'Tiers',
  scoreModels: ['FICO 8'],
  tiers: list.map(([name, minScore, maxScore]) => ({ name, ranges: { 'FICO 8': { minScore, maxScore } } })),
});

type FeesMatrix = Extract<Matrix, { matrixType: 'Fees' }>;

const ltvMatrix = (bands: [string | null, string | null][]): FeesMatrix =>
  ({
    id: 'm',
    name: 'LTV fees',
    matrixType: 'Fees',
    axes: [
      { key: 'channel', kind: 'value' },
      { key: 'ltv', kind: 'range' },
    ],
    rows: bands.map(([min, max]) => ({
      cells: [
        { kind: 'value', values: ['Direct'] },
        { kind: 'range', min, max },
      ],
      result: { fee: '10.00' },
    })),
  }) as FeesMatrix;

describe('validatePolicy', () => {
  it('finds nothing wrong with the demo policy', () => {
    expect(validatePolicy(demoPolicyBundle)).toEqual([]);
  });

  describe('workflows', () => {
    it('an edge to a node that does not exist', () => {
      expect(problems({ workflows: [workflow([set('a', 'ghost'), end('b')])] })).toContainEqual({
        path: 'workflows[w].nodes[a].next',
        message: 'Workflow Test: the next edge of node "a" leads to "ghost", which is not a node of the workflow.',
      });
    });

    it('a cycle', () => {
      expect(
        messages({
          workflows: [
            workflow([
              set('a', 'b'),
              set('b', 'c'),
              {
                id: 'c',
                name: 'c',
                type: 'factCondition',
                fact: 'hasBankruptcy',
                equals: true,
                onPass: 'a',
                onFail: 'done',
              },
              end('done'),
            ]),
          ],
        }),
      ).toEqual(['Workflow Test: nodes "a" → "b" → "c" → "a" form a cycle; a run would never end.']);
    });

    it('a cycle names its nodes by id, for the editor to mark them', () => {
      const cycle = workflow([set('a', 'b'), set('b', 'a')]);
      expect(problems({ workflows: [cycle] })).toContainEqual({
        path: 'workflows[w].nodes[a]',
        message: 'Workflow Test: nodes "a" → "b" → "a" form a cycle; a run would never end.',
        nodeIds: ['a', 'b'],
      });
    });

    it('no outcome reachable from the start', () => {
      expect(messages({ workflows: [workflow([set('a', 'a'), end('lost')])] })).toEqual([
        'Workflow Test: nodes "a" → "a" form a cycle; a run would never end.',
        'Workflow Test: outcome node "lost" (Approve) can never be reached from the start node.',
        'Workflow Test: no outcome can be reached from the start node; every run must end in an outcome.',
      ]);
    });

    it('an unreachable node', () => {
      expect(messages({ workflows: [workflow([set('a', 'done'), set('island', 'done'), end('done')])] })).toEqual([
        'Workflow Test: node "island" can never be reached from the start node.',
      ]);
    });

    it('a start node that does not exist, and duplicate node ids', () => {
      expect(messages({ workflows: [workflow([end('a'), end('a')], 'loanPolicy', 'nope')] })).toEqual([
        'Workflow Test: two nodes have the id "a".',
        'Workflow Test: the start node "nope" is not a node of the workflow.',
      ]);
    });

    it('unknown matrix, tier set and term set references, and the wrong kind of matrix', () => {
      const nodes: WorkflowNode[] = [
        { id: 'a', name: 'a', type: 'matrixLookup', matrixId: 'nope', next: 'b' },
        { id: 'b', name: 'b', type: 'tierAssignment', creditTierSetId: 'nope', next: 'c' },
        { id: 'c', name: 'c', type: 'loanTermLookup', loanTermSetId: 'nope', next: 'd' },
        { id: 'd', name: 'd', type: 'passFailMatrix', matrixId: 'auto-rates', onPass: 'e', onFail: 'e' },
        { id: 'e', name: 'e', type: 'matrixLookup', matrixId: 'auto-approval-tiers', next: 'done' },
        end('done'),
      ];
      expect(validatePolicy({ ...demoPolicyBundle, workflows: [workflow(nodes)] }).map((p) => p.message)).toEqual([
        'Workflow Test: node "a" looks up matrix "nope", which does not exist.',
        'Workflow Test: node "b" uses credit tier set "nope", which does not exist.',
        'Workflow Test: node "c" uses loan term set "nope", which does not exist.',
        'Workflow Test: node "d" needs a pass/fail matrix, and Auto base rates is a Rate matrix.',
        'Workflow Test: node "e" looks up the pass/fail matrix Tiers approved automatically; use a pass/fail node.',
      ]);
    });

    it('an auto-approval outcome other than Approve, ManualReview or Decline; a set value that is not a number', () => {
      expect(
        messages({
          workflows: [
            workflow(
              [{ id: 'a', name: 'a', type: 'setValue', field: 'rate', value: 'high', next: 'b' }, end('b', 'Maybe')],
              'autoApproval',
            ),
          ],
        }),
      ).toEqual([
        'Workflow Test: node "a" sets rate to "high", which is not a number.',
        'Workflow Test: an auto-approval workflow ends in Approve, ManualReview or Decline, not "Maybe".',
      ]);
    });
  });

  describe('credit tier sets', () => {
    it.each([
      [
        'overlapping tiers',
        tiers([
          ['A', 700, 850],
          ['B', 600, 700],
        ]),
        'Tiers: tiers B (FICO 8 600 to 700) and A (FICO 8 700 to 850) overlap; a FICO 8 score of 700 would fall in both.',
      ],
      [
        'a gap',
        tiers([
          ['A', 701, 850],
          ['B', 600, 699],
        ]),
        'Tiers: a FICO 8 score of 700 falls between tiers B and A, in no tier.',
      ],
      [
        'an upside-down tier',
        tiers([['A', 850, 700]]),
        'Tiers: tier A starts at FICO 8 850, above its highest score 700.',
      ],
      [
        'two tiers of one name',
        tiers([
          ['A', 700, 850],
          ['A', 600, 699],
        ]),
        'Tiers: two tiers are named A.',
      ],
      [
        'tiers out of order',
        tiers([
          ['B', 600, 699],
          ['A', 700, 850],
          ['C', 500, 599],
        ]),
        'Tiers: list the tiers in FICO 8 score order (best first or worst first).',
      ],
    ])('%s', (_case, tierSet, message) => {
      expect(messages({ creditTierSets: [tierSet] })).toEqual([message]);
    });

    /** Tiers with ranges of two models and conditions. */
    const twoModels = (
      list: {
        name: string;
        fico?: [number, number];
        vantage?: [number, number];
        conditions?: CreditTier['conditions'];
      }[],
    ): CreditTierSet => ({
      id: 'tiers',
      name: 'Tiers',
      scoreModels: ['FICO 8', 'VantageScore 3.0'],
      tiers: list.map(({ name, fico, vantage, conditions }) => ({
        name,
        ranges: {
          ...(fico ? { 'FICO 8': { minScore: fico[0], maxScore: fico[1] } } : {}),
          ...(vantage ? { 'VantageScore 3.0': { minScore: vantage[0], maxScore: vantage[1] } } : {}),
        },
        conditions,
      })),
    });
    const newOnly: CreditTier['conditions'] = [{ key: 'newUsed', cell: { kind: 'value', values: ['New'] } }];
    const usedOnly: CreditTier['conditions'] = [{ key: 'newUsed', cell: { kind: 'value', values: ['Used'] } }];

    it('ranges per model: an overlap names the model and the tiers; the other model is fine', () => {
      expect(
        problems({
          creditTierSets: [
            twoModels([
              { name: 'A', fico: [720, 850], vantage: [710, 850] },
              { name: 'B', fico: [660, 720], vantage: [650, 709] },
            ]),
          ],
        }),
      ).toEqual([
        {
          path: 'creditTierSets[tiers].tiers',
          message:
            'Tiers: tiers B (FICO 8 660 to 720) and A (FICO 8 720 to 850) overlap; a FICO 8 score of 720 would fall in both.',
        },
      ]);
    });

    it('tiers whose conditions cannot both hold may share a range; ones that can may not', () => {
      expect(
        messages({
          creditTierSets: [
            twoModels([
              { name: 'A new', fico: [700, 850], vantage: [700, 850], conditions: newOnly },
              { name: 'A used', fico: [700, 850], vantage: [700, 850], conditions: usedOnly },
              { name: 'B', fico: [300, 699], vantage: [300, 699] },
            ]),
          ],
        }),
      ).toEqual([]);
      expect(
        messages({
          creditTierSets: [
            twoModels([
              { name: 'A new', fico: [700, 850], conditions: newOnly },
              { name: 'A', fico: [700, 850] },
            ]),
          ],
        }),
      ).toEqual([
        'Tiers: tiers A new (FICO 8 700 to 850) and A (FICO 8 700 to 850) overlap; a FICO 8 score of 700 would fall in both.',
      ]);
    });

    it('a range of a model the set does not list, a tier without ranges, conditions of the wrong kind', () => {
      expect(
        messages({
          creditTierSets: [
            {
              ...twoModels([{ name: 'A', fico: [300, 850], vantage: [300, 850] }, { name: 'X' }]),
              scoreModels: ['FICO 8'],
              tiers: [
                {
                  name: 'A',
                  ranges: { 'FICO 8': { minScore: 300, maxScore: 850 }, 'FICO 9': { minScore: 1, maxScore: 2 } },
                },
                {
                  name: 'X',
                  ranges: {},
                  conditions: [
                    { key: 'creditTier', cell: { kind: 'value', values: ['A'] } },
                    { key: 'collateralAge', cell: { kind: 'value', values: ['1'] } },
                    { key: 'ltv', cell: { kind: 'range', min: '90', max: '80' } },
                  ],
                },
              ],
            },
          ],
        }),
      ).toEqual([
        'Tiers: tier A has a range for FICO 9, which the set does not list.',
        'Tiers: tier X has no score range.',
        'Tiers: tier X cannot have a condition on the credit tier.',
        'Tiers: tier X, condition Collateral age takes a range.',
        'Tiers: tier X, condition LTV: the minimum 90 is above the maximum 80.',
      ]);
    });
  });

  describe('matrices', () => {
    it('accepts adjoining ranges at the column precision', () => {
      expect(
        messages({
          matrices: [
            ltvMatrix([
              [null, '90.00'],
              ['90.01', '110.00'],
              ['110.01', null],
            ]),
          ],
        }),
      ).toEqual([]);
    });

    it('overlapping rows', () => {
      expect(
        problems({
          matrices: [
            ltvMatrix([
              [null, '90.00'],
              ['90.00', '110.00'],
            ]),
          ],
        }),
      ).toEqual([
        {
          path: 'matrices[m].rows[1]',
          message:
            'Matrix LTV fees: rows 1 and 2 overlap (row 1: Channel Direct, LTV 90.00% or less; row 2: Channel Direct, LTV 90.00% to 110.00%): an application could match both.',
        },
      ]);
    });

    it('a gap between ranges of rows alike on the other axes (but not across different channels)', () => {
      const matrix = ltvMatrix([
        [null, '90.00'],
        ['90.02', '110.00'],
      ]);
      matrix.rows.push({
        cells: [
          { kind: 'value', values: ['Indirect'] },
          { kind: 'range', min: '95.00', max: null },
        ],
        result: { fee: '1.00' },
      } as FeesMatrix['rows'][number]);
      expect(problems({ matrices: [matrix] })).toEqual([
        { path: 'matrices[m].rows[1]', message: 'Matrix LTV fees: between rows 1 and 2, LTV 90.01% matches no row.' },
      ]);
    });

    it('malformed rows and cells', () => {
      const matrix = ltvMatrix([
        ['100.00', '90.00'],
        ['130.005', null],
      ]);
      matrix.rows.push({
        cells: [{ kind: 'value', values: ['Direct'] }],
        result: { fee: '1.00' },
      } as FeesMatrix['rows'][number]);
      matrix.rows.push({
        cells: [
          { kind: 'range', min: null, max: null },
          { kind: 'range', min: '0', max: '1' },
        ],
        result: { fee: '1.00' },
      } as FeesMatrix['rows'][number]);
      expect(messages({ matrices: [matrix] })).toEqual([
        'Matrix LTV fees: row 1, LTV: the minimum 100.00 is above the maximum 90.00.',
        'Matrix LTV fees: row 2, LTV: 130.005 has more decimals than the column compares (2).',
        'Matrix LTV fees: row 3 has 1 cells for 2 columns.',
        'Matrix LTV fees: row 4, Channel takes a list of values.',
      ]);
    });

    it('columns the matrix type does not have, columns of the wrong kind, a column twice, no rows', () => {
      expect(
        messages({
          matrices: [
            {
              id: 'l',
              name: 'Limits',
              matrixType: 'LoanLimit',
              axes: [
                { key: 'amount', kind: 'range' },
                { key: 'termMonths', kind: 'value' },
                { key: 'channel', kind: 'value' },
                { key: 'channel', kind: 'value' },
              ],
              rows: [],
            },
          ],
        }),
      ).toEqual([
        'Matrix Limits: a LoanLimit matrix cannot have a Amount column.',
        'Matrix Limits: the Term column takes ranges.',
        'Matrix Limits: the Channel column appears twice.',
        'Matrix Limits has no rows.',
      ]);
    });

    it('a tier set that does not exist, and tiers the bound set does not have', () => {
      const bound = (creditTierSetId: string): Matrix => ({
        id: `m-${creditTierSetId}`,
        name: 'Tier fees',
        matrixType: 'Fees',
        creditTierSetId,
        axes: [{ key: 'creditTier', kind: 'value' }],
        rows: [{ cells: [{ kind: 'value', values: ['A', 'Z'] }], result: { fee: '1.00' } }],
      });
      expect(
        messages({
          creditTierSets: [tiers([['A', 300, 850]])],
          matrices: [bound('tiers'), bound('ghost')],
        }),
      ).toEqual([
        'Matrix Tier fees: row 1 names tier Z, which Tiers does not have.',
        'Matrix Tier fees is bound to credit tier set "ghost", which does not exist.',
      ]);
    });
  });

  describe('loan term sets', () => {
    it('overlaps and gaps of age and amount', () => {
      const termSet: LoanTermSet = {
        id: 't',
        name: 'Terms',
        rows: [
          { collateralAge: { kind: 'range', max: '3' }, amount: { kind: 'range', max: '9999.99' }, terms: [36] },
          { collateralAge: { kind: 'range', max: '3' }, amount: { kind: 'range', min: '10000.01' }, terms: [60] },
          { collateralAge: { kind: 'range', min: '3' }, amount: { kind: 'range' }, terms: [24] },
        ],
      };
      expect(messages({ loanTermSets: [termSet] })).toEqual([
        'Loan term set Terms: rows 1 and 3 overlap (row 1: collateral age 3 years or less, amount $9999.99 or less; row 3: collateral age 3 years or more, amount any): an application could match both.',
        'Loan term set Terms: rows 2 and 3 overlap (row 2: collateral age 3 years or less, amount $10000.01 or more; row 3: collateral age 3 years or more, amount any): an application could match both.',
        'Loan term set Terms: between rows 1 and 2, amount $10000.00 matches no row.',
      ]);
    });
  });

  it('duplicate object ids', () => {
    expect(messages({ creditTierSets: [tiers([['A', 300, 850]]), tiers([['A', 300, 850]])] })).toEqual([
      'Two credit tier sets have the id "tiers".',
    ]);
  });
});
