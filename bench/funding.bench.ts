/**
 * Funding benchmark (issue 14): the API in-process over HTTP on 127.0.0.1, against the benchmark database
 * (bench-database.ts). Each round creates a New Auto application of Summit, pulls credit, approves it, saves the
 * loan draft, then fires DUPLICATES concurrent `POST applications/{id}/loans/fund` calls — half with one
 * Idempotency-Key, half without — as a user pressing Fund ten times on a flaky network would. Prints the latency
 * of the calls and checks the invariant: exactly one booking row and one core account per application.
 *
 * Run: npx tsx bench/funding.bench.ts   (FUNDING_ROUNDS, FUNDING_DUPLICATES change the sizes; prints figures,
 * exits 1 when a loan was booked more than once).
 */
import { addDays, addMonths, weekday } from '@credence/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase, out, percentile, signIn } from './bench-database.ts';

const ROUNDS = Number(process.env.FUNDING_ROUNDS ?? 10);
const DUPLICATES = Number(process.env.FUNDING_DUPLICATES ?? 20);

/** A create-application body for Summit's New Auto (direct; the shape of the API tests' `newAutoApplication`). */
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

const bench = await openBenchDatabase();
const { config, database, bare, lenders, q1 } = bench;
let failed = false;
try {
  const summit = lenders.find((l) => l.name === 'Summit Federal Credit Union')!;
  const product = await q1<{ id: number }>(`select id from loan_products where lender_id = $1 and name = 'New Auto'`, [
    summit.id,
  ]);
  // The mappings the dry run needs for these loans (the demo's funding administration may already have them).
  await bare.query(
    `insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
     values ($1, 'loanProduct', $2, 'AUTO-NEW'), ($1, 'paymentFrequency', 'Monthly', 'M')
     on conflict do nothing`,
    [summit.id, String(product.id)],
  );
  await bare.query(
    `insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
     select lender_id, 'disbursalMethod', id::text, 'DM' || id from lender_disbursal_methods where lender_id = $1
     on conflict do nothing`,
    [summit.id],
  );
  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { headers } = await signIn(address, 'officer', 'Officer2026');
  const call = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await fetch(`${address}${url}`, {
      method,
      headers: { ...headers, ...extra },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  };
  const holidays = new Set(
    (
      await bare.query<{ d: string }>(`select holiday_date::text as d from lender_holidays where lender_id = $1`, [
        summit.id,
      ])
    ).rows.map((r) => r.d),
  );

  out(`Credence funding benchmark: ${ROUNDS} loans × ${DUPLICATES} concurrent fund calls`);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const body = newAutoApplication(product.id, `123-45-${String(7000 + round).padStart(4, '0')}`);
    const created = await call('POST', '/api/applications', body);
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
    const id = (JSON.parse(created.text) as { id: number }).id;
    await call('POST', `/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
    const today = new Date().toISOString().slice(0, 10);
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
    });
    if (decided.status !== 201) throw new Error(`decide: ${decided.status} ${decided.text}`);
    const sheet = JSON.parse((await call('GET', `/api/applicationloan/${id}`)).text) as { lenderDate: string };
    let contractDate = sheet.lenderDate;
    while (weekday(contractDate) === 0 || weekday(contractDate) === 6 || holidays.has(contractDate))
      contractDate = addDays(contractDate, -1);
    const saved = await call('PUT', `/api/applications/${id}/loans`, {
      contractDate,
      firstPaymentDate: addMonths(contractDate, 1),
      fundingDate: contractDate,
      memberNumber: null,
      loanId: `B${id}`,
    });
    if (saved.status !== 200) throw new Error(`save: ${saved.status} ${saved.text}`);
    const results = await Promise.all(
      Array.from({ length: DUPLICATES }, (_, i) =>
        call(
          'POST',
          `/api/applications/${id}/loans/fund`,
          undefined,
          i % 2 === 0 ? { 'idempotency-key': `bench-${id}` } : {},
        ),
      ),
    );
    for (const r of results) {
      latencies.push(r.ms);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    const booked = await q1<{ n: number }>(
      `select count(*)::int as n from loan_bookings where application_id = $1 and kind = 'book'`,
      [id],
    );
    const accounts = await q1<{ n: number }>(
      `select count(*)::int as n from core_sandbox.accounts where lender_id = $1 and reference like $2`,
      [summit.id, `${summit.id}-${id}-%`],
    );
    if (booked.n !== 1 || accounts.n !== 1) {
      failed = true;
      out(`application ${id}: ${booked.n} booking rows, ${accounts.n} core accounts (expected 1 and 1)`);
    }
  }
  latencies.sort((a, b) => a - b);
  out(`fund calls: ${latencies.length}; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  out(
    `latency p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(percentile(latencies, 95))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms`,
  );
  out(failed ? 'FAILED: a loan was booked more than once' : 'every loan booked exactly once');
  await app.close();
} finally {
  await bench.close();
}
if (failed) process.exitCode = 1;
