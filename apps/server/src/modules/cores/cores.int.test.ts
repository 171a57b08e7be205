import { coreServices, coreTexts, type CoreService } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoreSandbox } from '../../db/seed/core-sandbox.ts';
import { withTenant } from '../../db/tenancy.ts';
import {
  CORE_TEST_MEMBERS,
  CoreError,
  createCoreProvider,
  sandboxLoanIdPatterns,
  type CoreProvider,
} from '../../integrations/cores/index.ts';
import { AppError } from '../../platform/errors.ts';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './cores.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const coreError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
};
const countAccounts = async (lenderId: number, reference: string) =>
  Number(
    (
      await t.pool.query<{ n: string }>(
        'select count(*) as n from core_sandbox.accounts where lender_id = $1 and reference = $2',
        [lenderId, reference],
      )
    ).rows[0]!.n,
  );

describe.each(coreServices.map((core, i) => ({ core, lenderId: 90_000 + i })))(
  'the $core sandbox',
  ({ core, lenderId }: { core: CoreService; lenderId: number }) => {
    let sandbox: CoreProvider;
    let memberNumber: string;
    const ssn = `55${String(lenderId).slice(-3)}1234`;
    const generatesShares = core === 'Fiserv' || core === 'Universal';

    beforeAll(async () => {
      sandbox = createCoreProvider(t.db, core, { timeoutMs: 40 });
    });

    it('creates a member, finds it by member number and by SSN', async () => {
      const member = await sandbox.createMember(lenderId, {
        firstName: 'Robin',
        lastName: 'Avery',
        taxId: { kind: 'ssn', digits: ssn },
        address: { addressLine1: '12 Elm St', city: 'Denver', state: 'CO', zip: '80202' },
      });
      memberNumber = member.memberNumber;
      expect(member).toMatchObject({ name: 'Avery, Robin', role: 'Primary', status: 'open' });
      const byNumber = await sandbox.lookupMembers(lenderId, { memberNumber });
      expect(byNumber.membersList).toEqual([member]);
      expect(byNumber.membersList[0]!.addresses).toEqual([
        { addressLine1: '12 Elm St', city: 'Denver', state: 'CO', zip: '80202' },
      ]);
      const bySsn = await sandbox.lookupMembers(lenderId, {
        memberNumber: null,
        ssn: `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`,
      });
      expect(bySsn.membersList.map((m) => m.memberNumber)).toEqual([memberNumber]);
      expect((await sandbox.lookupMembers(lenderId, { memberNumber: '1234' })).membersList).toEqual([]);
      // A second member gets another number.
      const other = await sandbox.createMember(lenderId, {
        firstName: 'Kim',
        lastName: 'Lee',
        taxId: { kind: 'ssn', digits: '111223333' },
        address: null,
      });
      expect(other.memberNumber).not.toBe(memberNumber);
      // A business is a member by its EIN (issue 29, item 3), never the person whose SSN has the same digits.
      const business = await sandbox.createMember(lenderId, {
        firstName: 'Front Range Landscaping LLC',
        lastName: '',
        taxId: { kind: 'ein', digits: ssn },
        address: null,
      });
      expect(business.memberNumber).not.toBe(memberNumber);
      await expect(
        sandbox.createMember(lenderId, {
          firstName: 'No Id LLC',
          lastName: '',
          taxId: { kind: 'ein', digits: '12' },
          address: null,
        }),
      ).rejects.toMatchObject({ coreMessages: [expect.stringContaining('a member needs a nine-digit EIN')] });
      // The same person again (a funding retried after a failed booking): the membership on file, not a second one.
      const again = await sandbox.createMember(lenderId, {
        firstName: 'Robin',
        lastName: 'Avery',
        taxId: { kind: 'ssn', digits: ssn },
        address: null,
      });
      expect(again.memberNumber).toBe(memberNumber);
    });

    it("generates loan ids in the core's format; the potential id is a preview that does not advance", async () => {
      expect(sandbox.canGenerateLoanId).toBe(true);
      const potential = await sandbox.potentialLoanId(lenderId, memberNumber);
      expect(await sandbox.potentialLoanId(lenderId, memberNumber)).toBe(potential);
      expect(potential).toMatch(sandboxLoanIdPatterns[core]);
      const generated = await sandbox.generateLoanId(lenderId, memberNumber);
      expect(generated).toBe(potential);
      const next = await sandbox.generateLoanId(lenderId, memberNumber);
      expect(next).toMatch(sandboxLoanIdPatterns[core]);
      expect(next).not.toBe(generated);
      expect(await sandbox.potentialLoanId(lenderId, null)).not.toBe(next);
    });

    it(`share account numbers: ${generatesShares ? 'generated' : 'refused'} (spec 3 §9: Fiserv and Universal only)`, async () => {
      expect(sandbox.canGenerateShareAccountNumber).toBe(generatesShares);
      if (generatesShares) {
        const potential = await sandbox.potentialShareAccountNumber(lenderId);
        expect(await sandbox.generateShareAccountNumber(lenderId)).toBe(potential);
        expect(await sandbox.potentialShareAccountNumber(lenderId)).not.toBe(potential);
        expect(potential).toMatch(core === 'Fiserv' ? /^S\d{9}$/ : /^US\d{8}$/);
      } else {
        expect((await coreError(sandbox.generateShareAccountNumber(lenderId))).kind).toBe('refused');
      }
    });

    it('books once per reference (also under 10 concurrent calls), finds, reverses once, shows the existing debt', async () => {
      const loanId = await sandbox.generateLoanId(lenderId, memberNumber);
      const reference = `${lenderId}-1-1`;
      const request = {
        reference,
        memberNumber,
        loanId,
        shareAccountNumber: null,
        payload: { amount: '12000.00', monthlyPayment: '250.10', interestRate: '6.4900', description: 'Auto loan' },
      };
      const bookings = await Promise.all(Array.from({ length: 10 }, () => sandbox.bookLoan(lenderId, request)));
      expect(new Set(bookings.map((b) => b.coreLoanId))).toEqual(new Set([loanId]));
      expect(bookings[0]).toMatchObject({ reference, memberNumber, status: 'booked' });
      expect(await countAccounts(lenderId, reference)).toBe(1);
      expect(await sandbox.bookLoan(lenderId, request)).toMatchObject({ coreLoanId: loanId, status: 'booked' });
      expect(await sandbox.findBooking(lenderId, reference)).toMatchObject({ coreLoanId: loanId, status: 'booked' });
      expect(await sandbox.findBooking(lenderId, 'no-such-reference')).toBeNull();
      expect(await sandbox.existingLoanIds(lenderId, memberNumber)).toEqual([loanId]);
      expect(await sandbox.existingDebt(lenderId, memberNumber)).toEqual([
        {
          accountId: loanId,
          description: 'Auto loan',
          balance: '12000.00',
          monthlyPayment: '250.10',
          interestRate: '6.4900',
        },
      ]);
      // The same loan id under another reference is refused.
      const taken = await coreError(sandbox.bookLoan(lenderId, { ...request, reference: `${lenderId}-2-1` }));
      expect(taken.kind).toBe('refused');
      const reversed = await sandbox.reverseBooking(lenderId, reference);
      expect(reversed).toMatchObject({ coreLoanId: loanId, status: 'reversed' });
      expect((await coreError(sandbox.reverseBooking(lenderId, reference))).kind).toBe('refused');
      expect(await sandbox.existingDebt(lenderId, memberNumber)).toEqual([]);
      expect(await sandbox.findBooking(lenderId, reference)).toMatchObject({ status: 'reversed' });
    });

    it("refuses a closed member and an unknown member with the core's message", async () => {
      const request = { reference: `${lenderId}-3-1`, loanId: '', shareAccountNumber: null, payload: {} };
      const closed = await coreError(
        sandbox.bookLoan(lenderId, { ...request, memberNumber: CORE_TEST_MEMBERS.closed }),
      );
      expect(closed.kind).toBe('refused');
      expect(closed.coreMessages.join(' ')).toMatch(/closed/i);
      expect(
        (await sandbox.lookupMembers(lenderId, { memberNumber: CORE_TEST_MEMBERS.closed })).membersList[0],
      ).toMatchObject({ status: 'closed', name: 'Closed, Casey' });
      const unknown = await coreError(
        sandbox.bookLoan(lenderId, { ...request, memberNumber: CORE_TEST_MEMBERS.unknown }),
      );
      expect(unknown.kind).toBe('refused');
      expect(unknown.coreMessages.join(' ')).toContain(CORE_TEST_MEMBERS.unknown);
      expect((await coreError(sandbox.existingDebt(lenderId, CORE_TEST_MEMBERS.unknown))).kind).toBe('refused');
      expect(await countAccounts(lenderId, `${lenderId}-3-1`)).toBe(0);
    });

    it('times out for the timeout member; a booking whose answer timed out is found and not booked twice', async () => {
      const started = Date.now();
      expect((await coreError(sandbox.lookupMembers(lenderId, { memberNumber: CORE_TEST_MEMBERS.timeout }))).kind).toBe(
        'timeout',
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(35);
      expect((await coreError(sandbox.generateLoanId(lenderId, CORE_TEST_MEMBERS.timeout))).kind).toBe('timeout');
      expect((await coreError(sandbox.existingDebt(lenderId, CORE_TEST_MEMBERS.timeout))).kind).toBe('timeout');
      const request = {
        reference: `${lenderId}-4-1`,
        memberNumber: CORE_TEST_MEMBERS.bookedThenTimeout,
        loanId: '',
        shareAccountNumber: null,
        payload: { amount: '5000.00' },
      };
      expect((await coreError(sandbox.bookLoan(lenderId, request))).kind).toBe('timeout');
      const found = await sandbox.findBooking(lenderId, request.reference);
      expect(found).toMatchObject({ status: 'booked', memberNumber: CORE_TEST_MEMBERS.bookedThenTimeout });
      expect(found!.coreLoanId).toMatch(sandboxLoanIdPatterns[core]);
      expect(await sandbox.bookLoan(lenderId, request)).toMatchObject({ coreLoanId: found!.coreLoanId });
      expect(await countAccounts(lenderId, request.reference)).toBe(1);
    });

    it("keeps a booking when the caller's transaction rolls back (an external system)", async () => {
      const reference = `${lenderId}-5-1`;
      await expect(
        withTenant(t.db, 1, async () => {
          await sandbox.bookLoan(lenderId, {
            reference,
            memberNumber,
            loanId: '',
            shareAccountNumber: null,
            payload: {},
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await countAccounts(lenderId, reference)).toBe(1);
    });
  },
);

describe('the core routes', () => {
  let officer: ApiClient;
  let harbor: ApiClient;
  let processor: ApiClient;
  let summitId: number;
  let applicationId: number;
  // A member number of its own (the demo seeds the demo applicants' members at the core).
  const memberNumber = '7300000001';
  let seededLoanIds: string[] = [];

  const setCore = (core: CoreService) =>
    t.pool.query('update lenders set core_service = $1 where id = $2', [core, summitId]);

  beforeAll(async () => {
    officer = await signIn(t, 'officer', 'Officer2026');
    harbor = await signIn(t, 'harbor', 'Harbor2026');
    processor = await signIn(t, 'expiring', 'Expiring2026');
    summitId = (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [SUMMIT])).rows[0]!.id;
    await setCore('SymXchange');
    const created = await officer.post(
      '/api/applications',
      newAutoApplication(await productId(t, SUMMIT, 'Used Auto')),
    );
    expect(created.statusCode, created.body).toBe(201);
    applicationId = created.json<{ id: number }>().id;
    await t.pool.query("update applicants set member_number = $1 where application_id = $2 and role = 'PRIMARY'", [
      memberNumber,
      applicationId,
    ]);
    await seedCoreSandbox(t.db, summitId, [
      {
        memberNumber,
        firstName: 'Dana',
        lastName: 'Kowalski',
        ssn: '123-45-6789',
        address: { addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' },
      },
    ]);
    seededLoanIds = (
      await t.pool.query<{ account_id: string }>(
        "select account_id from core_sandbox.accounts where lender_id = $1 and member_number = $2 and kind = 'loan' order by created_at, account_id",
        [summitId, memberNumber],
      )
    ).rows.map((r) => r.account_id);
    expect(seededLoanIds.length).toBeGreaterThan(0);
  });

  it("names the lender's core", async () => {
    expect((await officer.get('/api/user/coreService')).json()).toEqual({ coreService: 'SymXchange' });
  });

  it('answers the Loan Id dialog data with the SymXchange hint, generates, saves (history), then shows the saved id', async () => {
    const data = (await officer.get(`/api/applications/${applicationId}/potentialLoanId`)).json();
    expect(data).toMatchObject({
      applicationId,
      loanId: null,
      coreService: 'SymXchange',
      increaseExistingCreditLimit: false,
      memberNumber,
      canGenerateLoanId: true,
      canGenerateShareAccountNumber: false,
      hint: coreTexts.hintPotential,
      existingLoanIds: seededLoanIds,
    });
    expect(data.potentialLoanId).toMatch(/^\d{4}$/);
    const generated = await officer.get(`/api/applications/${applicationId}/generateLoanId`);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json()).toEqual({ response: data.potentialLoanId });
    const saved = await officer.patch(`/api/application/${applicationId}`, [
      { op: 'replace', path: '/potentialLoanId', value: generated.json().response },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      applicationId,
      potentialLoanId: data.potentialLoanId,
      potentialShareAccountNumber: null,
    });
    const after = (await officer.get(`/api/applications/${applicationId}/potentialLoanId`)).json();
    expect(after).toMatchObject({ potentialLoanId: data.potentialLoanId, hint: coreTexts.hintExisting });
    const [entry] = (await officer.get(`/api/applications/${applicationId}/history`)).json();
    expect(entry).toMatchObject({ action: coreTexts.historyAction });
  });

  it("refuses a loan id over 100 characters with the spec's text (422), and other patch paths", async () => {
    const long = await officer.patch(`/api/application/${applicationId}`, [
      { op: 'replace', path: '/potentialLoanId', value: 'x'.repeat(101) },
    ]);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual([{ field: '0.value', message: coreTexts.loanIdMaxLength }]);
    const mixed = await officer.patch(`/api/application/${applicationId}`, [
      { op: 'replace', path: '/potentialLoanId', value: '1' },
      { op: 'replace', path: '/somethingElse', value: 1 },
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(
      (
        await officer.patch(`/api/application/${applicationId}`, [
          { op: 'remove', path: '/potentialShareAccountNumber' },
        ])
      ).statusCode,
    ).toBe(422);
  });

  it('looks the member up (by member number) and answers the existing debt', async () => {
    const lookup = await officer.get(`/api/applications/${applicationId}/members`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      membersList: [
        {
          memberNumber,
          name: 'Kowalski, Dana',
          role: 'Primary',
          status: 'open',
          addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
        },
      ],
      cardAccountsSupported: true,
      chargeOffSupported: true,
    });
    const product = await productId(t, SUMMIT, 'Used Auto');
    const debt = await officer.post(`/api/applications/debt/${product}`, {
      loanProductId: product,
      memberNumber: null,
      ssn: '123456789',
      applicationId,
    });
    expect(debt.statusCode, debt.body).toBe(200);
    expect(debt.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memberNumber, accountId: seededLoanIds[0], description: 'Used Auto Loan' }),
      ]),
    );
    const byNumber = await officer.post(`/api/applications/debt/${product}`, { loanProductId: product, memberNumber });
    expect(byNumber.json().map((d: { accountId: string }) => d.accountId)).toEqual(seededLoanIds);
    const none = await officer.post(`/api/applications/debt/${product}`, {
      loanProductId: product,
      memberNumber: '000111',
    });
    expect(none.json()).toEqual([]);
    const bad = await officer.post(`/api/applications/debt/${product}`, { loanProductId: product, ssn: '12-34' });
    expect(bad.statusCode).toBe(422);
  });

  it('generates share account numbers only on Fiserv and Universal', async () => {
    const refused = await officer.get(`/api/applications/${applicationId}/generateShareAccountNumber`);
    expect(refused.statusCode).toBe(422);
    expect((await officer.get(`/api/applications/${applicationId}/potentialShareAccountNumber`)).json()).toEqual({
      potentialShareAccountNumber: null,
    });
    await setCore('Fiserv');
    try {
      const potential = (await officer.get(`/api/applications/${applicationId}/potentialShareAccountNumber`)).json();
      expect(potential.potentialShareAccountNumber).toMatch(/^S\d{9}$/);
      const generated = await officer.get(`/api/applications/${applicationId}/generateShareAccountNumber`);
      expect(generated.statusCode, generated.body).toBe(200);
      expect(generated.json()).toEqual({ response: potential.potentialShareAccountNumber });
      const data = (await officer.get(`/api/applications/${applicationId}/potentialLoanId`)).json();
      // A member is returned: no share account generation (spec 3 §9); no hint outside SymXchange.
      expect(data).toMatchObject({
        coreService: 'Fiserv',
        canGenerateShareAccountNumber: false,
        potentialAccountNumber: null,
        hint: null,
      });
    } finally {
      await setCore('SymXchange');
    }
  });

  it("needs canFundALoan or canDecisionALoan; another lender's application is unreachable (404)", async () => {
    expect((await processor.get(`/api/applications/${applicationId}/potentialLoanId`)).statusCode).toBe(403);
    expect((await processor.get(`/api/applications/${applicationId}/generateLoanId`)).statusCode).toBe(403);
    expect((await processor.get('/api/user/coreService')).statusCode).toBe(403);
    expect(
      (
        await processor.patch(`/api/application/${applicationId}`, [
          { op: 'replace', path: '/potentialLoanId', value: '1' },
        ])
      ).statusCode,
    ).toBe(403);
    for (const path of ['potentialLoanId', 'generateLoanId', 'members', 'potentialShareAccountNumber']) {
      expect((await harbor.get(`/api/applications/${applicationId}/${path}`)).statusCode, path).toBe(404);
    }
    expect(
      (
        await harbor.patch(`/api/application/${applicationId}`, [
          { op: 'replace', path: '/potentialLoanId', value: '1' },
        ])
      ).statusCode,
    ).toBe(404);
  });

  it('refuses Generate when increasing an existing credit limit', async () => {
    await t.pool.query('update applications set increase_existing_credit_limit = true where id = $1', [applicationId]);
    try {
      const refused = await officer.get(`/api/applications/${applicationId}/generateLoanId`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([{ field: 'potentialLoanId', message: coreTexts.cannotGenerateIncrease }]);
      expect((await officer.get(`/api/applications/${applicationId}/potentialLoanId`)).json()).toMatchObject({
        increaseExistingCreditLimit: true,
        canGenerateLoanId: false,
      });
    } finally {
      await t.pool.query('update applications set increase_existing_credit_limit = false where id = $1', [
        applicationId,
      ]);
    }
  });

  it('maps a core that does not answer to 504 with the spec text (never 500)', async () => {
    const ctx = { ...applicationContext({ db: t.db, config: t.config }), coreTimeoutMs: 30 };
    await t.pool.query("update applicants set member_number = $1 where application_id = $2 and role = 'PRIMARY'", [
      CORE_TEST_MEMBERS.timeout,
      applicationId,
    ]);
    try {
      const auth = {
        sessionId: 's',
        userId: 1,
        homeLenderId: summitId,
        lenderId: summitId,
        rights: new Set(['canFundALoan'] as const),
        passwordExpired: false,
      };
      const generate = await service.generateLoanId(ctx, auth, applicationId).catch((e: unknown) => e);
      expect(generate).toBeInstanceOf(AppError);
      expect(generate).toMatchObject({ status: 504, code: 'THIRD_PARTY_ERROR' });
      expect((generate as AppError).message).toContain(coreTexts.generateLoanIdFailed);
      const lookup = await service.lookupMembers(ctx, auth, applicationId).catch((e: unknown) => e);
      expect(lookup).toMatchObject({ status: 504, message: expect.stringContaining(coreTexts.memberLookupFailed) });
      // The dialog data degrades quietly: no preview, no existing ids.
      const data = await service.getLoanIdDialogData(ctx, auth, applicationId);
      expect(data).toMatchObject({ existingLoanIds: [] });
    } finally {
      await t.pool.query("update applicants set member_number = $1 where application_id = $2 and role = 'PRIMARY'", [
        memberNumber,
        applicationId,
      ]);
    }
  });

  it('is read-only once the loan is funded: the funded loan id answers, a change is refused (409)', async () => {
    await t.pool.query(
      `insert into loans (lender_id, application_id, amount, term_months, interest_rate, payment_frequency, direct, loan_id, share_account_number, is_funded)
       values ($1, $2, '20000.00', 60, '5.9900', 'Monthly', true, 'FUNDED-1', null, true)`,
      [summitId, applicationId],
    );
    const data = (await officer.get(`/api/applications/${applicationId}/potentialLoanId`)).json();
    expect(data).toMatchObject({ loanId: 'FUNDED-1', canGenerateLoanId: false, hint: coreTexts.hintExisting });
    const refused = await officer.patch(`/api/application/${applicationId}`, [
      { op: 'replace', path: '/potentialLoanId', value: '0999' },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(coreTexts.loanIsFunded);
    expect((await officer.get(`/api/applications/${applicationId}/generateLoanId`)).statusCode).toBe(409);
  });
});
