/**
 * The sandbox bureaus and the MISMO 2.4 parser (issue 11, item 1): every case's XML and parsed report against
 * golden files, parsing total on every case, and any SSN giving a valid, deterministic report.
 *
 * Rewrite the golden files after a deliberate change: UPDATE_GOLDEN=1 npx vitest run --project unit <this file>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  creditBureaus,
  creditReportSchema,
  creditScoreModels,
  type CreditBureau,
  type CreditScoreModel,
} from '@credence/contracts';
import { estimateAnnualRatePercent } from '@credence/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BureauError, type BureauPullRequest } from './bureau.ts';
import { createBureauProvider, sandboxCases } from './index.ts';
import { parseMismoCreditResponse } from './mismo-parser.ts';
import { sandboxCreditResponseXml } from './sandbox-provider.ts';

const golden = (name: string) => fileURLToPath(new URL(`./__golden__/${name}`, import.meta.url));
const pulledAt = new Date('2026-03-15T14:30:00.000Z');
const models: CreditScoreModel[] = ['FICO 8', 'FICO Auto 8', 'VantageScore 4.0'];

const request = (bureau: CreditBureau, ssn: string, firstName = 'Dana', lastName = 'Borrower'): BureauPullRequest => ({
  bureau,
  applicant: {
    firstName,
    lastName,
    ssn,
    dateOfBirth: '1985-04-12',
    address: { addressLine1: '9 Oak St', city: 'Lakewood', state: 'CO', zip: '80226' },
  },
  scoreModels: models,
  requestId: 'REQ-1',
});

/** Each named case at one bureau (rotating), and an ordinary file at all three. */
const goldenCases: { name: string; request: BureauPullRequest }[] = [
  ...Object.entries(sandboxCases).map(([name, c], i) => ({
    name,
    request: request(creditBureaus[i % 3] as CreditBureau, `123-45-${c.last4}`),
  })),
  ...creditBureaus.map((bureau) => ({
    name: `standard-${bureau.toLowerCase()}`,
    request: request(bureau, '321-54-7788', 'Jordan', 'Ellis'),
  })),
];

describe('sandbox bureaus: golden MISMO answers and parsed reports', () => {
  it.each(goldenCases)('$name', ({ name, request: r }) => {
    const xml = sandboxCreditResponseXml(r, pulledAt);
    const report = parseMismoCreditResponse(xml, { bureau: r.bureau, pulledAt });
    const json = `${JSON.stringify(report, null, 2)}\n`;
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(golden(`${name}.xml`), xml);
      writeFileSync(golden(`${name}.json`), json);
    }
    expect(existsSync(golden(`${name}.xml`)), `no golden file for ${name}: run with UPDATE_GOLDEN=1`).toBe(true);
    expect(xml).toBe(readFileSync(golden(`${name}.xml`), 'utf8'));
    expect(json).toBe(readFileSync(golden(`${name}.json`), 'utf8'));
    expect(creditReportSchema.safeParse(report).error).toBeUndefined();
  });
});

describe('sandbox cases', () => {
  const pull = (last4: string, bureau: CreditBureau = 'Experian') => {
    const r = request(bureau, `555-12-${last4}`);
    return parseMismoCreditResponse(sandboxCreditResponseXml(r, pulledAt), { bureau, pulledAt });
  };

  it('thin file: FICO models cannot score it, VantageScore can', () => {
    const report = pull(sandboxCases.thinFile.last4);
    expect(report.tradelines.length).toBeGreaterThanOrEqual(1);
    expect(report.tradelines.length).toBeLessThanOrEqual(2);
    expect(report.scores.find((s) => s.model === 'FICO 8')?.score).toBeNull();
    expect(report.scores.find((s) => s.model === 'VantageScore 4.0')?.score).toBeGreaterThan(300);
  });

  it.each([
    ['no record found', sandboxCases.noRecord.last4, false, /NO RECORD FOUND/],
    ['frozen file', sandboxCases.frozen.last4, true, /SECURITY FREEZE/],
  ])('%s: no report, a NoReportReason', (_name, last4, frozen, reason) => {
    const report = pull(last4);
    expect(report).toMatchObject({ noRecordFound: true, frozen, tradelines: [], scores: [] });
    expect(report.noReportReason).toMatch(reason);
    expect(report.alerts.some((a) => a.kind === 'freeze')).toBe(frozen);
  });

  it.each([
    ['OFAC', sandboxCases.ofac.last4, 'ofac', { ofac: true, mla: false }],
    ['MLA', sandboxCases.mla.last4, 'mla', { ofac: false, mla: true }],
    ['fraud alert', sandboxCases.fraudAlert.last4, 'fraud', { ofac: false, mla: false }],
  ])('%s alert', (_name, last4, kind, flags) => {
    const report = pull(last4);
    expect(report.alerts.map((a) => a.kind)).toEqual([kind]);
    expect(report).toMatchObject({ ...flags, noRecordFound: false });
    expect(report.tradelines.length).toBeGreaterThanOrEqual(5);
  });

  it('bankruptcy: a discharged Chapter 7 public record and accounts included in it', () => {
    const report = pull(sandboxCases.bankruptcy.last4);
    expect(report.publicRecords).toMatchObject([{ type: 'BANKRUPTCY_CHAPTER_7', disposition: 'DISCHARGED' }]);
    expect(report.tradelines.some((t) => t.tradelineStatus === 'INCLUDED_IN_BANKRUPTCY')).toBe(true);
  });

  it('all statuses: every tradeline status and every portfolio type of the spec', async () => {
    const { tradelinePortfolioTypes, tradelineStatuses } = await import('@credence/contracts');
    for (const bureau of creditBureaus) {
      const report = pull(sandboxCases.allStatuses.last4, bureau);
      expect(new Set(report.tradelines.map((t) => t.tradelineStatus))).toEqual(new Set(tradelineStatuses));
      expect(new Set(report.tradelines.map((t) => t.portfolioType))).toEqual(new Set(tradelinePortfolioTypes));
    }
  });

  it('no tradelines: no model can score the file', () => {
    const report = pull(sandboxCases.noTradelines.last4);
    expect(report.tradelines).toEqual([]);
    expect(report.scores.every((s) => s.score === null && s.exclusionReason !== null)).toBe(true);
  });

  it('refinance: the open installment loans give back a rate near the one they were made at', () => {
    const report = pull(sandboxCases.refinance.last4);
    const loans = report.tradelines.filter((t) => t.portfolioType === 'INSTALLMENT' && t.isOpen).slice(0, 3);
    const rates = loans.map((t) =>
      estimateAnnualRatePercent({
        balance: t.balance,
        monthlyPayment: t.monthlyPayment ?? '0',
        remainingTermMonths: t.remainingTermMonths ?? 0,
      })?.toNumber(),
    );
    // 14.99 % over 72, 11.49 % over 60 and 19.99 % over 36, reported in whole dollars.
    [14.99, 11.49, 19.99].forEach((rate, i) => expect(Math.abs((rates[i] ?? 0) - rate)).toBeLessThan(0.6));
  });

  it('scores follow the quality of the file: excellent above subprime at every bureau and model', () => {
    for (const bureau of creditBureaus) {
      const good = pull(sandboxCases.excellent.last4, bureau).scores;
      const poor = pull(sandboxCases.subprime.last4, bureau).scores;
      good.forEach((s, i) => expect(s.score ?? 0).toBeGreaterThan((poor[i]?.score ?? 0) + 150));
    }
  });
});

describe('the provider', () => {
  it('pulls through the interface: raw XML and the parsed report, a new report id on every pull', async () => {
    let now = pulledAt;
    const provider = createBureauProvider('TransUnion', { kind: 'sandbox' }, () => now);
    const first = await provider.pull(request('TransUnion', '123-45-6789'));
    now = new Date('2026-03-15T14:31:00.000Z');
    const again = await provider.pull({
      ...request('TransUnion', '123-45-6789'),
      previousCreditReportId: first.report.creditReportId,
    });
    expect(first.rawXml).toContain('<CREDIT_RESPONSE MISMOVersionID="2.4"');
    expect(again.report.creditReportId).not.toBe(first.report.creditReportId);
    expect(again.rawXml).toContain('CreditReportRequestActionType="ForceNew"');
    expect(again.report.tradelines).toEqual(first.report.tradelines);
  });

  it('refuses an invalid SSN and another bureau', async () => {
    const provider = createBureauProvider('Equifax');
    await expect(provider.pull(request('Equifax', '000-12-3456'))).rejects.toBeInstanceOf(BureauError);
    await expect(provider.pull(request('Experian', '123-45-6789'))).rejects.toBeInstanceOf(BureauError);
  });
});

describe('the parser', () => {
  it('reads a reseller error answer as a BureauError', () => {
    const xml = `<?xml version="1.0"?><RESPONSE_GROUP MISMOVersionID="2.4"><RESPONSE><RESPONSE_DATA>
      <CREDIT_RESPONSE MISMOVersionID="2.4" CreditReportType="Error"><CREDIT_ERROR_MESSAGE _Code="E036">
      <_Text>Invalid Client Account Identifier</_Text></CREDIT_ERROR_MESSAGE></CREDIT_RESPONSE></RESPONSE_DATA>
      <STATUS _Condition="Error" _Code="E036"/></RESPONSE></RESPONSE_GROUP>`;
    expect(() => parseMismoCreditResponse(xml, { bureau: 'Equifax', pulledAt })).toThrow(/Invalid Client Account/);
  });

  it('refuses what is not XML', () => {
    expect(() => parseMismoCreditResponse('<RESPONSE_GROUP>', { bureau: 'Equifax', pulledAt })).toThrow(BureauError);
  });

  it('keeps only the asked bureau of a merged answer and reads a single element as a list', () => {
    const xml = `<RESPONSE_GROUP><RESPONSE><RESPONSE_DATA><CREDIT_RESPONSE CreditReportIdentifier="M1">
      <BORROWER BorrowerID="B1" _FirstName="A" _LastName="B" _SSN="123456789"/>
      <CREDIT_LIABILITY BorrowerID="B1" _AccountType="Installment" _AccountStatusType="Open" _UnpaidBalanceAmount="1200"
        _MonthlyPaymentAmount="100" _AccountOpenedDate="2025-01" _AccountReportedDate="2026-02-01" _TermsMonthsCount="24">
        <_CREDITOR _Name="X"/><_CURRENT_RATING _Type="AsAgreed"/><CREDIT_REPOSITORY _SourceType="Experian"/></CREDIT_LIABILITY>
      <CREDIT_LIABILITY BorrowerID="B1" _AccountType="Revolving" _AccountStatusType="Open" _UnpaidBalanceAmount="50">
        <_CREDITOR _Name="Y"/><CREDIT_REPOSITORY _SourceType="Equifax"/></CREDIT_LIABILITY>
      <CREDIT_SCORE CreditRepositorySourceType="Experian" _ModelNameType="ExperianFICOScore8" _Value="701"/>
      <CREDIT_SCORE CreditRepositorySourceType="Equifax" _ModelNameType="Other" _ModelNameTypeOtherDescription="EquifaxFICOScore8" _Value="699"/>
      </CREDIT_RESPONSE></RESPONSE_DATA></RESPONSE></RESPONSE_GROUP>`;
    const report = parseMismoCreditResponse(xml, { bureau: 'Experian', pulledAt });
    expect(report.tradelines).toMatchObject([
      {
        creditor: 'X',
        openedDate: '2025-01-01',
        balance: '1200.00',
        termMonths: 24,
        remainingTermMonths: 11,
        tradelineStatus: 'CURRENT',
      },
    ]);
    expect(report.scores).toEqual([{ model: 'FICO 8', score: 701, exclusionReason: null, factors: [] }]);
    expect(creditReportSchema.safeParse(report).error).toBeUndefined();
  });
});

describe('any SSN and name', () => {
  const ssn = fc
    .tuple(fc.integer({ min: 1, max: 899 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
    .filter(([area]) => area !== 666)
    .map(([a, g, s]) => `${String(a).padStart(3, '0')}-${String(g).padStart(2, '0')}-${String(s).padStart(4, '0')}`);
  const name = fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,19}$/);

  it('gives a report that validates against the contract, the same one every time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...creditBureaus),
        ssn,
        name,
        name,
        fc.subarray([...creditScoreModels], { minLength: 1 }),
        (bureau, s, first, last, scoreModels) => {
          const r = { ...request(bureau, s, first, last), scoreModels };
          const xml = sandboxCreditResponseXml(r, pulledAt);
          expect(sandboxCreditResponseXml(r, pulledAt)).toBe(xml);
          const report = parseMismoCreditResponse(xml, { bureau, pulledAt });
          expect(creditReportSchema.safeParse(report).error).toBeUndefined();
          expect(report.tradelines.length).toBeLessThanOrEqual(40);
          if (!report.noRecordFound) expect(report.scores.map((x) => x.model)).toEqual(scoreModels);
        },
      ),
      { numRuns: 150 },
    );
  });
});
