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

export { newAutoApplication } from './sample-applications.ts';
