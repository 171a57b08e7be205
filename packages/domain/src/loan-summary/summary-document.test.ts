import {
  loanSummarySections,
  loanSummaryTexts,
  printableSections,
  type LoanSummaryApplication,
  type LoanSummarySection,
  type SummaryApplicant,
  type SummaryBlock,
  type SummaryDocument,
  type SummaryTable,
} from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { sampleLoanSummary } from './sample.ts';
import { buildSummaryDocument, orderSummarySections } from './summary-document.ts';

const options = { title: 'Loan Summary', timeZone: 'America/Chicago' };
const build = (
  app: LoanSummaryApplication = sampleLoanSummary,
  sections: readonly LoanSummarySection[] = loanSummarySections,
  extra = {},
) => buildSummaryDocument(app, sections, { ...options, ...extra });

const section = (doc: SummaryDocument, key: string) => {
  const s = doc.sections.find((x) => x.key === key);
  if (!s) throw new Error(`no section ${key}`);
  return s;
};
const blockTitles = (blocks: SummaryBlock[]) => blocks.map((b) => ('title' in b ? (b.title ?? '') : ''));
const block = (blocks: SummaryBlock[], title: string): SummaryBlock => {
  const b = blocks.find((x) => 'title' in x && x.title === title);
  if (!b) throw new Error(`no block ${title} in ${blockTitles(blocks).join(', ')}`);
  return b;
};
/** The fields of a fields block as a label → value record. */
const fields = (b: SummaryBlock | undefined): Record<string, string> => {
  if (!b || b.kind !== 'fields') throw new Error(`not a fields block: ${JSON.stringify(b)}`);
  return Object.fromEntries(b.fields.map((f) => [f.label, f.value]));
};
const table = (b: SummaryBlock | undefined): SummaryTable => {
  if (!b || b.kind !== 'table') throw new Error(`not a table: ${JSON.stringify(b)}`);
  return b;
};
const texts = (blocks: SummaryBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'empty' || b.kind === 'text' ? [b.text] : []));

const clone = (): LoanSummaryApplication => structuredClone(sampleLoanSummary);
const withApp = (change: (app: LoanSummaryApplication) => void) => {
  const app = clone();
  change(app);
  return app;
};

describe('the sample summary, section by section', () => {
  const doc = build();

  it('carries the title, the footer and the file name', () => {
    expect(doc.applicationId).toBe(1042);
    expect(doc.title).toBe('Loan Summary');
    expect(doc.footer).toBe('Application 1042 · Smith, John · Times in America/Chicago');
    expect(doc.fileName).toBe('SmithJohn_1042.pdf');
  });

  it('lists every section in the page order with the dialog labels', () => {
    expect(doc.sections.map((s) => s.title)).toEqual([
      'Channel And Product',
      'Request',
      'Applicants',
      'Credit Review',
      'Decision',
      'Requirements',
      'Funding',
      'Sales',
      'Comments',
      'Application History',
    ]);
  });

  it('Channel and Product: the headline, the buyer/sellers and the seller lien', () => {
    const blocks = section(doc, 'channelAndProduct').blocks;
    expect(fields(blocks[0])).toEqual({
      'Created Date': '03/02/2026',
      Status: 'Funded',
      Source: 'Lender',
      Product: 'Used Auto',
      Channel: 'Direct',
      'Transaction Type': 'Buyer/Seller',
      Purpose: 'Purchase of a used vehicle',
    });
    expect(blockTitles(blocks)).toEqual(['', 'Buyer/Sellers', '', 'Lien']);
    expect(fields(block(blocks, 'Buyer/Sellers'))).toEqual({ 'Selling Price': '$25,750.00' });
    expect(table(blocks[2]).rows[0]!.cells).toEqual([
      'Robert Lane',
      '(555) 014-7788',
      'robert.lane@example.com',
      '88 Orchard Road, Springfield, IL 62704',
    ]);
    expect(fields(block(blocks, 'Lien'))).toEqual({
      Lienholder: 'Prairie Auto Finance',
      'Account #': 'PAF-778812',
      'Payoff Amount': '$11,250.75',
      'Per Diem': '$2.35',
      Payment: '$389.00',
      'Good Through': '03/20/2026',
      'Mail To': 'PO Box 400, Peoria, IL 61602',
      Phone: '(555) 017-4000',
      Attention: 'Payoff Department',
      'Spoke To': 'Alex Kim',
    });
  });

  it('Request: the request items, trade-ins, add-ons, collaterals, valuation and insurance', () => {
    const blocks = section(doc, 'request').blocks;
    expect(blockTitles(blocks)).toEqual([
      'Application Request',
      'Trade-Ins',
      'Loan Add-Ons',
      'Vehicle Collateral',
      'Vehicle Valuation (1HGCM82633A004352)',
      'Accessories',
      'Home Collateral',
      'Insurance',
    ]);
    const request = fields(block(blocks, 'Application Request'));
    expect(request).toMatchObject({
      'Negotiated Price': '$25,750.00',
      'TT&L': '$1,450.50',
      'Cash Down': '$2,000.00',
      Rebate: '$500.00',
      'Net Trade-In': '$1,500.00',
      'Other Fees': '$150.00',
      GAP: '$595.00',
      'Credit Disability': '$250.00',
      'Credit Life': '$120.00',
      Warranty: '$1,234.50',
      'Other Back End Fees': '$100.00',
      'Total Back End Fees': '$2,299.50',
      'Total Loan Amount': '$25,650.00',
      'Requested Amount': '$24,000.00',
      'Estimated Amount Financed': '$24,350.00',
      Term: '60 months',
      'Payment Frequency': 'Monthly',
      'Ballon Amount': '$3,000.00',
    });
    expect(table(block(blocks, 'Trade-Ins')).rows[0]!.cells).toEqual([
      '2015',
      'Honda',
      'Civic',
      'LX Sedan',
      'First Valley Bank',
      '$215.40',
      '$6,500.00',
      '$5,000.00',
    ]);
    const addOns = table(block(blocks, 'Loan Add-Ons'));
    expect(addOns.columns.map((c) => c.header)).toEqual(['Add On', 'Amount']);
    // Only the selected additions: a flat amount, or the rate per $1,000.
    expect(addOns.rows.map((r) => r.cells)).toEqual([
      ['GAP', '$595.00'],
      ['Credit Life', '$4.75 per $1,000'],
    ]);
    expect(fields(block(blocks, 'Vehicle Collateral'))).toMatchObject({
      Type: 'Auto',
      VIN: '1HGCM82633A004352',
      Year: '2022',
      Make: 'Toyota',
      Model: 'RAV4',
      Mileage: '28,450',
      Condition: 'Used',
      Value: '$26,100.00',
    });
    expect(fields(block(blocks, 'Vehicle Valuation (1HGCM82633A004352)'))).toMatchObject({
      MSRP: '$31,500.00',
      'Base Price': '$24,800.00',
      Valuation: '$26,100.00 · NADA · 03/03/2026 3:30 AM',
      'Price + Options': '$26,150.50',
    });
    expect(fields(block(blocks, 'Home Collateral'))).toMatchObject({
      Address: '123 Main Street, Springfield, IL 62701',
      County: 'Sangamon',
      'Occupancy Status': 'Principal Residence',
      Value: '$285,000.00',
      'Flood Insurance Required': 'Yes',
      'Flood Zone': 'AE',
    });
    expect(fields(block(blocks, 'Insurance'))).toMatchObject({
      Company: 'Harbor Mutual Insurance',
      Agent: 'Dana Okafor',
    });
  });

  it('Applicants: one column per applicant, primary first, multi-line cells', () => {
    const blocks = section(doc, 'applicants').blocks;
    expect(blocks).toHaveLength(1);
    const t = table(blocks[0]);
    expect(t.columns.map((c) => c.header)).toEqual(['', 'Smith, John', 'Smith, Mary']);
    expect(t.rows.map((r) => r.cells[0])).toEqual([
      'Personal Information',
      'Employment',
      'Other Income / Debt and Assets',
    ]);
    const john = t.rows.map((r) => r.cells[1]!.split('\n'));
    expect(john[0]).toEqual([
      'Name: John Smith',
      'Member #: M-100234',
      'Role: Primary',
      'SSN: ***-**-6789',
      'DOB: 07/14/1985',
      'Marital Status: Married',
      'State DL: ****4321 (IL, US) Exp. 07/14/2029',
      'Passport: ****8765 (US) Exp. 01/31/2031',
      'Address: 123 Main Street, Apt 4B, Springfield, IL 62701',
      'Address: 45 Lake Shore Drive, Chicago, IL 60611',
      'Phone: (555) 010-1234 (Mobile) (Preferred)',
      'Phone: (555) 010-5678 (Home)',
      'Phone: (555) 010-9012 (Work)',
      'Email: john.smith@example.com (Preferred)',
      'Email: jsmith.work@example.com',
    ]);
    expect(john[1]).toEqual([
      'Employed, Acme Logistics, Operations Manager, $6,250.00 Monthly, 6 years 3 months',
      'Self Employed, Smith Consulting, Consultant, $800.00 Monthly, 2 years',
    ]);
    expect(john[2]).toEqual([
      'Income, Rental, Garage rental, $350.00/month',
      'Debt, Mortgage, Home mortgage, $1,450.00/month, Balance $182,300.45',
      'Debt, Credit Card, Visa, $75.00/month, Balance $2,150.10',
      'Asset, Checking, Main checking, Amount $8,400.25, Net $8,400.25',
      'Asset, Real Estate, Primary home, Amount $285,000.00, Balance $182,300.45, Net $102,699.55',
    ]);
    const mary = t.rows.map((r) => r.cells[2]!.split('\n'));
    expect(mary[0]).toContain('State ID: ****1111 (IL, US) Exp. 11/02/2028');
    expect(mary[0]).toContain('Military ID: ****2222 (US)');
    expect(mary[0]).toContain('Phone: (555) 010-6677 (Work) (Preferred)');
    expect(mary[1]).toContain('Employed, Riverside Tutoring, Tutor, $600.00 Monthly, 8 months (Previous)');
    expect(mary[2]).toContain('Income, Child Support, $400.00/month');
  });

  it('Applicants: primary first even when listed last', () => {
    const app = withApp((a) => a.applicants.reverse());
    const t = table(section(build(app), 'applicants').blocks[0]);
    expect(t.columns.map((c) => c.header)).toEqual(['', 'Smith, John', 'Smith, Mary']);
  });

  it('Credit Review: the active report per applicant with the tradeline counts, then the average score', () => {
    const blocks = section(doc, 'creditReview').blocks;
    expect(blockTitles(blocks)).toEqual(['Smith, John', 'Tradelines', 'Smith, Mary', 'Tradelines', '']);
    expect(fields(blocks[0])).toEqual({
      'Credit Bureau': 'Equifax',
      Pulled: '03/02/2026 9:20 AM',
      'FICO Score 8 (Default)': '724',
      'VantageScore 4.0': '731',
      OFAC: 'Clear',
      MLA: 'Not Covered',
      'Public Records': '0',
      Inquiries: '3',
      'Open Tradelines': '6',
      'Delinquent Tradelines': '2',
      'Derogatory Tradelines': '2',
    });
    const lines = table(blocks[1]);
    expect(lines.rows.map((r) => r.cells.slice(0, 5))).toEqual([
      ['Installment', '3', '1', '0', '0'],
      ['Mortgage', '1', '1', '0', '0'],
      ['Revolving', '4', '3', '1', '0'],
      ['Line of Credit', '1', '1', '0', '0'],
      ['Open', '1', '0', '0', '1'],
      ['Other', '1', '0', '1', '1'],
      ['Unknown', '1', '0', '0', '0'],
    ]);
    expect(lines.footerRows).toEqual([['Total', '12', '6', '2', '2', '$202,351.30', '$2,094.00']]);
    // A missing score is left out; MLA covered.
    expect(fields(blocks[2])).not.toHaveProperty('VantageScore 4.0');
    expect(fields(blocks[2])).toMatchObject({ MLA: 'Covered', 'Public Records': '1' });
    expect(fields(blocks[4])).toEqual({ 'Average Credit Score': '712' });
  });

  it('Decision: terms, disclosures, conditions and selected add-ons', () => {
    const blocks = section(doc, 'decision').blocks;
    expect(fields(blocks[0])).toEqual({
      Decision: 'Approve',
      'Decision Date': '03/04/2026 12:45 PM',
      'Decision By': 'Officer, Olivia',
      LTV: '96.5%',
      Tier: 'A',
      Amount: '$25,650.00',
      Term: '60 months',
      Rate: '5.125%',
      Payment: '$485.52',
      'Payment Frequency': 'Monthly',
      'Contract Date': '03/10/2026',
      'First Payment Date': '04/10/2026',
      APR: '5.367%',
      'Finance Charge': '$3,631.07',
      'Total of Payments': '$29,131.07',
      'Amount Financed': '$25,500.00',
      'Prepaid Finance Charge': '$150.00',
    });
    expect(table(block(blocks, 'Conditions')).rows.map((r) => r.cells[0])).toEqual(['POI', 'INS']);
    // Issue 29, item 5: the exception to policy, each limit with the policy's value and the decided one.
    expect(table(block(blocks, 'Exception to Policy')).rows.map((r) => r.cells)).toEqual([
      ['Policy rate', '5.49%', '5.125%'],
    ]);
    expect(fields(blocks[blocks.indexOf(block(blocks, 'Exception to Policy')) + 1])).toEqual({
      'Exception Reason': 'Member relationship pricing approved by the branch manager',
      'Excepted By': 'Olivia Officer',
    });
    expect(table(block(blocks, 'Add-Ons')).rows.map((r) => r.cells)).toEqual([
      ['GAP', '$595.00'],
      ['Credit Life', '$4.75 per $1,000'],
    ]);
  });

  it('Requirements: name, status, required, source, cleared or waived', () => {
    const t = table(section(doc, 'requirements').blocks[0]);
    expect(t.columns.map((c) => c.header)).toEqual(['Requirement', 'Status', 'Required', 'Source', 'Cleared / Waived']);
    expect(t.rows.map((r) => r.cells)).toEqual([
      ['Signed contract', 'Cleared', 'Yes', '', '03/10/2026 11:00 AM'],
      ['Proof of insurance', 'Waived', 'Yes', 'Harbor Mutual Insurance', 'Waived: Insurance verified by phone'],
      ['Title application', 'Outstanding', 'No', '', ''],
    ]);
  });

  it('Funding: the loan, its add-ons and the disbursements with their total', () => {
    const blocks = section(doc, 'funding').blocks;
    expect(fields(blocks[0])).toMatchObject({
      'Loan Id': 'L-2026-001042',
      'Member #': 'M-100234',
      'Share Account #': 'S-0042',
      'Contract Date': '03/10/2026',
      'First Payment Date': '04/10/2026',
      'Funding Date': '03/12/2026',
      'Rescission Date': '03/13/2026',
      Amount: '$25,650.00',
      Rate: '5.125%',
      Term: '60 months',
      Payment: '$485.52',
      'Payment Frequency': 'Monthly',
      // Issue 41: the loan's own disclosure at its dates; no balloon, so none shown.
      APR: '5.367%',
      'Finance Charge': '$3,631.07',
      'Total of Payments': '$29,131.07',
      'Amount Financed': '$25,500.00',
      'Prepaid Finance Charge': '$150.00',
      Reserve: '$256.50',
      Funded: 'Yes · 03/12/2026 3:15 PM',
    });
    expect(fields(blocks[0])).not.toHaveProperty('Ballon Amount');
    const balloon = withApp((a) => (a.loan!.disclosures = { ...a.loan!.disclosures!, balloonAmount: '5000.00' }));
    expect(fields(section(build(balloon), 'funding').blocks[0])).toMatchObject({ 'Ballon Amount': '$5,000.00' });
    expect(table(block(blocks, 'Add-Ons')).rows).toHaveLength(2);
    const d = table(block(blocks, 'Disbursements'));
    expect(d.rows.map((r) => r.cells)).toEqual([
      ['Lienholder', 'Prairie Auto Finance', 'Check', '$11,250.75'],
      ['Seller', 'Robert Lane', 'ACH', '$14,399.25'],
    ]);
    expect(d.footerRows).toEqual([['Total', '', '', '$25,650.00']]);
  });

  it('Sales: the latest quote (the highest id)', () => {
    const app = withApp((a) => a.salesQuotes.reverse());
    for (const d of [doc, build(app)]) {
      expect(fields(section(d, 'sales').blocks[0])).toEqual({
        'Contract Date': '03/10/2026',
        'First Payment Date': '04/10/2026',
        'Amount Owed': '$27,650.00',
        'Down Payment': '$2,000.00',
        'Loan Amount': '$25,650.00',
        Term: '60 months',
        Rate: '5.125%',
        Payment: '$485.67',
        'Payment Frequency': 'Monthly',
        'Credit Tier': 'A',
      });
    }
  });

  it('Sales: the down payment shows only for automotive, boat and RV', () => {
    const app = withApp((a) => (a.loanProduct.controlType = 'PERSONAL'));
    expect(fields(section(build(app), 'sales').blocks[0])).not.toHaveProperty('Down Payment');
  });

  it('Comments: journal and dealer tables, deleted hidden, user last name first or the sender', () => {
    const blocks = section(doc, 'comments').blocks;
    expect(blockTitles(blocks)).toEqual(['Journal Comments', 'Dealer Comments']);
    const journal = table(blocks[0]);
    expect(journal.columns.map((c) => c.header)).toEqual(['Date & Time', 'User', 'Message']);
    expect(journal.rows.map((r) => r.cells)).toEqual([
      ['03/03/2026 8:05 AM', 'Officer, Olivia', 'Called the seller to confirm the payoff figure.'],
      ['03/04/2026 10:30 AM', 'Underwriter, Uma', 'Income verified with the employer.\nBoth paystubs on file.'],
      ['03/12/2026 3:16 PM', 'Funder, Frank', 'Loan funded; disbursements released.'],
    ]);
    expect(JSON.stringify(blocks)).not.toContain('Wrong application');
    expect(table(blocks[1]).rows.map((r) => r.cells[1])).toEqual(['Harbor Motors', 'Harbor Motors']);
  });

  it('Application History: every row with its entity-property changes', () => {
    const t = table(section(doc, 'applicationHistory').blocks[0]);
    expect(t.columns.map((c) => c.header)).toEqual(['Date & Time', 'User', 'Action', 'Description']);
    expect(t.rows).toHaveLength(10);
    expect(t.rows[0]!.cells).toEqual(['03/12/2026 3:15 PM', 'Funder, Frank', 'Funded', 'Loan funded']);
    expect(t.rows[0]!.detail!.columns.map((c) => c.header)).toEqual(['Entity', 'Property', 'Old Value', 'New Value']);
    expect(t.rows[0]!.detail!.rows.map((r) => r.cells)).toEqual([
      ['Loan', 'isFunded', 'false', 'true'],
      ['Application', 'state', 'approved', 'funded'],
    ]);
    expect(t.rows[1]!.detail!.rows[0]!.cells).toEqual(['Disbursement', 'amount', '', '14399.25']);
    expect(t.rows[9]!.detail).toBeUndefined();
    expect(t.rows[9]!.cells).toEqual(['03/02/2026 9:04 AM', '', 'Created', 'Application created']);
  });

  it('never prints null, undefined or an empty field value', () => {
    const json = JSON.stringify(doc);
    expect(json).not.toMatch(/null|undefined|NaN/);
    for (const s of doc.sections)
      for (const b of s.blocks) if (b.kind === 'fields') for (const f of b.fields) expect(f.value.trim()).not.toBe('');
  });
});

describe('section order', () => {
  it('keeps the dialog order when Sales sits before or after Decision', () => {
    for (const displayOption of ['beforeDecision', 'afterDecision'] as const) {
      const dialog = printableSections({ enabled: true, displayOption });
      expect(build(sampleLoanSummary, dialog).sections.map((s) => s.key)).toEqual(dialog);
    }
    expect(orderSummarySections(['sales', 'decision', 'funding'])).toEqual(['sales', 'decision', 'funding']);
    expect(orderSummarySections(['decision', 'sales', 'funding'])).toEqual(['decision', 'sales', 'funding']);
  });
  it('prints only the chosen sections, in the page order otherwise, each once', () => {
    expect(build(sampleLoanSummary, ['comments', 'request', 'request']).sections.map((s) => s.key)).toEqual([
      'request',
      'comments',
    ]);
    expect(orderSummarySections(['funding', 'sales', 'decision'])).toEqual(['decision', 'funding', 'sales']);
    expect(orderSummarySections(['applicationHistory', 'channelAndProduct'])).toEqual([
      'channelAndProduct',
      'applicationHistory',
    ]);
  });
});

describe('empty states', () => {
  const bare = withApp((a) => {
    a.applicants = [];
    a.decision = null;
    a.loan = null;
    a.salesQuotes = [];
    a.comments = [];
    a.fundingRequirements = [];
    a.history = [];
    a.tradeIns = [];
    a.collaterals = [];
    a.insurance = null;
  });
  const doc = build(bare);

  it('says so in every section without data', () => {
    expect(texts(section(doc, 'applicants').blocks)).toEqual([loanSummaryTexts.noApplicantData]);
    expect(texts(section(doc, 'creditReview').blocks)).toEqual([loanSummaryTexts.noApplicantData]);
    expect(texts(section(doc, 'decision').blocks)).toEqual(['No Decision Data Found']);
    expect(texts(section(doc, 'funding').blocks)).toEqual(['No Funding Data Found']);
    expect(texts(section(doc, 'sales').blocks)).toEqual(['No Sales Quote Data Found']);
    expect(texts(section(doc, 'comments').blocks)).toEqual(['No Comment Data Found']);
    expect(table(section(doc, 'requirements').blocks[0])).toMatchObject({ rows: [], empty: 'No Data Found' });
    expect(table(section(doc, 'applicationHistory').blocks[0])).toMatchObject({ rows: [], empty: 'No Data Found' });
    expect(table(block(section(doc, 'request').blocks, 'Loan Add-Ons'))).toMatchObject({
      rows: [],
      empty: 'No Data Found',
    });
    expect(section(doc, 'applicants').blocks[0]).toEqual({ kind: 'empty', text: 'No Applicant Data Found' });
  });

  it('a deleted comment alone counts as none', () => {
    const app = withApp((a) => (a.comments = a.comments.filter((c) => c.isDeleted)));
    expect(texts(section(build(app), 'comments').blocks)).toEqual(['No Comment Data Found']);
  });

  it('a comment type without comments shows an empty table', () => {
    const app = withApp((a) => (a.comments = a.comments.filter((c) => c.type === 'JOURNAL')));
    expect(table(section(build(app), 'comments').blocks[1])).toMatchObject({
      title: 'Dealer Comments',
      rows: [],
      empty: 'No Comment Data Found',
    });
  });

  it('an applicant without an active credit report', () => {
    const app = withApp((a) => (a.applicants[1]!.activeCreditReport = null));
    const blocks = section(build(app), 'creditReview').blocks;
    expect(blocks[2]).toEqual({ kind: 'text', title: 'Smith, Mary', text: 'No Active Credit Report' });
  });

  it('an unselected add-on alone leaves the add-ons table empty', () => {
    const app = withApp((a) => (a.loan!.loanAdditions = a.loan!.loanAdditions.filter((x) => !x.selected)));
    expect(table(block(section(build(app), 'funding').blocks, 'Add-Ons')).rows).toEqual([]);
  });

  it('the footer and the file name without any applicant', () => {
    expect(doc.footer).toBe('Application 1042 · Times in America/Chicago');
    expect(doc.fileName).toBe('1042.pdf');
  });
});

describe('business loans', () => {
  const business: SummaryApplicant = {
    ...structuredClone(sampleLoanSummary.applicants[0]!),
    id: 200,
    firstName: null,
    lastName: null,
    isBusiness: true,
    socialSecurityNumber: null,
    dob: null,
    maritalStatus: null,
    govtIssuedIds: [],
    employments: [],
    finances: [],
    assets: [],
    emails: [],
    phoneNumbers: [],
    addresses: [{ addressLine1: '9 Dock Street', addressLine2: null, city: 'Peoria', state: 'IL', zip: '61602' }],
    memberNumber: 'B-7001',
    companyName: 'Smith & Sons Hauling, LLC',
    companyAccountNumber: 'CA-1',
    companyEstablishedDate: '2010-05-01',
    companyPhoneNumber: '(555) 019-0000',
    businessEntityType: 'LLC',
    employerIdentificationNumber: '**-***6789',
    companyDebt: '2500.00',
    companyState: 'IL',
    companyGrossIncome: '480000.00',
    companyGrossIncomeFrequency: 'Annually',
    companyNaicsSic: '484110',
  };
  const app = withApp((a) => {
    a.loanProduct.isBusinessLoan = true;
    const [john, mary] = a.applicants;
    john!.isPrimary = false;
    john!.applicantRole = 'GUARANTOR';
    john!.companyRole = 'OWNER';
    john!.ownershipPercentage = '75';
    mary!.ownershipPercentage = '25';
    a.applicants = [john!, business, mary!];
  });
  const doc = build(app);

  it('titles the applicants section Application and shows the business in its own block', () => {
    const s = section(doc, 'applicants');
    expect(s.title).toBe('Application');
    expect(fields(block(s.blocks, 'Business'))).toEqual({
      'Company Name': 'Smith & Sons Hauling, LLC',
      'Member #': 'B-7001',
      'Account #': 'CA-1',
      EIN: '**-***6789',
      'NAICS/SIC': '484110',
      'Entity Type': 'LLC',
      'Established Date': '05/01/2010',
      'State Organized': 'IL',
      Addresses: '9 Dock Street, Peoria, IL 61602',
      'Company Phone': '(555) 019-0000',
      'Gross Income': '$480,000.00 Annually',
      'Monthly Debt': '$2,500.00',
    });
  });

  it('hides the business from the applicant columns and the credit review', () => {
    const t = table(section(doc, 'applicants').blocks[1]);
    expect(t.columns.map((c) => c.header)).toEqual(['', 'Smith, John', 'Smith, Mary']);
    const john = t.rows[0]!.cells[1]!.split('\n');
    expect(john.slice(0, 4)).toEqual(['Name: John Smith', 'Role: Owner', 'Ownership: 75.0%', 'DOB: 07/14/1985']);
    expect(john.some((l) => l.startsWith('SSN'))).toBe(false);
    expect(blockTitles(section(doc, 'creditReview').blocks)).toEqual([
      'Smith, John',
      'Tradelines',
      'Smith, Mary',
      'Tradelines',
      '',
    ]);
  });

  it('the footer names the company; the file name falls back to it', () => {
    expect(doc.footer).toBe('Application 1042 · Smith & Sons Hauling, LLC · Times in America/Chicago');
    expect(doc.fileName).toBe('SmithSonsHaulingLLC_1042.pdf');
  });

  it('a business alone has no applicant data', () => {
    const alone = withApp((a) => {
      a.loanProduct.isBusinessLoan = true;
      a.applicants = [business];
    });
    const d = build(alone);
    expect(blockTitles(section(d, 'applicants').blocks)).toEqual(['Business', '']);
    expect(texts(section(d, 'applicants').blocks)).toEqual(['No Applicant Data Found']);
    expect(texts(section(d, 'creditReview').blocks)).toEqual(['No Applicant Data Found']);
  });
});

describe('transaction-type blocks of Channel and Product', () => {
  const dealer = {
    name: 'Harbor Motors',
    addressLine1: '500 Harbor Way',
    addressLine2: null,
    city: 'Springfield',
    state: 'IL',
    zip: '62702',
    phoneNumber: '(555) 013-0000',
    faxNumber: null,
    mainContactName: 'Pat Dealer',
    mainContactEmail: 'pat@harbor.example',
    reserve: null,
  };
  const titles = (change: (a: LoanSummaryApplication) => void) =>
    blockTitles(section(build(withApp(change)), 'channelAndProduct').blocks).slice(1);

  it('BUYER_SELLER: buyer/sellers, and the lien only when a seller has one', () => {
    expect(titles(() => {})).toEqual(['Buyer/Sellers', '', 'Lien']);
    expect(titles((a) => (a.sellers[0]!.hasLien = false))).toEqual(['Buyer/Sellers', '']);
  });

  it('DEALER: dealer and dealer purchase', () => {
    const app = withApp((a) => {
      a.transactionType = 'DEALER';
      a.dealer = dealer;
      a.dealerPurchase = {
        dealership: 'Harbor Motors',
        amountToDealer: '24000',
        phoneNumber: null,
        fax: '(555) 013-0001',
        email: 'sales@harbor.example',
        attention: 'Finance',
        spokeTo: 'Pat',
        address: null,
      };
    });
    const blocks = section(build(app), 'channelAndProduct').blocks;
    expect(blockTitles(blocks).slice(1)).toEqual(['Dealer', 'Dealer Purchase']);
    expect(fields(block(blocks, 'Dealer'))).toEqual({
      Name: 'Harbor Motors',
      Address: '500 Harbor Way, Springfield, IL 62702',
      Phone: '(555) 013-0000',
      'Contact Name': 'Pat Dealer',
      'Contact Email': 'pat@harbor.example',
    });
    expect(fields(block(blocks, 'Dealer Purchase'))).toEqual({
      Dealership: 'Harbor Motors',
      'Amount To Dealer': '$24,000.00',
      Fax: '(555) 013-0001',
      Email: 'sales@harbor.example',
      Attention: 'Finance',
      'Spoke To': 'Pat',
    });
  });

  it('DEALER without the dealer purchase says so', () => {
    const app = withApp((a) => {
      a.transactionType = 'DEALER';
      a.dealer = dealer;
    });
    expect(block(section(build(app), 'channelAndProduct').blocks, 'Dealer Purchase')).toEqual({
      kind: 'text',
      title: 'Dealer Purchase',
      text: 'No Data Found',
    });
  });

  it('INTERNAL_REFINANCE: the internal refinance', () => {
    const app = withApp((a) => {
      a.transactionType = 'INTERNAL_REFINANCE';
      a.internalRefinance = {
        memberNumber: 'M-1',
        loanNumber: 'L-9',
        payoffAmount: '8000.5',
        perDiem: '1.105',
        goodThrough: '2026-04-01',
      };
    });
    const blocks = section(build(app), 'channelAndProduct').blocks;
    expect(blockTitles(blocks).slice(1)).toEqual(['Internal Refinance']);
    expect(fields(blocks[1])).toEqual({
      'Member #': 'M-1',
      'Loan #': 'L-9',
      'Payoff Amount': '$8,000.50',
      'Per Diem': '$1.11',
      'Good Through': '04/01/2026',
    });
  });

  it('REFINANCE: the lien titled Refinance', () => {
    const blocks = section(build(withApp((a) => (a.transactionType = 'REFINANCE'))), 'channelAndProduct').blocks;
    expect(blockTitles(blocks).slice(1)).toEqual(['Refinance']);
    expect(fields(blocks[1])).toMatchObject({ Lienholder: 'Prairie Auto Finance' });
  });

  it('indirect loans show the dealer only; boats like autos; other products none', () => {
    expect(
      titles((a) => {
        a.direct = false;
        a.dealer = dealer;
      }),
    ).toEqual(['Dealer']);
    expect(
      titles((a) => {
        a.loanProduct.controlType = 'BOAT';
        a.transactionType = 'REFINANCE';
      }),
    ).toEqual(['Refinance']);
    expect(titles((a) => (a.loanProduct.controlType = 'PERSONAL'))).toEqual([]);
    expect(titles((a) => (a.loanProduct.controlType = 'RV'))).toEqual([]);
    expect(fields(section(build(withApp((a) => (a.direct = false))), 'channelAndProduct').blocks[0])).toMatchObject({
      Channel: 'Indirect',
    });
  });
});

describe('vehicle valuation accessories', () => {
  const accessories = (doc: SummaryDocument) => table(block(section(doc, 'request').blocks, 'Accessories'));

  it('lists every accessory, flags the unselected, offers the toggle and totals base + selected', () => {
    const t = accessories(build());
    expect(t.hideUnselectedToggle).toBe(true);
    expect(t.columns.map((c) => c.header)).toEqual(['Code', 'Accessory', 'Selected', 'Value']);
    expect(t.rows.map((r) => [r.cells[0], r.unselected === true])).toEqual([
      ['SR', false],
      ['NAV', false],
      ['TOW', true],
      ['RSE', true],
    ]);
    expect(t.footerRows).toEqual([
      ['Base Price', '', '', '$24,800.00'],
      ['Selected Options', '', '', '$1,350.50'],
      ['Unselected Options', '', '', '$1,425.00'],
      ['Price + Options', '', '', '$26,150.50'],
    ]);
    expect(t.footerRowsSelectedOnly).toEqual([
      ['Base Price', '', '', '$24,800.00'],
      ['Selected Options', '', '', '$1,350.50'],
      ['Price + Options', '', '', '$26,150.50'],
    ]);
  });

  it('hideUnselectedAccessories drops the unselected rows and keeps the same Price + Options', () => {
    const t = accessories(build(sampleLoanSummary, loanSummarySections, { hideUnselectedAccessories: true }));
    expect(t.hideUnselectedToggle).toBeUndefined();
    expect(t.rows.map((r) => r.cells[0])).toEqual(['SR', 'NAV']);
    expect(t.footerRows).toEqual(t.footerRowsSelectedOnly);
    expect(t.footerRows!.at(-1)).toEqual(['Price + Options', '', '', '$26,150.50']);
  });

  it('adds in decimals: no binary rounding drift', () => {
    const app = withApp((a) => {
      a.collaterals[0]!.collateralValuation!.basePrice = '0.10';
      a.collaterals[0]!.accessories = [
        { code: 'A', description: null, value: '0.20', isSelected: true },
        { code: 'B', description: null, value: '0.005', isSelected: true },
      ];
    });
    expect(accessories(build(app)).footerRows!.at(-1)).toEqual(['Price + Options', '', '', '$0.31']);
  });
});

describe('file name', () => {
  it('strips characters unsafe in file names', () => {
    const app = withApp((a) => {
      a.applicants[0]!.lastName = "O'Brien/Smith";
      a.applicants[0]!.firstName = 'Mary Ann?';
    });
    const doc = build(app);
    expect(doc.fileName).toBe('OBrienSmithMaryAnn_1042.pdf');
    expect(doc.footer).toBe("Application 1042 · O'Brien/Smith, Mary Ann? · Times in America/Chicago");
  });
  it('keeps letters of any script', () => {
    const app = withApp((a) => {
      a.applicants[0]!.lastName = 'Muñoz';
      a.applicants[0]!.firstName = 'José';
    });
    expect(build(app).fileName).toBe('MuñozJosé_1042.pdf');
  });
});

describe('decision variants', () => {
  const decisionBlocks = (change: (d: NonNullable<LoanSummaryApplication['decision']>) => void) =>
    section(build(withApp((a) => change(a.decision!))), 'decision').blocks;

  it('a decline lists its reasons with the applicant and prints no terms', () => {
    const blocks = decisionBlocks((d) => {
      d.decisionType = 'decline';
      d.approval = null;
      d.disclosures = null;
      d.ltv = null;
      d.conditions = [];
      d.decisionAdditions = [];
      d.createdByUser = { firstName: null, lastName: null, serviceName: 'Auto Decision Engine' };
      d.policyException = null;
      d.decline = {
        declineReasons: [
          { reason: 'INSUFFICIENT_INCOME', freeFormatName: null, applicantId: 201 },
          { reason: 'OTHER', freeFormatName: 'Recent repossession', applicantId: 202 },
          { reason: 'COLLATERAL_VALUE', freeFormatName: null, applicantId: null },
        ],
      };
    });
    expect(fields(blocks[0])).toEqual({
      Decision: 'Decline',
      'Decision Date': '03/04/2026 12:45 PM',
      'Decision By': 'Auto Decision Engine',
    });
    expect(blockTitles(blocks)).toEqual(['', 'Decline Reasons', 'Add-Ons']);
    expect(table(block(blocks, 'Decline Reasons')).rows.map((r) => r.cells)).toEqual([
      ['Insufficient Income', 'Smith, John'],
      ['Recent repossession', 'Smith, Mary'],
      ['Collateral Value', ''],
    ]);
    expect(table(block(blocks, 'Add-Ons'))).toMatchObject({ rows: [], empty: 'No Data Found' });
  });

  it('a cancel shows its reason', () => {
    const blocks = decisionBlocks((d) => {
      d.decisionType = 'cancel';
      d.approval = null;
      d.cancel = { cancelReason: 'Applicant withdrew' };
    });
    expect(fields(blocks[0])).toMatchObject({ Decision: 'Cancel', 'Cancel Reason': 'Applicant withdrew' });
    expect(fields(blocks[0])).not.toHaveProperty('Rate');
  });

  it('a pending decision shows the pending terms; LTV and rate keep their decimals', () => {
    const blocks = decisionBlocks((d) => {
      d.decisionType = 'pending';
      d.approval = null;
      d.disclosures = null;
      d.ltv = '80';
      d.pending = {
        amount: '10000',
        creditTier: { name: 'B' },
        paymentFrequency: 'BiWeekly',
        term: 48,
        interestRate: '7',
        monthlyPayment: '110.255',
      };
    });
    expect(fields(blocks[0])).toMatchObject({
      Decision: 'Pending',
      LTV: '80.0%',
      Tier: 'B',
      Amount: '$10,000.00',
      Term: '48 months',
      Rate: '7.0%',
      Payment: '$110.26',
      'Payment Frequency': 'Bi-Weekly',
    });
    expect(fields(blocks[0])).not.toHaveProperty('APR');
  });
});

describe('collateral families', () => {
  const base = sampleLoanSummary.collaterals[0]!;
  const collateralBlocks = (collaterals: LoanSummaryApplication['collaterals']) =>
    section(build(withApp((a) => (a.collaterals = collaterals))), 'request').blocks.slice(3);

  it('a share secures with its account, rate, hold and maturity; no vehicle valuation', () => {
    const blocks = collateralBlocks([
      {
        ...base,
        id: 9,
        family: 'Share',
        type: 'SHARE',
        identificationNumber: null,
        year: null,
        make: null,
        model: null,
        style: null,
        color: null,
        mileage: null,
        isUsed: null,
        isSalvage: null,
        value: '15000',
        accountNumber: 'S-77',
        accountOwner: 'John Smith',
        memberNumber: 'M-100234',
        currentRate: '1.25',
        holdPercentage: '100',
        maturityDate: '2027-01-15',
        accessories: [],
        grantors: [],
        collateralValuation: null,
        latestVehicleValuationLogId: null,
      },
    ]);
    expect(blockTitles(blocks)).toEqual(['CD/Share Collateral', 'Insurance']);
    expect(fields(blocks[0])).toEqual({
      Type: 'Share',
      'Account #': 'S-77',
      'Account Owner': 'John Smith',
      'Member #': 'M-100234',
      'Current Rate': '1.25%',
      'Hold Percentage': '100.0%',
      'Maturity Date': '01/15/2027',
      Value: '$15,000.00',
    });
  });

  it('boats, trailers, engines and RVs are titled by family; an RV is a vehicle with its own title', () => {
    const plain = { accessories: [], collateralValuation: null, latestVehicleValuationLogId: null, grantors: [] };
    const blocks = collateralBlocks([
      { ...base, ...plain, family: 'Boat', type: 'BOAT', hours: 120, length: '21 ft', mileage: null },
      { ...base, ...plain, family: 'Trailer', type: 'TRAVEL_TRAILER' },
      { ...base, ...plain, family: 'Engine', type: 'ENGINE' },
      { ...base, ...plain, family: 'Auto', type: 'RV' },
      { ...base, ...plain, family: 'Equipment', type: 'OTHER' },
    ]);
    expect(blockTitles(blocks)).toEqual([
      'Boat Collateral',
      'Trailer Collateral',
      'Engine Collateral',
      'RV Collateral',
      'Equipment Collateral',
      'Insurance',
    ]);
    expect(fields(blocks[0])).toMatchObject({
      Type: 'Boat',
      'Identification Number': '1HGCM82633A004352',
      Hours: '120',
      Length: '21 ft',
    });
    expect(fields(blocks[1])).toMatchObject({ Type: 'Travel Trailer', VIN: '1HGCM82633A004352' });
  });
});
