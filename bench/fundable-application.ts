/**
 * An approved New Auto application saved as a fundable loan draft, made over HTTP as an officer makes it: create,
 * pull credit, approve, the product's stipulations cleared by the administrator (a member of every clear group:
 * funding refuses while one is open), and the draft saved on the latest business day (weekends and the lender's
 * holidays skipped).
 * bench:funding and bench:faults (e) then race its funding.
 */
import { addDays, addMonths, todayIso, weekday } from '@credence/domain';

/** An API call of the signed-in officer: the status and the body's text. */
export type ApiCall = (method: string, url: string, body?: unknown) => Promise<{ status: number; text: string }>;

/** A create-application body for a New Auto (direct, one applicant whose income covers the loan). */
const newAutoApplication = (loanProductId: number, ssn: string) => ({
  loanProductId,
  direct: true,
  applicants: [
    {
      applicantRole: 'PRIMARY',
      firstName: 'Bench',
      lastName: 'Funding',
      dob: '1986-04-12',
      maritalStatus: 'UNMARRIED',
      socialSecurityNumber: ssn,
      addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
      phoneNumbers: [{ number: '3035550142', preferredContact: true }],
      employments: [
        {
          status: 'EMPLOYED',
          employer: 'Ball Corporation',
          occupation: 'Engineer',
          yearsEmployed: 6,
          monthsEmployed: 3,
          salary: '480000.00',
          payPeriod: 'Annually',
          isCurrent: true,
        },
      ],
    },
  ],
  request: {
    negotiatedPrice: '31995.00',
    ttlEstimate: '2399.63',
    cashDown: '4000.00',
    termMonths: 60,
    paymentFrequencyId: 'Monthly',
    value: '31995.00',
  },
});

const expectStatus = (answer: { status: number; text: string }, status: number, step: string) => {
  if (answer.status !== status) throw new Error(`${step}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
};

type Requirement = { id: number; required: boolean; status: string; updatedAt: string };

/** Clears the application's required stipulations that are still open, as `clearAs`. */
const meetConditions = async (clearAs: ApiCall, id: number) => {
  const url = `/api/applications/${id}/fundingRequirements`;
  const sheet = await clearAs('GET', url);
  expectStatus(sheet, 200, 'funding requirements');
  const { requirements } = JSON.parse(sheet.text) as { requirements: Requirement[] };
  for (const r of requirements.filter((x) => x.required && ['outstanding', 'received'].includes(x.status)))
    expectStatus(
      await clearAs('PUT', `${url}/${r.id}`, { status: 'cleared', waiveReason: null, updatedAt: r.updatedAt }),
      200,
      'clear a stipulation',
    );
};

/**
 * Makes one; returns its id. `closedDays`: the lender's holidays (ISO dates); `clearAs`: the administrator's calls,
 * who clears the stipulations.
 */
export const fundableApplication = async (
  call: ApiCall,
  options: {
    productId: number;
    ssn: string;
    closedDays: ReadonlySet<string>;
    loanId: (id: number) => string;
    clearAs: ApiCall;
  },
): Promise<number> => {
  const created = await call('POST', '/api/applications', newAutoApplication(options.productId, options.ssn));
  expectStatus(created, 201, 'create');
  const id = (JSON.parse(created.text) as { id: number }).id;
  expectStatus(
    await call('POST', `/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' }),
    200,
    'credit',
  );
  // Today in the lender's zone (Summit: Denver), as the server reads the contract date.
  const today = todayIso('America/Denver');
  const decided = await call('POST', `/api/applications/${id}/decisions`, {
    applicationId: id,
    decisionType: 'approve',
    approval: {
      contractDate: today,
      firstPaymentDate: addMonths(today, 1),
      amount: '25000.00',
      term: 60,
      interestRate: '6.490',
      paymentFrequencyId: 'Monthly',
    },
    // The demo policy suggests other terms for this applicant: the officer decides outside it, with a reason.
    policyException: { reason: 'Benchmark terms' },
  });
  expectStatus(decided, 201, 'decision');
  await meetConditions(options.clearAs, id);
  const sheet = await call('GET', `/api/applicationloan/${id}`);
  expectStatus(sheet, 200, 'funding worksheet');
  let day = (JSON.parse(sheet.text) as { lenderDate: string }).lenderDate;
  while (weekday(day) === 0 || weekday(day) === 6 || options.closedDays.has(day)) day = addDays(day, -1);
  const saved = await call('PUT', `/api/applications/${id}/loans`, {
    contractDate: day,
    firstPaymentDate: addMonths(day, 1),
    fundingDate: day,
    memberNumber: null,
    loanId: options.loanId(id),
  });
  expectStatus(saved, 200, 'loan draft');
  return id;
};

/** The first row of a query as the database owner (bench-database's `q1`). */
export type FirstRow = <T>(text: string, params?: unknown[]) => Promise<T>;

/** What a funding left behind: booking rows and sandbox-core accounts of the application (each must be 1). */
export const fundingTraces = async (q1: FirstRow, lenderId: number, applicationId: number) => ({
  bookings: (
    await q1<{ n: number }>(
      `select count(*)::int as n from loan_bookings where application_id = $1 and kind = 'book'`,
      [applicationId],
    )
  ).n,
  coreAccounts: (
    await q1<{ n: number }>(
      'select count(*)::int as n from core_sandbox.accounts where lender_id = $1 and reference like $2',
      [lenderId, `${lenderId}-${applicationId}-%`],
    )
  ).n,
});
