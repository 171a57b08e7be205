/**
 * The demo credit policy of a credit union (issue 12, item 6), as plain data the server seeds for each demo
 * lender: tiers A+ to E by FICO Auto 8 and VantageScore 4.0, an auto rate matrix by tier × term × LTV with additional rates for new /
 * used and age, loan limits by tier, a dealer fee, collateral and credit pass/fail matrices, loan term sets, the
 * auto, boat / RV and personal auto-approval workflows (DTI ≤ 50 %, PTI ≤ 20 %, LTV ≤ 130 %, vehicle age ≤ 10
 * years; OFAC and fraud alerts to ManualReview, bankruptcy to Decline) and a loan policy workflow with custom
 * outcomes.
 * `loanProductIds` are empty here: the seed binds the workflows to each lender's auto and personal products.
 */
import type {
  CreditTierSet,
  Matrix,
  MatrixCell,
  PolicyBundle,
  Workflow,
  WorkflowNode,
} from '@credence/contracts/policy';

const range = (min: string | null, max: string | null): MatrixCell => ({ kind: 'range', min, max });
const values = (...list: string[]): MatrixCell => ({ kind: 'value', values: list });

/** Hundredths of a percent to a rate text: 549 -> "5.49". */
const pct = (hundredths: number) => `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

export const demoTierNames = ['A+', 'A', 'B', 'C', 'D', 'E'] as const;

/** Score ranges of the tiers, FICO Auto 8 (250–900) and VantageScore 4.0 (300–850). */
const tierRanges: Record<(typeof demoTierNames)[number], [number, number, number, number]> = {
  'A+': [760, 900, 781, 850],
  A: [720, 759, 741, 780],
  B: [680, 719, 701, 740],
  C: [640, 679, 661, 700],
  D: [600, 639, 621, 660],
  E: [300, 599, 300, 620],
};

const tierSet: CreditTierSet = {
  id: 'fico-auto-8-tiers',
  name: 'Consumer tiers',
  scoreModels: ['FICO Auto 8', 'VantageScore 4.0'],
  tiers: demoTierNames.map((name) => {
    const [ficoMin, ficoMax, vantageMin, vantageMax] = tierRanges[name];
    return {
      name,
      ranges: {
        'FICO Auto 8': { minScore: ficoMin, maxScore: ficoMax },
        'VantageScore 4.0': { minScore: vantageMin, maxScore: vantageMax },
      },
    };
  }),
};

/* ---------------------------------------------------------------------------------------------- auto */

/** Base rates by tier, plus a term premium and an LTV premium, in hundredths of a percent. */
const autoTierBase: Record<(typeof demoTierNames)[number], number> = {
  'A+': 549,
  A: 599,
  B: 699,
  C: 849,
  D: 1099,
  E: 1499,
};
const autoTerms = [
  { min: null, max: '36', add: 0 },
  { min: '37', max: '48', add: 25 },
  { min: '49', max: '60', add: 50 },
  { min: '61', max: '72', add: 90 },
  { min: '73', max: '84', add: 150 },
];
const autoLtvs = [
  { min: null, max: '90.00', add: 0 },
  { min: '90.01', max: '110.00', add: 50 },
  { min: '110.01', max: '130.00', add: 125 },
];

const autoRates: Matrix = {
  id: 'auto-rates',
  name: 'Auto base rates',
  matrixType: 'Rate',
  creditTierSetId: tierSet.id,
  axes: [
    { key: 'creditTier', kind: 'value' },
    { key: 'termMonths', kind: 'range' },
    { key: 'ltv', kind: 'range' },
  ],
  rows: demoTierNames.flatMap((tier) =>
    autoTerms.flatMap((term) =>
      autoLtvs.map((ltv) => ({
        cells: [values(tier), range(term.min, term.max), range(ltv.min, ltv.max)],
        result: { rate: pct(autoTierBase[tier] + term.add + ltv.add) },
      })),
    ),
  ),
};

const autoAdditionalRates: Matrix = {
  id: 'auto-additional-rates',
  name: 'Auto additional rates (new / used)',
  matrixType: 'Rate',
  creditTierSetId: null,
  axes: [
    { key: 'newUsed', kind: 'value' },
    { key: 'collateralAge', kind: 'range' },
  ],
  rows: [
    { cells: [values('New'), range(null, null)], result: { adjustment: '-0.25' } },
    { cells: [values('Used'), range(null, '3')], result: { adjustment: '0' } },
    { cells: [values('Used'), range('4', '7')], result: { adjustment: '0.50' } },
    { cells: [values('Used'), range('8', null)], result: { adjustment: '1.00' } },
  ],
};

const autoLimits: Matrix = {
  id: 'auto-loan-limits',
  name: 'Auto loan limits',
  matrixType: 'LoanLimit',
  creditTierSetId: tierSet.id,
  axes: [{ key: 'creditTier', kind: 'value' }],
  rows: [
    { cells: [values('A+')], result: { maxAmount: '100000.00', maxLtv: '130.00' } },
    { cells: [values('A')], result: { maxAmount: '85000.00', maxLtv: '125.00' } },
    { cells: [values('B')], result: { maxAmount: '65000.00', maxLtv: '120.00' } },
    { cells: [values('C')], result: { maxAmount: '45000.00', maxLtv: '115.00' } },
    { cells: [values('D')], result: { maxAmount: '30000.00', maxLtv: '110.00' } },
    { cells: [values('E')], result: { maxAmount: '15000.00', maxLtv: '100.00' } },
  ],
};

const dealerFees: Matrix = {
  id: 'dealer-fees',
  name: 'Dealer fees',
  matrixType: 'Fees',
  creditTierSetId: null,
  axes: [
    { key: 'channel', kind: 'value' },
    { key: 'amount', kind: 'range' },
  ],
  rows: [
    { cells: [values('Direct'), range(null, null)], result: { fee: '0.00' } },
    { cells: [values('Indirect'), range(null, '9999.99')], result: { fee: '75.00' } },
    { cells: [values('Indirect'), range('10000.00', null)], result: { fee: '150.00' } },
  ],
};

const collateralEligibility: Matrix = {
  id: 'collateral-eligibility',
  name: 'Collateral eligibility',
  matrixType: 'PassFail',
  creditTierSetId: null,
  axes: [
    { key: 'collateralAge', kind: 'range' },
    { key: 'collateralMileage', kind: 'range' },
  ],
  rows: [
    { cells: [range('0', '10'), range('0', '150000')], result: { pass: true, reasonCodes: [] } },
    { cells: [range('0', '10'), range('150001', null)], result: { pass: false, reasonCodes: ['HIGH_MILEAGE'] } },
    { cells: [range('11', null), range(null, null)], result: { pass: false, reasonCodes: ['VEHICLE_TOO_OLD'] } },
  ],
};

const creditByTier: Matrix = {
  id: 'credit-by-tier',
  name: 'Credit capacity by tier',
  matrixType: 'PassFail',
  creditTierSetId: tierSet.id,
  axes: [
    { key: 'creditTier', kind: 'value' },
    { key: 'ApplicationDti', kind: 'range' },
  ],
  rows: [
    { cells: [values('A+', 'A', 'B', 'C', 'D'), range(null, null)], result: { pass: true, reasonCodes: [] } },
    { cells: [values('E'), range(null, '40.00')], result: { pass: true, reasonCodes: [] } },
    { cells: [values('E'), range('40.01', null)], result: { pass: false, reasonCodes: ['E_TIER_DTI_OVER_40'] } },
  ],
};

const autoApprovalTiers: Matrix = {
  id: 'auto-approval-tiers',
  name: 'Tiers approved automatically',
  matrixType: 'PassFail',
  creditTierSetId: tierSet.id,
  axes: [{ key: 'creditTier', kind: 'value' }],
  rows: [
    { cells: [values('A+', 'A', 'B', 'C')], result: { pass: true, reasonCodes: [] } },
    { cells: [values('D', 'E')], result: { pass: false, reasonCodes: ['TIER_NEEDS_REVIEW'] } },
  ],
};

const termsUpTo = (max: number) => [24, 36, 48, 60, 72, 84].filter((t) => t <= max);
const autoTermSet = {
  id: 'auto-terms',
  name: 'Auto terms by age and amount',
  rows: [
    { age: [null, '2'], maxByAmount: [48, 72, 84] },
    { age: ['3', '6'], maxByAmount: [48, 60, 72] },
    { age: ['7', null], maxByAmount: [36, 48, 48] },
  ].flatMap(({ age, maxByAmount }) =>
    [
      [null, '9999.99'],
      ['10000.00', '24999.99'],
      ['25000.00', null],
    ].map(([min, max], i) => ({
      collateralAge: { kind: 'range' as const, min: age[0], max: age[1] },
      amount: { kind: 'range' as const, min, max },
      terms: termsUpTo(maxByAmount[i]!),
    })),
  ),
};

/* ------------------------------------------------------------------------------------------- personal */

const personalTierBase: Record<(typeof demoTierNames)[number], number> = {
  'A+': 899,
  A: 999,
  B: 1199,
  C: 1399,
  D: 1699,
  E: 1799,
};
const personalRates: Matrix = {
  id: 'personal-rates',
  name: 'Personal loan rates',
  matrixType: 'Rate',
  creditTierSetId: tierSet.id,
  axes: [
    { key: 'creditTier', kind: 'value' },
    { key: 'termMonths', kind: 'range' },
  ],
  rows: demoTierNames.flatMap((tier) =>
    [
      { min: null, max: '24', add: 0 },
      { min: '25', max: '36', add: 50 },
      { min: '37', max: '60', add: 100 },
    ].map((term) => ({
      cells: [values(tier), range(term.min, term.max)],
      result: { rate: pct(personalTierBase[tier] + term.add) },
    })),
  ),
};

const personalLimits: Matrix = {
  id: 'personal-loan-limits',
  name: 'Personal loan limits',
  matrixType: 'LoanLimit',
  creditTierSetId: tierSet.id,
  axes: [{ key: 'creditTier', kind: 'value' }],
  rows: [
    { cells: [values('A+', 'A')], result: { maxAmount: '50000.00', maxLtv: null } },
    { cells: [values('B')], result: { maxAmount: '35000.00', maxLtv: null } },
    { cells: [values('C')], result: { maxAmount: '20000.00', maxLtv: null } },
    { cells: [values('D', 'E')], result: { maxAmount: '7500.00', maxLtv: null } },
  ],
};

const personalTermSet = {
  id: 'personal-terms',
  name: 'Personal loan terms',
  rows: [
    {
      collateralAge: { kind: 'range' as const },
      amount: { kind: 'range' as const, max: '4999.99' },
      terms: [12, 24, 36],
    },
    {
      collateralAge: { kind: 'range' as const },
      amount: { kind: 'range' as const, min: '5000.00' },
      terms: [12, 24, 36, 48, 60],
    },
  ],
};

/* ------------------------------------------------------------------------------------------- workflows */

const outcome = (id: string, name: string, result: string, reasonCodes: string[] = []): WorkflowNode => ({
  id,
  name,
  type: 'outcome',
  outcome: result,
  reasonCodes,
});

/** The screening every auto-approval workflow starts with: alerts, then the credit tier. */
const screening = (firstAfterTier: string): WorkflowNode[] => [
  {
    id: 'ofac',
    name: 'OFAC alert?',
    type: 'factCondition',
    fact: 'hasOfacAlert',
    equals: true,
    onPass: 'review-ofac',
    onFail: 'fraud',
  },
  {
    id: 'fraud',
    name: 'Fraud alert?',
    type: 'factCondition',
    fact: 'hasFraudAlert',
    equals: true,
    onPass: 'review-fraud',
    onFail: 'bankruptcy',
  },
  {
    id: 'bankruptcy',
    name: 'Bankruptcy?',
    type: 'factCondition',
    fact: 'hasBankruptcy',
    equals: true,
    onPass: 'decline-bankruptcy',
    onFail: 'repossession',
  },
  {
    id: 'repossession',
    name: 'Repossession?',
    type: 'factCondition',
    fact: 'hasRepossession',
    equals: true,
    onPass: 'review-repossession',
    onFail: 'tier',
  },
  {
    id: 'tier',
    name: 'Credit tier',
    type: 'tierAssignment',
    creditTierSetId: tierSet.id,
    next: firstAfterTier,
    onNoMatch: 'review-no-tier',
  },
  outcome('review-ofac', 'OFAC review', 'ManualReview', ['OFAC_ALERT']),
  outcome('review-fraud', 'Fraud review', 'ManualReview', ['FRAUD_ALERT']),
  outcome('decline-bankruptcy', 'Bankruptcy decline', 'Decline', ['BANKRUPTCY']),
  outcome('review-repossession', 'Repossession review', 'ManualReview', ['REPOSSESSION']),
  outcome('review-no-tier', 'No credit tier', 'ManualReview', ['NO_CREDIT_TIER']),
];

const autoWorkflow: Workflow = {
  id: 'auto-approval-auto',
  name: 'Auto loans: auto-approval',
  kind: 'autoApproval',
  loanProductIds: [],
  startNodeId: 'ofac',
  nodes: [
    ...screening('dti'),
    {
      id: 'dti',
      name: 'DTI at most 50%',
      type: 'metricCondition',
      metric: 'ApplicationDti',
      operator: '<=',
      value: '50',
      onPass: 'pti',
      onFail: 'decline-dti',
    },
    {
      id: 'pti',
      name: 'PTI at most 20%',
      type: 'metricCondition',
      metric: 'ApplicationPti',
      operator: '<=',
      value: '20',
      onPass: 'ltv',
      onFail: 'decline-pti',
    },
    {
      id: 'ltv',
      name: 'LTV at most 130%',
      type: 'metricCondition',
      metric: 'ApplicationFrontEndLtv',
      operator: '<=',
      value: '130',
      onPass: 'vehicle-age',
      onFail: 'decline-ltv',
    },
    {
      id: 'vehicle-age',
      name: 'Vehicle at most 10 years old',
      type: 'metricCondition',
      metric: 'ApplicationVehicleAge',
      operator: '<=',
      value: '10',
      onPass: 'collateral',
      onFail: 'decline-vehicle-age',
    },
    {
      id: 'collateral',
      name: 'Collateral eligibility',
      type: 'passFailMatrix',
      matrixId: collateralEligibility.id,
      onPass: 'credit-capacity',
      onFail: 'decline-collateral',
    },
    {
      id: 'credit-capacity',
      name: 'Credit capacity by tier',
      type: 'passFailMatrix',
      matrixId: creditByTier.id,
      onPass: 'minimum-amount',
      onFail: 'review-credit-capacity',
    },
    {
      id: 'minimum-amount',
      name: 'At least $5,000',
      type: 'metricCondition',
      metric: 'ApplicationLoanAmount',
      operator: '>=',
      value: '5000',
      onPass: 'limits',
      onFail: 'decline-minimum-amount',
    },
    { id: 'limits', name: 'Loan limits', type: 'matrixLookup', matrixId: autoLimits.id, next: 'terms' },
    { id: 'terms', name: 'Allowed terms', type: 'loanTermLookup', loanTermSetId: autoTermSet.id, next: 'base-rate' },
    {
      id: 'base-rate',
      name: 'Base rate',
      type: 'matrixLookup',
      matrixId: autoRates.id,
      next: 'additional-rate',
      onNoMatch: 'review-no-rate',
    },
    {
      id: 'additional-rate',
      name: 'New / used rate',
      type: 'matrixLookup',
      matrixId: autoAdditionalRates.id,
      next: 'dealer-fee',
    },
    { id: 'dealer-fee', name: 'Dealer fee', type: 'matrixLookup', matrixId: dealerFees.id, next: 'utilization' },
    {
      id: 'utilization',
      name: 'Utilization at most 90%',
      type: 'metricCondition',
      metric: 'ApplicationCreditUtilization',
      operator: '<=',
      value: '90',
      onPass: 'ndi',
      onFail: 'review-utilization',
    },
    {
      id: 'ndi',
      name: 'NDI at least $500',
      type: 'metricCondition',
      metric: 'ApplicationNdi',
      operator: '>=',
      value: '500',
      onPass: 'approval-tiers',
      onFail: 'review-ndi',
    },
    {
      id: 'approval-tiers',
      name: 'Tier approved automatically',
      type: 'passFailMatrix',
      matrixId: autoApprovalTiers.id,
      onPass: 'approve',
      onFail: 'review-tier',
    },
    outcome('decline-dti', 'DTI decline', 'Decline', ['DTI_OVER_50']),
    outcome('decline-pti', 'PTI decline', 'Decline', ['PTI_OVER_20']),
    outcome('decline-ltv', 'LTV decline', 'Decline', ['LTV_OVER_130']),
    outcome('decline-vehicle-age', 'Vehicle age decline', 'Decline', ['VEHICLE_OVER_10_YEARS']),
    outcome('decline-collateral', 'Collateral decline', 'Decline'),
    outcome('review-credit-capacity', 'Credit capacity review', 'ManualReview'),
    outcome('decline-minimum-amount', 'Below minimum amount', 'Decline', ['AMOUNT_UNDER_MINIMUM']),
    outcome('review-no-rate', 'No rate', 'ManualReview', ['NO_RATE_FOR_TERM_OR_LTV']),
    outcome('review-utilization', 'Utilization review', 'ManualReview', ['UTILIZATION_OVER_90']),
    outcome('review-ndi', 'NDI review', 'ManualReview', ['NDI_UNDER_500']),
    outcome('review-tier', 'Tier review', 'ManualReview'),
    outcome('approve', 'Approve', 'Approve'),
  ],
};

/**
 * Boats and RVs: the auto checks without the collateral eligibility matrix, whose mileage axis a boat, a trailer
 * or a towable camper has no odometer for (a missing mileage matches no row, and would decline every one).
 */
const boatRvWorkflow: Workflow = {
  ...autoWorkflow,
  id: 'auto-approval-boat-rv',
  name: 'Boat and RV loans: auto-approval',
  nodes: autoWorkflow.nodes
    .filter((node) => node.id !== 'collateral' && node.id !== 'decline-collateral')
    .map((node) =>
      node.id === 'vehicle-age' && node.type === 'metricCondition' ? { ...node, onPass: 'credit-capacity' } : node,
    ),
};

const personalWorkflow: Workflow = {
  id: 'auto-approval-personal',
  name: 'Personal loans: auto-approval',
  kind: 'autoApproval',
  loanProductIds: [],
  startNodeId: 'ofac',
  nodes: [
    ...screening('dti'),
    {
      id: 'dti',
      name: 'DTI at most 45%',
      type: 'metricCondition',
      metric: 'ApplicationDti',
      operator: '<=',
      value: '45',
      onPass: 'pti',
      onFail: 'decline-dti',
    },
    {
      id: 'pti',
      name: 'PTI at most 15%',
      type: 'metricCondition',
      metric: 'ApplicationPti',
      operator: '<=',
      value: '15',
      onPass: 'minimum-amount',
      onFail: 'decline-pti',
    },
    {
      id: 'minimum-amount',
      name: 'At least $1,000',
      type: 'metricCondition',
      metric: 'ApplicationLoanAmount',
      operator: '>=',
      value: '1000',
      onPass: 'limits',
      onFail: 'decline-minimum-amount',
    },
    { id: 'limits', name: 'Loan limits', type: 'matrixLookup', matrixId: personalLimits.id, next: 'terms' },
    { id: 'terms', name: 'Allowed terms', type: 'loanTermLookup', loanTermSetId: personalTermSet.id, next: 'rate' },
    {
      id: 'rate',
      name: 'Rate',
      type: 'matrixLookup',
      matrixId: personalRates.id,
      next: 'approval-tiers',
      onNoMatch: 'review-no-rate',
    },
    {
      id: 'approval-tiers',
      name: 'Tier approved automatically',
      type: 'passFailMatrix',
      matrixId: autoApprovalTiers.id,
      onPass: 'approve',
      onFail: 'review-tier',
    },
    outcome('decline-dti', 'DTI decline', 'Decline', ['DTI_OVER_45']),
    outcome('decline-pti', 'PTI decline', 'Decline', ['PTI_OVER_15']),
    outcome('decline-minimum-amount', 'Below minimum amount', 'Decline', ['AMOUNT_UNDER_MINIMUM']),
    outcome('review-no-rate', 'No rate', 'ManualReview', ['NO_RATE_FOR_TERM']),
    outcome('review-tier', 'Tier review', 'ManualReview'),
    outcome('approve', 'Approve', 'Approve'),
  ],
};

/** A loan policy workflow: its outcomes are the lender's own words, shown on the decision worksheet. */
const autoLoanPolicy: Workflow = {
  id: 'loan-policy-auto',
  name: 'Auto loan policy check',
  kind: 'loanPolicy',
  loanProductIds: [],
  startNodeId: 'policy-ltv',
  nodes: [
    {
      id: 'policy-ltv',
      name: 'Decision LTV at most 130%',
      type: 'metricCondition',
      metric: 'DecisionFrontEndLtv',
      operator: '<=',
      value: '130',
      onPass: 'policy-term',
      onFail: 'exception',
    },
    {
      id: 'policy-term',
      name: 'Decision term at most 84 months',
      type: 'metricCondition',
      metric: 'DecisionTermMonths',
      operator: '<=',
      value: '84',
      onPass: 'policy-pti',
      onFail: 'exception',
    },
    {
      id: 'policy-pti',
      name: 'Decision PTI at most 20%',
      type: 'metricCondition',
      metric: 'DecisionPti',
      operator: '<=',
      value: '20',
      onPass: 'within-policy',
      onFail: 'exception',
    },
    outcome('within-policy', 'Within policy', 'Within Policy'),
    outcome('exception', 'Policy exception', 'Policy Exception', ['NEEDS_EXCEPTION_APPROVAL']),
  ],
};

export const demoWorkflowIds = {
  autoApprovalAuto: autoWorkflow.id,
  autoApprovalBoatRv: boatRvWorkflow.id,
  autoApprovalPersonal: personalWorkflow.id,
  loanPolicyAuto: autoLoanPolicy.id,
} as const;

/** The whole demo policy: one bundle, four workflows. */
export const demoPolicyBundle: PolicyBundle = {
  creditTierSets: [tierSet],
  matrices: [
    autoRates,
    autoAdditionalRates,
    autoLimits,
    dealerFees,
    collateralEligibility,
    creditByTier,
    autoApprovalTiers,
    personalRates,
    personalLimits,
  ],
  loanTermSets: [autoTermSet, personalTermSet],
  workflows: [autoWorkflow, boatRvWorkflow, personalWorkflow, autoLoanPolicy],
  decisionRetractionRuleSets: [
    {
      id: 'standard-retraction',
      name: 'Standard decision retraction',
      type: 'DecisionRetraction',
      fields: [
        'loanProductId',
        'requestedAmount',
        'termMonths',
        'collateral.value',
        'collateral.year',
        'applicant.income',
        'applicant.added',
        'applicant.removed',
        'creditReport.repulled',
      ],
    },
  ],
};
