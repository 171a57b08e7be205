import { messages } from '@credence/contracts';
import { encodeFlags, ethnicityFlags, raceFlags, todayIso } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  findSeededApplication,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const create = async () => {
  const response = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  const tabs = (await officer.get(`/api/applications/${id}/hmda`)).json<{ applicantId: number; name: string }[]>();
  return { id, primary: tabs[0]!.applicantId, co: tabs[1]!.applicantId, tabs };
};

const record = (applicantId: number, extra: object = {}) => ({
  applicantId,
  deliveryMethod: 1,
  gender: 2,
  race: encodeFlags(raceFlags, ['Asian', 'OtherAsian', 'White']),
  raceOtherAsian: 'Hmong',
  raceAmericanIndianOrAlaskaNative: 'Ignored: option not ticked',
  ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
  ethnicityOtherHispanicOrLatino: 'Ignored too',
  verificationStatement1: false,
  verificationStatement2: false,
  verificationStatement3: true,
  ...extra,
});

describe('HMDA', () => {
  it('lists one tab per applicant with no record, then saves, shows again and updates', async () => {
    const { id, primary, co, tabs } = await create();
    expect(tabs).toEqual([
      { applicantId: primary, name: 'Dana Kowalski', role: 'PRIMARY', record: null },
      { applicantId: co, name: 'Sam Kowalski', role: 'CO_APPLICANT', record: null },
    ]);
    const saved = await officer.post(`/api/applications/${id}/hmda`, { records: [record(primary)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const today = todayIso('America/Denver'); // Summit's day (the date is the lender's, not the server's UTC one)
    expect(saved.json()[0].record).toMatchObject({
      applicantId: primary,
      race: 2 + 256 + 32768,
      raceOtherAsian: 'Hmong',
      raceAmericanIndianOrAlaskaNative: null,
      ethnicity: 32,
      ethnicityOtherHispanicOrLatino: null,
      dateProvided: today,
      verificationStatement3: true,
    });
    expect(saved.json()[1].record).toBeNull();
    expect((await officer.get(`/api/applications/${id}/hmda`)).json()).toEqual(saved.json());

    const updated = await officer.post(`/api/applications/${id}/hmda`, {
      records: [
        record(primary, { race: raceFlags.NotProvided, raceOtherAsian: 'dropped', dateProvided: '2026-01-15' }),
        record(co, { gender: 6, race: raceFlags.White }),
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()[0].record).toMatchObject({ race: 65536, raceOtherAsian: null, dateProvided: '2026-01-15' });
    expect(updated.json()[1].record).toMatchObject({ gender: 6, race: 32768 });
    const [entry] = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(entry).toMatchObject({ action: 'HMDA updated', entity: 'HMDA' });
    // The history names what changed, never the demographic values.
    expect(entry.changes).toContainEqual({
      entity: 'HMDA (Dana Kowalski)',
      entityId: primary,
      property: 'race',
      oldValue: 'Provided',
      newValue: 'Provided',
    });
    expect(JSON.stringify(entry.changes)).not.toContain('65536');
  });

  it('validates every rule and writes nothing on a bad request', async () => {
    const { id, primary, co } = await create();
    const other = await create();
    const before = await countRows(t, 'hmda_records');
    const historyBefore = await countRows(t, 'application_history');
    const cases: [object, { field: string; message: string }[]][] = [
      [{ race: 0 }, [{ field: 'records.0.race', message: messages.hmda.oneOptionRequired }]],
      [
        { race: encodeFlags(raceFlags, ['Asian', 'Chinese', 'Filipino', 'Korean', 'Japanese', 'White']) },
        [{ field: 'records.0.race', message: messages.hmda.noMoreThanFive }],
      ],
      [
        { ethnicity: ethnicityFlags.NotProvided + ethnicityFlags.Cuban },
        [{ field: 'records.0.ethnicity', message: messages.hmda.notProvidedAlone }],
      ],
      [{ ethnicity: 256 }, [{ field: 'records.0.ethnicity', message: messages.hmda.unknownOption }]],
      [{ raceOtherAsian: '' }, [{ field: 'records.0.raceOtherAsian', message: messages.hmda.required }]],
      [{ raceOtherAsian: 'x'.repeat(51) }, [{ field: 'records.0.raceOtherAsian', message: messages.hmda.textTooLong }]],
      [
        { ethnicity: ethnicityFlags.OtherHispanicOrLatino, ethnicityOtherHispanicOrLatino: '  ' },
        [{ field: 'records.0.ethnicityOtherHispanicOrLatino', message: messages.hmda.required }],
      ],
      [{ deliveryMethod: 5 }, [{ field: 'records.0.deliveryMethod', message: messages.hmda.required }]],
      [{ gender: 5 }, [{ field: 'records.0.gender', message: messages.hmda.required }]],
      [
        { verificationStatement2: null },
        [{ field: 'records.0.verificationStatement2', message: messages.hmda.required }],
      ],
    ];
    for (const [extra, errors] of cases) {
      const response = await officer.post(`/api/applications/${id}/hmda`, { records: [record(primary, extra)] });
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json().errors, JSON.stringify(extra)).toEqual(errors);
    }
    // A valid record beside an applicant of another application: nothing is written.
    const mixed = await officer.post(`/api/applications/${id}/hmda`, {
      records: [record(primary), record(other.primary)],
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual([
      { field: 'records.1.applicantId', message: messages.applications.applicantNotFound },
    ]);
    const duplicate = await officer.post(`/api/applications/${id}/hmda`, { records: [record(co), record(co)] });
    expect(duplicate.json().errors).toEqual([
      { field: 'records.1.applicantId', message: messages.hmda.duplicateApplicant },
    ]);
    expect(await countRows(t, 'hmda_records')).toBe(before);
    expect(await countRows(t, 'application_history')).toBe(historyBefore);
  });

  it('needs the lock and the funded confirmation; another lender answers 404', async () => {
    const funded = await findSeededApplication(t, SUMMIT, "a.state = 'funded' and not p.is_business_loan");
    const [tab] = (await officer.get(`/api/applications/${funded}/hmda`)).json();
    const body = { records: [record(tab.applicantId)] };
    expect((await officer.post(`/api/applications/${funded}/hmda`, body)).json().code).toBe('LOCK_REQUIRED');
    expect((await officer.post(`/api/applications/${funded}/lock`)).statusCode).toBe(200);
    expect((await officer.post(`/api/applications/${funded}/hmda`, body)).json().code).toBe(
      'FUNDED_CONFIRMATION_REQUIRED',
    );
    expect((await officer.post(`/api/applications/${funded}/hmda`, { ...body, confirmFunded: true })).statusCode).toBe(
      200,
    );
    expect((await harbor.get(`/api/applications/${funded}/hmda`)).statusCode).toBe(404);
    expect((await harbor.post(`/api/applications/${funded}/hmda`, body)).statusCode).toBe(404);
  });
});
