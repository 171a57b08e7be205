import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';
import { users } from './sign-in.ts';

type Credentials = { username: string; password: string };

/** Signs in through the API (test set-up only) and answers the bearer header. */
export const apiAuth = async (request: APIRequestContext, user: Credentials) => {
  const login = await request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
};

export const TEST_VIN = '1HGCM82633A004352';

/** The request of a test auto loan: price 20,000, TT&L 1,200, cash down 2,000 (a loan of 19,200), 48 monthly. */
const autoRequest = {
  negotiatedPrice: '20000.00',
  ttlEstimate: '1200.00',
  cashDown: '2000.00',
  termMonths: 48,
  paymentFrequencyId: 'Monthly',
};

/**
 * A fresh 'New Auto' application created through the API (test set-up only) by `user` (the loan officer unless
 * said otherwise), who holds its lock afterwards. The primary applicant lives at `address` in Denver.
 */
export const createAutoApplication = async (
  request: APIRequestContext,
  options: {
    user?: Credentials;
    firstName?: string;
    lastName?: string;
    address?: string;
    request?: Record<string, string | number>;
    /** The applicants, when the default one (the primary at `address`, no SSN) will not do. */
    applicants?: Record<string, unknown>[];
  } = {},
): Promise<number> => {
  const headers = await apiAuth(request, options.user ?? users.officer);
  const products = (await (await request.get('/api/loanProducts', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const product = products.find((p) => p.name === 'New Auto');
  expect(product).toBeDefined();
  const created = await request.post('/api/applications', {
    headers,
    data: {
      loanProductId: product!.id,
      direct: true,
      applicants: options.applicants ?? [
        {
          applicantRole: 'PRIMARY',
          firstName: options.firstName ?? 'Morgan',
          lastName: options.lastName ?? 'Lockwood',
          addresses: [{ addressLine1: options.address ?? '12 Elm St', city: 'Denver', state: 'CO', zip: '80202' }],
        },
      ],
      request: options.request ?? autoRequest,
      collaterals: [
        {
          family: 'Auto',
          type: 'AUTO',
          identificationNumber: TEST_VIN,
          year: 2022,
          make: 'Honda',
          model: 'Civic',
          mileage: 18000,
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
};
