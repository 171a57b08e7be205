import { todayIso } from '@credence/domain';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in caller of the test app: JSON calls with the bearer token. */
export const apiClient = (t: TestApp, token: string) => {
  const call = (method: Method, url: string, payload?: unknown, contentType?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    /** A JSON patch (application/json-patch+json). */
    patch: (url: string, payload: unknown) =>
      call('PATCH', url, JSON.stringify(payload), 'application/json-patch+json'),
    delete: (url: string) => call('DELETE', url),
  };
};
export type ApiClient = ReturnType<typeof apiClient>;

export const signIn = async (t: TestApp, username: string, password: string) =>
  apiClient(t, (await t.login(username, password)).access_token);

/** Row count of a table, read as the owner (all lenders). */
export const countRows = async (t: TestApp, table: string) =>
  Number((await t.pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);

/** The first seeded application of a lender matching a condition on the applications table. */
export const findSeededApplication = async (t: TestApp, lenderName: string, where = 'true') => {
  const { rows } = await t.pool.query<{ id: number }>(
    `select a.id from applications a join lenders l on l.id = a.lender_id
      join loan_products p on p.id = a.loan_product_id
     where l.name = $1 and (${where}) order by a.id limit 1`,
    [lenderName],
  );
  if (!rows[0]) throw new Error(`no seeded application of ${lenderName} where ${where}`);
  return rows[0].id;
};

export const productId = async (t: TestApp, lenderName: string, productName: string) => {
  const { rows } = await t.pool.query<{ id: number }>(
    `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 and p.name = $2`,
    [lenderName, productName],
  );
  return rows[0]!.id;
};

export const SUMMIT = 'Summit Federal Credit Union';
export const HARBOR = 'Harbor Auto Finance';

/** Today in a lender's time zone: the date its "today" is read as (UTC's is tomorrow in a US evening). */
export const lenderToday = async (t: TestApp, lenderName = SUMMIT) => {
  const { rows } = await t.pool.query<{ time_zone: string }>(`select time_zone from lenders where name = $1`, [
    lenderName,
  ]);
  return todayIso(rows[0]!.time_zone);
};

/** A valid create-application body for Summit's New Auto (direct, no transaction type yet). */
export const newAutoApplication = (loanProductId: number) => ({
  loanProductId,
  direct: true,
  applicants: [
    {
      applicantRole: 'PRIMARY',
      firstName: 'Dana',
      lastName: 'Kowalski',
      dob: '1986-04-12',
      maritalStatus: 'MARRIED',
      socialSecurityNumber: '123-45-6789',
      memberNumber: '4455667',
      addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
      phoneNumbers: [{ number: '3035550142', preferredContact: true }],
      emails: [{ email: 'dana.kowalski@example.com' }],
      employments: [
        {
          status: 'EMPLOYED',
          employer: 'Ball Corporation',
          occupation: 'Engineer',
          yearsEmployed: 6,
          monthsEmployed: 3,
          salary: '98000.00',
          payPeriod: 'Annually',
          isCurrent: true,
        },
      ],
      govtIssuedIds: [{ govtIdType: 'STATE_DRIVERS_LICENSE', number: 'D12345678', state: 'CO', country: 'US' }],
      finances: [
        { description: 'Mortgage', type: 'Housing', amount: '1850.00', isIncome: false, balance: '310000.00' },
      ],
      assets: [{ description: 'Savings', type: 'Deposit', amount: '15000.00' }],
    },
    {
      applicantRole: 'CO_APPLICANT',
      firstName: 'Sam',
      lastName: 'Kowalski',
      maritalStatus: 'MARRIED',
      socialSecurityNumber: '987-65-4321',
      addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
    },
  ],
  request: {
    negotiatedPrice: '31995.00',
    ttlEstimate: '2399.63',
    cashDown: '4000.00',
    rebate: '500.00',
    netTradeIn: '-1250.00',
    otherFrontEndFees: [
      { name: 'Documentation fee', value: '499.00' },
      { name: 'Title and registration', value: '126.40' },
    ],
    gap: '595.00',
    warranty: '1895.00',
    termMonths: 72,
    paymentFrequencyId: 'Monthly',
    value: '31995.00',
  },
  collaterals: [
    {
      family: 'Auto',
      type: 'AUTO',
      identificationNumber: '1HGCM82633A004352',
      year: 2024,
      make: 'Toyota',
      model: 'Camry',
      style: 'SE Sedan 4D',
      mileage: 12,
      value: '31995.00',
      liens: [{ lienholder: 'Ally Financial', payoffAmount: '', perDiem: '' }],
    },
  ],
  insurance: { company: 'State Farm', policyNumber: 'PA-550012345', expirationDate: '2027-05-01' },
});
