import { paymentFrequencyOptions } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMIT } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedCoreSandbox } from './core-sandbox.ts';
import { seedLoans, type SeedLoansResult } from './loans.ts';

let t: TestApp;
let lenderId: number;

beforeAll(async () => {
  t = await createTestApp();
  lenderId = (await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT])).rows[0]!.id;
});
afterAll(() => t.close());

describe('seedLoans (issue 14 demo loans)', () => {
  it('saves drafts and funds loans into the sandbox core through the funding service', async () => {
    const fundedCount = async () =>
      (
        await t.pool.query<{ n: number }>(`select count(*)::int as n from loans where lender_id = $1 and is_funded`, [
          lenderId,
        ])
      ).rows[0]!.n;
    // The demo seed (seed/funding.ts) already ran it once: the demo has funded loans.
    const before = await fundedCount();
    expect(before).toBeGreaterThanOrEqual(1);
    let result: SeedLoansResult | undefined;
    await t.db.transaction(async (tx) => {
      // What the funding set-up seeds provide in the demo: a code for every value the demo loans use, core members.
      await tx.execute(sql`insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
        select ${lenderId}::int, 'loanProduct', id::text, 'P' || id from loan_products where lender_id = ${lenderId}
        union all select ${lenderId}::int, 'disbursalMethod', id::text, 'D' || id from lender_disbursal_methods where lender_id = ${lenderId}
        union all select ${lenderId}::int, 'addition', id::text, 'A' || id from loan_additions where lender_id = ${lenderId}
        union all select distinct ${lenderId}::int, 'collateralType', type, 'C' from collaterals where lender_id = ${lenderId}
        on conflict do nothing`);
      for (const option of paymentFrequencyOptions)
        await tx.execute(sql`insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
          values (${lenderId}::int, 'paymentFrequency', ${option.id}, ${option.id}) on conflict do nothing`);
      const { rows } = await tx.execute<{ member_number: string; first_name: string; last_name: string }>(
        sql`select distinct on (member_number) member_number, first_name, last_name from applicants
             where lender_id = ${lenderId} and member_number is not null and first_name is not null and last_name is not null`,
      );
      await seedCoreSandbox(
        tx,
        lenderId,
        rows.map((r) => ({
          memberNumber: r.member_number,
          firstName: r.first_name,
          lastName: r.last_name,
          ssn: '123456789',
          address: null,
        })),
      );
      result = await seedLoans(tx, tx, lenderId, { funded: 3, drafts: 2 });
    });
    expect(result!.funded, JSON.stringify(result!.skipped)).toBeGreaterThanOrEqual(1);
    expect(await fundedCount()).toBe(before + result!.funded);
    const funded = await t.pool.query<{ application_id: number; state: string; core_loan_id: string | null }>(
      `select l.application_id, a.state, l.core_loan_id from loans l join applications a on a.id = l.application_id
        where l.lender_id = $1 and l.is_funded`,
      [lenderId],
    );
    for (const row of funded.rows) {
      expect(row.state).toBe('funded');
      expect(row.core_loan_id).not.toBeNull();
    }
    const booked = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from core_sandbox.accounts where lender_id = $1 and reference is not null`,
      [lenderId],
    );
    expect(booked.rows[0]!.n).toBeGreaterThanOrEqual(result!.funded);
  });
});
