import type { PolicyFacts } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../db/tenancy.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadPolicyFacts, loadPolicyFactsBatch } from './policy-facts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('policy facts of many applications at once (the replay’s loader)', () => {
  it.each(['Summit Federal Credit Union', 'Harbor Auto Finance'])(
    'gives every application of %s exactly the facts loadPolicyFacts gives it alone',
    async (lender) => {
      const lenderId = (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [lender])).rows[0]!
        .id;
      await withTenant(t.db, lenderId, async (tx) => {
        const { rows } = await tx.execute<{ id: number }>(sql`select id from applications order by id`);
        const ids = rows.map((r) => r.id);
        expect(ids.length).toBeGreaterThan(5);
        for (const stage of ['Decision', undefined] as const) {
          const batch = await loadPolicyFactsBatch(tx, ids, stage ? { stage } : {});
          expect(batch.size).toBe(ids.length);
          for (const id of ids) {
            const alone: PolicyFacts | null = await loadPolicyFacts(tx, id, stage ? { stage } : {});
            expect(batch.get(id), `application ${id}`).toEqual(alone);
          }
        }
      });
    },
  );

  it('leaves out another lender’s applications and answers nothing for none', async () => {
    const { rows } = await t.pool.query<{ id: number; lender_id: number }>(
      'select id, lender_id from applications order by id',
    );
    const mine = rows[0]!;
    const theirs = rows.find((r) => r.lender_id !== mine.lender_id)!;
    await withTenant(t.db, mine.lender_id, async (tx) => {
      const batch = await loadPolicyFactsBatch(tx, [mine.id, theirs.id]);
      expect([...batch.keys()]).toEqual([mine.id]);
      expect((await loadPolicyFactsBatch(tx, [])).size).toBe(0);
    });
  });
});
