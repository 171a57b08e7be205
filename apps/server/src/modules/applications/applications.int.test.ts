import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  findSeededApplication,
  HARBOR,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;
let newAuto: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  newAuto = await productId(t, SUMMIT, 'New Auto');
});
afterAll(() => t.close());

const TABLES = [
  'applications',
  'applicants',
  'applicant_addresses',
  'applicant_phone_numbers',
  'applicant_emails',
  'applicant_employments',
  'applicant_govt_ids',
  'applicant_finances',
  'applicant_assets',
  'application_front_end_fees',
  'collaterals',
  'collateral_liens',
  'application_insurance',
  'application_history',
];
const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await countRows(t, n)])));

describe('lookups', () => {
  it("lists the lender's enabled loan products of every control type", async () => {
    const products = (await officer.get('/api/loanProducts')).json<{ name: string; controlType: string }[]>();
    expect(new Set(products.map((p) => p.controlType))).toEqual(
      new Set(['AUTOMOTIVE', 'BOAT', 'CD_SHARE', 'CREDIT_CARD', 'HEL', 'PERSONAL', 'RV']),
    );
    expect(products.map((p) => p.name)).not.toContain('Signature Loan (retired)');
    expect(products.map((p) => p.name)).not.toContain('Dealer Auto');
  });

  it('lists the payment frequencies', async () => {
    const response = await officer.get('/api/paymentFrequencies');
    expect(response.json()).toContainEqual({ id: 'BiWeekly', name: 'Bi-Weekly', paymentsPerYear: 26 });
  });

  it('documents every route in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: object }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/applications', '/api/applications/{id}/collaterals/']));
  });
});

describe('create application', () => {
  it('creates the application, applicants, request and collateral in one go and answers its id', async () => {
    const before = await counts();
    const response = await officer.post('/api/applications', newAutoApplication(newAuto));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    expect(id).toBeGreaterThan(10000);
    const after = await counts();
    expect(after.applications - before.applications).toBe(1);
    expect(after.applicants - before.applicants).toBe(2);
    expect(after.applicant_addresses - before.applicant_addresses).toBe(2);
    expect(after.collaterals - before.collaterals).toBe(1);
    expect(after.collateral_liens - before.collateral_liens).toBe(1);
    expect(after.application_insurance - before.application_insurance).toBe(1);
    expect(after.application_front_end_fees - before.application_front_end_fees).toBe(2);
    expect(after.application_history - before.application_history).toBe(1);

    const app = (await officer.get(`/api/applications/${id}`)).json();
    expect(app).toMatchObject({
      id,
      state: 'new',
      source: 'LENDER',
      direct: true,
      loanProduct: { id: newAuto, name: 'New Auto', controlType: 'AUTOMOTIVE', requiresVin: true },
      createdByUser: { name: 'Olivia Chen' },
      lock: { isLocked: true, isLockedByMe: true, lockingUser: { name: 'Olivia Chen' } },
      request: {
        otherFees: '625.40',
        totalFrontEndAmount: '31770.03',
        totalDownPayment: '3250.00',
        totalBackEndFees: '2490.00',
        totalLoanAmount: '34260.03',
        estAmtFinanced: '34260.03',
        isTotalFrontEndAmountManual: false,
        paymentFrequencyId: 'Monthly',
        termMonths: 72,
      },
      collaterals: [
        {
          family: 'Auto',
          identificationNumber: '1HGCM82633A004352',
          liens: [{ lienholder: 'Ally Financial', payoffAmount: null, perDiem: null }],
        },
      ],
      insurance: { company: 'State Farm', policyNumber: 'PA-550012345' },
    });
    expect(app.applicants.map((a: { applicantRole: string }) => a.applicantRole)).toEqual(['PRIMARY', 'CO_APPLICANT']);
    expect(app.applicants[0]).toMatchObject({
      socialSecurityNumber: '***-**-6789',
      govtIssuedIds: [{ number: '****5678', govtIdType: 'STATE_DRIVERS_LICENSE' }],
      employments: [{ salary: '98000.00', employer: 'Ball Corporation' }],
    });
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'Application created', user: { name: 'Olivia Chen' } });
    expect(history[0].changes).toContainEqual({
      entity: 'Request',
      entityId: id,
      property: 'estAmtFinanced',
      oldValue: null,
      newValue: '34260.03',
    });
    expect(JSON.stringify(history)).not.toContain('123456789');
  });

  it('refuses an invalid application with 422 field errors and writes nothing at all', async () => {
    const before = await counts();
    const body = newAutoApplication(newAuto);
    body.applicants[1]!.applicantRole = 'PRIMARY';
    body.applicants[1]!.socialSecurityNumber = '123456789';
    body.collaterals[0]!.identificationNumber = '1HGCM82643A004352';
    const response = await officer.post('/api/applications', {
      ...body,
      request: { ...body.request, residualAmount: '99999.00' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: messages.errors.validation });
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'applicants', message: messages.applications.exactlyOnePrimary },
        { field: 'applicants.1.socialSecurityNumber', message: messages.applications.duplicateSsn },
        { field: 'request.residualAmount', message: messages.validation.residualAboveAmountFinanced },
        { field: 'collaterals.0.identificationNumber', message: messages.validation.invalidVin },
      ]),
    );
    expect(await counts()).toEqual(before);
  });

  it('validates shapes: money with two decimals, a payment frequency, names', async () => {
    const body = newAutoApplication(newAuto);
    const response = await officer.post('/api/applications', {
      ...body,
      applicants: [{ ...body.applicants[0], firstName: '' }],
      request: { ...body.request, negotiatedPrice: '0.00', ttlEstimate: '-1.00', paymentFrequencyId: undefined },
    });
    expect(response.statusCode).toBe(422);
    const fields = response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'applicants.0.firstName',
        'request.negotiatedPrice',
        'request.ttlEstimate',
        'request.paymentFrequencyId',
      ]),
    );
  });

  it('refuses a request without what the control type needs: 422 per field, nothing written (issue 17, item 6)', async () => {
    const base = newAutoApplication(newAuto);
    const before = await counts();
    const create = async (name: string, request: object) => {
      const response = await officer.post('/api/applications', {
        loanProductId: await productId(t, SUMMIT, name),
        direct: true,
        applicants: [base.applicants[0]],
        request: { paymentFrequencyId: 'Monthly', ...request },
      });
      return response;
    };
    const refused = async (name: string, request: object) => {
      const response = await create(name, request);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: messages.errors.validation });
      return response.json<{ errors: { field: string; message: string }[] }>().errors;
    };
    const required = messages.validation.required;
    // A personal loan with no amount and no term (the case of the issue).
    expect(await refused('Personal Loan', {})).toEqual([
      { field: 'request.estAmtFinanced', message: required },
      { field: 'request.termMonths', message: required },
    ]);
    expect(await refused('Personal Loan', { estAmtFinanced: '0.00', termMonths: 36 })).toEqual([
      { field: 'request.estAmtFinanced', message: messages.validation.atLeastOneCent },
    ]);
    // Auto: the price of the itemization and the term; fees alone are not a price.
    expect(await refused('New Auto', { ttlEstimate: '1200.00', gap: '595.00' })).toEqual([
      { field: 'request.negotiatedPrice', message: messages.applications.salesPriceRequired },
      { field: 'request.termMonths', message: required },
    ]);
    expect(await refused('Boat Loan', { negotiatedPrice: '60000.00' })).toEqual([
      { field: 'request.termMonths', message: required },
    ]);
    // A credit card: the requested limit (no term).
    expect(await refused('Visa Platinum', { termMonths: 12 })).toEqual([
      { field: 'request.requestedAmount', message: required },
    ]);
    expect(await refused('Home Equity Loan', { termMonths: 120 })).toEqual([
      { field: 'request.estAmtFinanced', message: required },
    ]);
    expect(await refused('Share Secured Loan', { estAmtFinanced: '9000.00' })).toEqual([
      { field: 'request.termMonths', message: required },
    ]);
    expect(await counts()).toEqual(before);

    // With what each needs, each is created.
    for (const [name, request] of [
      ['Personal Loan', { estAmtFinanced: '12000.00', termMonths: 36 }],
      ['New Auto', { negotiatedPrice: '30000.00', termMonths: 60 }],
      ['Visa Platinum', { requestedAmount: '7500.00' }],
    ] as const) {
      const response = await create(name, request);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
  });

  it('needs a product of this lender that allows the channel, and a dealer for indirect loans', async () => {
    const harborProduct = await productId(t, HARBOR, 'Dealer Auto');
    const personal = await productId(t, SUMMIT, 'Personal Loan');
    const body = newAutoApplication(newAuto);
    const other = await officer.post('/api/applications', { ...body, loanProductId: harborProduct });
    expect(other.json().errors).toEqual([
      { field: 'loanProductId', message: messages.applications.productNotAvailable },
    ]);
    const indirect = await officer.post('/api/applications', {
      ...body,
      loanProductId: personal,
      direct: false,
      collaterals: [],
    });
    expect(indirect.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'loanProductId', message: messages.applications.productChannelNotAllowed },
        { field: 'dealerId', message: messages.applications.dealerRequired },
      ]),
    );
  });

  it('requires the canCreateApplication right', async () => {
    const processor = await signIn(t, 'expiring', 'Expiring2026');
    expect((await processor.post('/api/applications', newAutoApplication(newAuto))).statusCode).toBe(201);
    await t.pool.query(
      `delete from role_rights where "right" = 'canCreateApplication'
          and role_id = (select r.id from roles r join lenders l on l.id = r.lender_id where r.name = 'Processor' and l.name = $1)`,
      [SUMMIT],
    );
    const before = await countRows(t, 'applications');
    const denied = await processor.post('/api/applications', newAutoApplication(newAuto));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 'FORBIDDEN', message: messages.errors.forbidden });
    expect(await countRows(t, 'applications')).toBe(before);
    const response = await t.app.inject({ method: 'POST', url: '/api/applications', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('computes the amount financed by control type', async () => {
    const card = await productId(t, SUMMIT, 'Visa Platinum');
    const personal = await productId(t, SUMMIT, 'Personal Loan');
    const base = newAutoApplication(newAuto);
    const make = async (loanProductId: number, request: object) => {
      const response = await officer.post('/api/applications', {
        loanProductId,
        direct: true,
        applicants: [base.applicants[0]],
        request: { paymentFrequencyId: 'Monthly', ...request },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (await officer.get(`/api/applications/${response.json().id}/request`)).json();
    };
    expect((await make(card, { requestedAmount: '7500.00', estAmtFinanced: '1.00' })).estAmtFinanced).toBe('7500.00');
    expect(
      (await make(personal, { requestedAmount: '1.00', estAmtFinanced: '12000.00', termMonths: 36 })).estAmtFinanced,
    ).toBe('12000.00');
  });
});

describe('worksheet info and request', () => {
  it('answers worksheet info with product, applicants and the primary name', async () => {
    const id = await findSeededApplication(t, SUMMIT, `p.name = 'Used Auto'`);
    const info = (await officer.get(`/api/applications/${id}/worksheetInfo`)).json();
    expect(info).toMatchObject({
      id,
      isLocked: false,
      lockingUser: null,
      unlockedByUser: null,
      loanProduct: { name: 'Used Auto', controlType: 'AUTOMOTIVE', isBusinessLoan: false },
    });
    expect(info.primaryApplicantName).toBe(info.applicants[0].name);
  });

  it('saves the request with the lock: itemization recomputed, history old → new', async () => {
    const { id } = (await officer.post('/api/applications', newAutoApplication(newAuto))).json();
    const current = (await officer.get(`/api/applications/${id}/request`)).json();
    const response = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      otherFrontEndFees: [{ name: 'Documentation fee', value: '399.00' }],
      gap: null,
      totalFrontEndAmount: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      otherFees: '399.00',
      gap: null,
      totalBackEndFees: '1895.00',
      totalLoanAmount: '33438.63',
      estAmtFinanced: '33438.63',
    });
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'Request updated', entity: 'Request' });
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { entity: 'Request', entityId: id, property: 'gap', oldValue: '595.00', newValue: null },
        { entity: 'Request', entityId: id, property: 'estAmtFinanced', oldValue: '34260.03', newValue: '33438.63' },
        {
          entity: 'Request',
          entityId: id,
          property: 'otherFrontEndFees[1].name',
          oldValue: 'Title and registration',
          newValue: null,
        },
      ]),
    );
  });

  it('keeps a typed-over total front-end amount, and refuses a residual above the amount financed', async () => {
    const { id } = (await officer.post('/api/applications', newAutoApplication(newAuto))).json();
    const current = (await officer.get(`/api/applications/${id}/request`)).json();
    const manual = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      totalFrontEndAmount: '30000.00',
    });
    expect(manual.json()).toMatchObject({
      totalFrontEndAmount: '30000.00',
      isTotalFrontEndAmountManual: true,
      totalLoanAmount: '32490.00',
    });
    const residual = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      totalFrontEndAmount: '30000.00',
      residualAmount: '32490.01',
    });
    expect(residual.statusCode).toBe(422);
    expect(residual.json().errors).toEqual([
      { field: 'residualAmount', message: messages.validation.residualAboveAmountFinanced },
    ]);
  });

  it('refuses a term that is not a whole number of payments at the frequency (issue 16), on the term', async () => {
    const { id } = (await officer.post('/api/applications', newAutoApplication(newAuto))).json();
    const current = (await officer.get(`/api/applications/${id}/request`)).json();
    const refused = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      paymentFrequencyId: 'Quarterly',
      termMonths: 13,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'termMonths', message: 'A quarterly term must be a multiple of 3 months.' },
    ]);
    const fits = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      paymentFrequencyId: 'Quarterly',
      termMonths: 12,
    });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('asks for confirmation before changing a funded application', async () => {
    const id = await findSeededApplication(t, SUMMIT, `a.state = 'funded' and p.control_type = 'PERSONAL'`);
    expect((await officer.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
    const current = (await officer.get(`/api/applications/${id}/request`)).json();
    const refused = await officer.put(`/api/applications/${id}/request`, { ...current, termMonths: 48 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'FUNDED_CONFIRMATION_REQUIRED',
      message: 'This application has been funded.  Are you sure you want to make changes?',
    });
    const confirmed = await officer.put(`/api/applications/${id}/request`, {
      ...current,
      termMonths: 48,
      confirmFunded: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().termMonths).toBe(48);
  });
});

describe('another lender', () => {
  it('gets 404 for every application route, even with a real id, exactly like a missing id', async () => {
    const id = await findSeededApplication(t, SUMMIT, `p.control_type = 'AUTOMOTIVE' and not p.is_business_loan`);
    const app = (await admin.get(`/api/applications/${id}`)).json();
    const applicantId = app.applicants[0].id;
    await t.pool.query(
      `insert into comments (lender_id, application_id, type, message) select lender_id, id, 'JOURNAL', 'x' from applications where id = $1`,
      [id],
    );
    const commentId = (await t.pool.query(`select max(id) as id from comments where application_id = $1`, [id])).rows[0]
      .id as number;
    // An administrator of both lenders, working in Harbor: every right, another lender.
    const inHarbor = await signIn(t, 'admin', 'Admin2026');
    const me = (await inHarbor.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await inHarbor.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    const bodies: Record<string, unknown> = {
      'PUT /applicants': { applicants: [{ applicantRole: 'PRIMARY', firstName: 'A', lastName: 'B' }] },
      'PUT /request': { loanProductId: app.loanProduct.id, paymentFrequencyId: 'Monthly' },
      'POST /collaterals/': { collaterals: [] },
      'POST /collaterals': { collaterals: [] },
      'POST /transaction': {},
      'POST /comments': { type: 'JOURNAL', message: 'hello' },
      'PUT /comments/:commentId': { message: 'hello' },
      'PUT /files/:fileId': { uploadTypeId: 2 },
      'POST /hmda': {
        records: [
          {
            applicantId,
            deliveryMethod: 1,
            gender: 1,
            race: 32768,
            ethnicity: 32,
            verificationStatement1: true,
            verificationStatement2: true,
            verificationStatement3: true,
          },
        ],
      },
      'PUT /actionItems': { items: [{ description: 'x' }] },
      'PUT /packet': { received: false },
      'PUT /shares': { shares: [] },
      'POST /customfields': { values: [] },
      'PUT /lastapproval': {
        contractDate: '2026-11-02',
        firstPaymentDate: '2026-12-02',
        amount: '10000.00',
        term: 36,
        interestRate: '5.00',
        paymentFrequencyId: 'Monthly',
      },
      'PUT /loans/rescissionDate': { contractDate: '2026-11-02' },
      'POST /fundingRequirements': { description: 'Proof of residence' },
      'PUT /fundingRequirements/:requirementId': { status: 'received', updatedAt: '2026-11-02T00:00:00.000Z' },
      'POST /fundingRequirements/:requirementId/files': { applicationFileId: 1 },
      'POST /loanSummary/preview': { sections: ['request'] },
      'POST /loanSummary/files': { sections: ['request'] },
      'POST /addOnPlans': { vendorId: 1 },
    };
    const applicationRoutes = t.routes.filter((r) => r.url.startsWith('/api/applications/:id') && r.method !== 'HEAD');
    expect(applicationRoutes.length).toBeGreaterThanOrEqual(20);
    const call = (caller: ApiClient, method: string, url: string, routeUrl: string) => {
      const key = `${method} ${routeUrl.replace('/api/applications/:id', '')}`;
      const payload = bodies[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
      const isUpload = routeUrl.endsWith('/files/upload');
      return t.app.inject({
        method: method as 'GET',
        url,
        headers: isUpload
          ? { ...t.bearer(caller.token), 'content-type': 'multipart/form-data; boundary=x' }
          : t.bearer(caller.token),
        ...(isUpload ? { payload: '--x--\r\n' } : payload === undefined ? {} : { payload: payload as object }),
      });
    };
    for (const route of applicationRoutes) {
      const url = route.url
        .replace(':id', String(id))
        .replace(':applicantId', String(applicantId))
        .replace(':commentId', String(commentId))
        .replace(':fileId', '1')
        .replace(':decisionId', '1')
        .replace(':loanId', '1')
        .replace(':requirementId', '1')
        .replace(':applicationFileId', '1');
      const key = `${route.method} ${route.url}`;
      const other = await call(inHarbor, route.method, url, route.url);
      expect(other.statusCode, `${key}: ${other.body}`).toBe(404);
      expect(other.json(), key).toEqual({ code: 'NOT_FOUND', message: messages.errors.notFound });
      const missing = await call(
        admin,
        route.method,
        url.replace(`/applications/${id}`, '/applications/2147483000'),
        route.url,
      );
      expect(missing.statusCode, `missing ${key}: ${missing.body}`).toBe(404);
      expect(missing.json()).toEqual(other.json());
      if (!route.right) {
        const officerOfHarbor = await call(harbor, route.method, url, route.url);
        expect(officerOfHarbor.statusCode, `harbor ${key}`).toBe(404);
      }
    }
    // Nothing changed for the owner.
    expect((await admin.get(`/api/applications/${id}`)).json()).toEqual(app);
  });
});

describe('applications/states (spec 1 §7)', () => {
  it('answers id → internal state for ids[n] and repeated ids, leaving out another lender’s and unknown ids', async () => {
    const mine = await findSeededApplication(t, SUMMIT);
    const theirs = await findSeededApplication(t, HARBOR);
    const { rows } = await t.pool.query<{ id: number; state: string }>(
      `select id, state from applications where id = $1`,
      [mine],
    );
    const indexed = await officer.get(`/api/applications/states?ids[0]=${mine}&ids[1]=${theirs}&ids[2]=2147483647`);
    expect(indexed.statusCode, indexed.body).toBe(200);
    expect(indexed.json()).toEqual({ [String(mine)]: rows[0]!.state });
    const repeated = await officer.get(`/api/applications/states?ids=${mine}&ids=${mine}`);
    expect(repeated.json()).toEqual({ [String(mine)]: rows[0]!.state });
    const single = await harbor.get(`/api/applications/states?ids=${theirs}`);
    expect(Object.keys(single.json())).toEqual([String(theirs)]);
  });

  it('refuses a missing or malformed id with a 422, not the application route', async () => {
    for (const query of ['', '?ids[0]=abc', '?ids=0']) {
      const response = await officer.get(`/api/applications/states${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
    }
  });
});
