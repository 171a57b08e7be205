import {
  fundingRequirementTexts as texts,
  type ErrorBody,
  type FundingRequirementsWorksheet,
} from '@credence/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSeededApplication,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
  lenderToday,
} from '../../../test/api-client.ts';
import { seedFundingRequirementFiles } from '../../../db/seed/funding-requirements.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient; // Loan Officer, group Underwriters
let admin: ApiClient; // Administrator, groups Underwriters, Funding Team, Dealer Desk
let processor: ApiClient; // Processor: neither canFundALoan nor canDecisionALoan
let harbor: ApiClient; // another lender
let insuranceDefinitionId: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  // Product requirements of Summit (the administration area is tested on its own): one only the Funding Team
  // may clear, one anyone who may fund, one not required, one disabled.
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into funding_requirements (lender_id, description, required, enabled, clear_user_group_ids, sort_order)
     select l.id, d.description, d.required, d.enabled,
            case when d.grouped then array[(select g.id from user_groups g where g.lender_id = l.id and g.name = 'Funding Team')]
                 else '{}'::integer[] end, d.sort_order
       from lenders l,
            (values ('H4 Proof of insurance', true, true, true, 1), ('H4 Signed contract', true, true, false, 2),
                    ('H4 Welcome call', false, true, false, 3), ('H4 Retired stipulation', true, false, false, 4))
              as d(description, required, enabled, grouped, sort_order)
      where l.name = $1
     returning id`,
    [SUMMIT],
  );
  insuranceDefinitionId = rows[0]!.id;
});
afterAll(() => t.close());

const url = (id: number, rest = '') => `/api/applications/${id}/fundingRequirements${rest}`;

const worksheet = async (id: number, client = officer) => {
  const response = await client.get(url(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FundingRequirementsWorksheet>();
};

const queueOf = async (id: number) =>
  (await t.pool.query<{ queue: string | null }>('select queue from applications where id = $1', [id])).rows[0]!.queue;

/**
 * A seeded approved application with exactly these stipulations (written as the owner): a product one the
 * Funding Team clears, and a decision one; the flag set as the decision leaves it.
 */
const withStipulations = async (where: string) => {
  const id = await findSeededApplication(t, SUMMIT, `a.state = 'approved' and ${where}`);
  await t.pool.query('delete from application_funding_requirements where application_id = $1', [id]);
  const { rows } = await t.pool.query<{ id: number; description: string }>(
    `insert into application_funding_requirements
       (lender_id, application_id, description, source, funding_requirement_id, required, sort_order)
     select a.lender_id, a.id, r.description, r.source, r.definition, true, r.sort_order
       from applications a,
            (values ('H4 Proof of insurance', 'product', $2::integer, 1), ('Proof of income', 'decision', null, 0))
              as r(description, source, definition, sort_order)
      where a.id = $1
     returning id, description`,
    [id, insuranceDefinitionId],
  );
  await t.pool.query('update applications set requirements_outstanding = true where id = $1', [id]);
  const idOf = (description: string) => rows.find((r) => r.description === description)!.id;
  return { id, insurance: idOf('H4 Proof of insurance'), income: idOf('Proof of income') };
};

const put = async (client: ApiClient, id: number, requirementId: number, body: Record<string, unknown>) => {
  const current = (await worksheet(id, admin)).requirements.find((r) => r.id === requirementId)!;
  return client.put(url(id, `/${requirementId}`), { updatedAt: current.updatedAt, ...body });
};

describe('the funding requirements worksheet', () => {
  it('lists the stipulations with source, status, ageing, clear groups and whether the user may clear', async () => {
    const { id, insurance, income } = await withStipulations('a.direct');
    const w = await worksheet(id);
    expect(w).toMatchObject({ applicationId: id, state: 'approved', queue: 'requirements', readyForFunding: false });
    expect(w.canWork).toBe(true);
    const byId = new Map(w.requirements.map((r) => [r.id, r]));
    expect(byId.get(insurance)).toMatchObject({
      source: 'product',
      status: 'outstanding',
      required: true,
      ageDays: 0,
      clearGroups: ['Funding Team'],
      canClear: false,
      files: [],
    });
    expect(byId.get(income)).toMatchObject({ source: 'decision', clearGroups: [], canClear: true });
    expect((await worksheet(id, admin)).requirements.find((r) => r.id === insurance)!.canClear).toBe(true);
  });

  it('is guarded: no right → 403; another lender’s application → 404', async () => {
    const { id, income } = await withStipulations('a.direct');
    expect((await processor.get(url(id))).statusCode).toBe(403);
    expect((await processor.put(url(id, `/${income}`), { status: 'received', updatedAt: 'x' })).statusCode).toBe(403);
    expect((await harbor.get(url(id))).statusCode).toBe(404);
    const harborPut = await harbor.put(url(id, `/${income}`), { status: 'received', updatedAt: 'x' });
    expect(harborPut.statusCode).toBe(404);
  });
});

describe('working the stipulations', () => {
  it('clears by group: anyone who funds marks received; only the clear group clears (403 otherwise); empty groups → anyone; the queue moves to Funding (direct)', async () => {
    const { id, insurance, income } = await withStipulations('a.direct');
    const received = await put(officer, id, insurance, { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    const refused = await put(officer, id, insurance, { status: 'cleared' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(texts.mayNotClear(['Funding Team']));
    const cleared = await put(admin, id, insurance, { status: 'cleared' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<FundingRequirementsWorksheet>().requirements.find((r) => r.id === insurance)).toMatchObject({
      status: 'cleared',
      statusChangedBy: 'Avery Morgan',
    });
    expect(await queueOf(id)).toBe('requirements');

    // A decision stipulation has no clear groups: the officer clears it; the application moves to Funding.
    const last = await put(officer, id, income, { status: 'cleared' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<FundingRequirementsWorksheet>()).toMatchObject({ queue: 'funding', readyForFunding: true });
    expect(await queueOf(id)).toBe('funding');

    // Reopening is the clear group's too; it moves the application back to Requirements.
    expect((await put(officer, id, insurance, { status: 'outstanding' })).statusCode).toBe(403);
    const reopened = await put(admin, id, insurance, { status: 'outstanding' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await queueOf(id)).toBe('requirements');

    const history = (await officer.get(`/api/applications/${id}/history`)).json<
      { action: string; description: string; changes: { property: string; oldValue: unknown; newValue: unknown }[] }[]
    >();
    const rows = history.filter((h) => h.action === 'Funding requirement status changed');
    // Newest first (the demo seed may have written earlier ones).
    expect(rows.slice(0, 4).map((h) => h.description)).toEqual([
      'H4 Proof of insurance: Cleared → Outstanding',
      'Proof of income: Outstanding → Cleared',
      'H4 Proof of insurance: Received → Cleared',
      'H4 Proof of insurance: Outstanding → Received',
    ]);
    expect(rows[0]!.changes[0]).toMatchObject({ property: 'status', oldValue: 'cleared', newValue: 'outstanding' });
  });

  it('waives only with a reason (422 on waiveReason; at most 500 characters)', async () => {
    const { id, income } = await withStipulations('a.direct');
    const missing = await put(officer, id, income, { status: 'waived' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual([{ field: 'waiveReason', message: texts.waiveReasonRequired }]);
    const blank = await put(officer, id, income, { status: 'waived', waiveReason: '   ' });
    expect(blank.statusCode).toBe(422);
    const long = await put(officer, id, income, { status: 'waived', waiveReason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json<ErrorBody>().errors?.[0]?.field).toBe('waiveReason');
    const waived = await put(officer, id, income, {
      status: 'waived',
      waiveReason: 'Member paid cash for the insurance',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json<FundingRequirementsWorksheet>().requirements.find((r) => r.id === income)).toMatchObject({
      status: 'waived',
      waiveReason: 'Member paid cash for the insurance',
    });
  });

  it('refuses a stale change, a withdrawn stipulation and a status it cannot move to (409)', async () => {
    const { id, income } = await withStipulations('a.direct');
    const before = (await worksheet(id)).requirements.find((r) => r.id === income)!;
    expect((await put(officer, id, income, { status: 'received' })).statusCode).toBe(200);
    const stale = await officer.put(url(id, `/${income}`), { status: 'cleared', updatedAt: before.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().message).toBe(texts.stale);
    expect((await put(officer, id, income, { status: 'received' })).statusCode).toBe(409);
    await t.pool.query(`update application_funding_requirements set status = 'withdrawn' where id = $1`, [income]);
    const withdrawn = await put(officer, id, income, { status: 'cleared' });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json<ErrorBody>().message).toBe(texts.withdrawn);
  });

  it('an indirect loan waits for the dealer packet before the Funding queue', async () => {
    const { id, insurance, income } = await withStipulations('not a.direct');
    await t.pool.query('update applications set packet_received_date = null where id = $1', [id]);
    await put(admin, id, insurance, { status: 'cleared' });
    const w = (await put(admin, id, income, { status: 'cleared' })).json<FundingRequirementsWorksheet>();
    expect(w).toMatchObject({ requirementsOutstanding: false, queue: 'requirements', readyForFunding: false });
    const packet = await officer.put(`/api/applications/${id}/packet`, {
      received: true,
      receivedDate: await lenderToday(t),
    });
    expect(packet.statusCode, packet.body).toBe(200);
    expect(await queueOf(id)).toBe('funding');
    expect((await worksheet(id)).readyForFunding).toBe(true);
  });

  it('adds a manual stipulation (required: back to Requirements)', async () => {
    const { id, insurance, income } = await withStipulations('a.direct');
    await put(admin, id, insurance, { status: 'cleared' });
    await put(admin, id, income, { status: 'cleared' });
    expect(await queueOf(id)).toBe('funding');
    const empty = await officer.post(url(id), { description: '  ' });
    expect(empty.statusCode).toBe(422);
    const added = await officer.post(url(id), { description: 'Copy of the title' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<FundingRequirementsWorksheet>().requirements.at(-1)).toMatchObject({
      description: 'Copy of the title',
      source: 'manual',
      status: 'outstanding',
      canClear: true,
    });
    expect(await queueOf(id)).toBe('requirements');
  });
});

describe('documents', () => {
  const fileOf = async (applicationId: number, name: string, deleted = false) => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into application_files (lender_id, application_id, file_id, name, file_name, content_type, size, is_deleted)
       select lender_id, id, $2, $3, $3 || '.pdf', 'application/pdf', 1234, $4 from applications where id = $1
       returning id`,
      [applicationId, randomUUID(), name, deleted],
    );
    return rows[0]!.id;
  };

  it('links a file of the same application, refuses another application’s or a deleted one, unlinks', async () => {
    const { id, income } = await withStipulations('a.direct');
    const other = await findSeededApplication(t, SUMMIT, `a.id <> ${id}`);
    const mine = await fileOf(id, 'Pay stub');
    const theirs = await fileOf(other, 'Not yours');
    const gone = await fileOf(id, 'Deleted', true);
    const attached = await officer.post(url(id, `/${income}/files`), { applicationFileId: mine });
    expect(attached.statusCode, attached.body).toBe(201);
    const w = attached.json<FundingRequirementsWorksheet>();
    expect(w.requirements.find((r) => r.id === income)!.files).toEqual([
      {
        applicationFileId: mine,
        name: 'Pay stub',
        fileName: 'Pay stub.pdf',
        contentType: 'application/pdf',
        size: 1234,
      },
    ]);
    expect(w.files.map((f) => f.applicationFileId)).toContain(mine);
    expect(w.files.map((f) => f.applicationFileId)).not.toContain(gone);
    for (const applicationFileId of [theirs, gone]) {
      const refused = await officer.post(url(id, `/${income}/files`), { applicationFileId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorBody>().errors).toEqual([
        { field: 'applicationFileId', message: texts.fileNotOfApplication },
      ]);
    }
    const detached = await officer.delete(url(id, `/${income}/files/${mine}`));
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json<FundingRequirementsWorksheet>().requirements.find((r) => r.id === income)!.files).toEqual([]);
    expect((await officer.delete(url(id, `/${income}/files/${mine}`))).statusCode).toBe(404);
    const actions = (await officer.get(`/api/applications/${id}/history`)).json<{ action: string }[]>();
    expect(actions.map((h) => h.action)).toEqual(
      expect.arrayContaining(['Funding requirement document attached', 'Funding requirement document removed']),
    );
  });
});

describe('carried by the decision, withdrawn by the retraction', () => {
  it('an approval carries its stipulations and the product’s enabled requirements; a retraction withdraws the open ones', async () => {
    const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    const primary = {
      ...body.applicants[0],
      socialSecurityNumber: '123-45-0011',
      employments: [{ ...body.applicants[0]!.employments![0]!, salary: '480000.00' }],
    };
    const created = await officer.post('/api/applications', { ...body, applicants: [primary] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const pulled = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const today = await lenderToday(t);
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const decided = await officer.post(`/api/applications/${id}/decisions`, {
      applicationId: id,
      decisionType: 'approve',
      approval: {
        contractDate: today,
        firstPaymentDate: next.toISOString().slice(0, 10),
        amount: '25000.00',
        term: 60,
        interestRate: '6.490',
        paymentFrequencyId: 'Monthly',
        monthlyPayment: '1.00',
        approvalConditionCodeIds: [],
      },
      additions: [],
      decisionApplicants: [],
      // The same text as a product requirement: carried once.
      fundingRequirements: [{ description: 'Proof of income' }, { description: 'H4 Signed contract' }],
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const w = await worksheet(id);
    const mine = w.requirements.filter((r) => r.description.startsWith('H4 ') || r.description === 'Proof of income');
    expect(mine.map((r) => [r.description, r.source, r.required, r.status])).toEqual([
      ['Proof of income', 'decision', true, 'outstanding'],
      ['H4 Signed contract', 'decision', true, 'outstanding'],
      ['H4 Proof of insurance', 'product', true, 'outstanding'],
      ['H4 Welcome call', 'product', false, 'outstanding'],
    ]);
    expect(w.requirements.find((r) => r.description === 'H4 Proof of insurance')!.clearGroups).toEqual([
      'Funding Team',
    ]);
    expect(w.queue).toBe('requirements');

    // Clear one, then retract (the request amount changes): the open ones are withdrawn, the cleared one stays.
    const signed = w.requirements.find((r) => r.description === 'H4 Signed contract')!;
    const cleared = await officer.put(url(id, `/${signed.id}`), { status: 'cleared', updatedAt: signed.updatedAt });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const current = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
    const saved = await officer.put(`/api/applications/${id}/request`, { ...current, requestedAmount: '28000.00' });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await worksheet(id);
    expect(after.state).toBe('reviewed');
    expect(after.canWork).toBe(false);
    expect(
      after.requirements
        .filter((r) => r.description.startsWith('H4 ') || r.description === 'Proof of income')
        .map((r) => [r.description, r.status]),
    ).toEqual([
      ['H4 Signed contract', 'cleared'],
      ['Proof of income', 'withdrawn'],
      ['H4 Proof of insurance', 'withdrawn'],
      ['H4 Welcome call', 'withdrawn'],
    ]);
    const flag = await t.pool.query<{ f: boolean }>(
      'select requirements_outstanding as f from applications where id = $1',
      [id],
    );
    expect(flag.rows[0]!.f).toBe(false);
    // Not awaiting funding: no change.
    const proof = after.requirements.find((r) => r.description === 'H4 Signed contract')!;
    const refused = await officer.put(url(id, `/${proof.id}`), { status: 'outstanding', updatedAt: proof.updatedAt });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the demo seed', () => {
  it('links a generated PDF (and PNG) to stipulations and spreads them over Requirements and Funding', async () => {
    const { rows } = await t.pool.query<{ id: number }>('select id from lenders where name = $1', [SUMMIT]);
    const lenderId = rows[0]!.id;
    await t.db.transaction((tx) => seedFundingRequirementFiles(tx, lenderId));
    const files = await t.pool.query<{ application_id: number; id: number; content_type: string }>(
      `select f.application_id, f.id, f.content_type from application_funding_requirement_files l
         join application_files f on f.id = l.application_file_id where f.lender_id = $1 order by f.id`,
      [lenderId],
    );
    expect(files.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(files.rows.map((f) => f.content_type))).toEqual(new Set(['application/pdf', 'image/png']));
    const pdf = files.rows.find((f) => f.content_type === 'application/pdf')!;
    const download = await officer.get(`/api/applications/${pdf.application_id}/files/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const png = files.rows.find((f) => f.content_type === 'image/png')!;
    const image = await officer.get(`/api/applications/${png.application_id}/files/${png.id}`);
    expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const w = await worksheet(pdf.application_id);
    expect(w.requirements.some((r) => r.files.some((f) => f.applicationFileId === pdf.id))).toBe(true);
    const statuses = await t.pool.query<{ status: string }>(
      `select distinct r.status from application_funding_requirements r
         join application_funding_requirement_files l on l.requirement_id = r.id where r.lender_id = $1`,
      [lenderId],
    );
    expect(statuses.rows.map((r) => r.status).sort()).toEqual(['cleared', 'outstanding', 'received']);
  });
});
