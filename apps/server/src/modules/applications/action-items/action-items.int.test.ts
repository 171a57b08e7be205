import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  findSeededApplication,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
  lenderToday,
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
  return response.json<{ id: number }>().id;
};

describe('follow-up action items', () => {
  it('adds items with the defaults, keeps the completion date, deletes removed rows', async () => {
    const id = await create();
    expect((await officer.get(`/api/applications/${id}/actionItems`)).json()).toEqual([]);
    const first = await officer.put(`/api/applications/${id}/actionItems`, {
      items: [
        { description: 'Call the dealer about the title', alertDate: '2020-01-02' },
        { description: 'Collect proof of insurance', completed: true, isDailyDelivery: true },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [call, proof] = first.json();
    expect(call).toMatchObject({
      description: 'Call the dealer about the title',
      alertDate: '2020-01-02',
      completed: false,
      completionDate: null,
      actionItemType: 1,
      isDailyDelivery: false,
      isDue: true,
      createdBy: { name: 'Olivia Chen' },
    });
    expect(proof).toMatchObject({ alertDate: await lenderToday(t), completed: true, isDailyDelivery: true });
    expect(proof.completionDate).not.toBeNull();

    // Saved again: the completed item keeps its completion date; un-completing clears it; a new row is added.
    const second = await officer.put(`/api/applications/${id}/actionItems`, {
      items: [
        { id: proof.id, description: 'Collect proof of insurance', completed: true, isDailyDelivery: true },
        { id: call.id, description: 'Call the dealer about the title', alertDate: '2020-01-02', completed: true },
        { description: 'Send the welcome letter', alertDate: '2099-12-31' },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const [proof2, call2, letter] = second.json();
    expect(proof2.completionDate).toBe(proof.completionDate);
    expect(call2).toMatchObject({ completed: true, isDue: false });
    expect(call2.completionDate).not.toBeNull();
    expect(letter).toMatchObject({ isDue: false, completed: false });
    expect((await officer.get(`/api/applications/${id}/actionItems`)).json()).toEqual(second.json());

    const third = await officer.put(`/api/applications/${id}/actionItems`, {
      items: [{ id: proof.id, description: 'Collect proof of insurance', completed: false }],
    });
    expect(third.json()).toEqual([expect.objectContaining({ id: proof.id, completed: false, completionDate: null })]);
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'Follow up updated', entity: 'FollowUp' });
    expect(history[0].changes).toContainEqual(
      expect.objectContaining({ entity: 'FollowUp', property: 'description', newValue: null }),
    );
  });

  it('validates the description and the ids, writing nothing on a bad request', async () => {
    const id = await create();
    const saved = (
      await officer.put(`/api/applications/${id}/actionItems`, { items: [{ description: 'Keep me' }] })
    ).json();
    const other = await create();
    const before = await countRows(t, 'action_items');
    const historyBefore = await countRows(t, 'application_history');
    const cases: [object[], { field: string; message: string }[]][] = [
      [[{ description: '  ' }], [{ field: 'items.0.description', message: messages.followUp.descriptionRequired }]],
      [[{}], [{ field: 'items.0.description', message: messages.followUp.descriptionRequired }]],
      [
        [{ description: 'x'.repeat(501) }],
        [{ field: 'items.0.description', message: messages.followUp.descriptionTooLong }],
      ],
      [[{ description: 'ok', actionItemType: 2 }], [{ field: 'items.0.actionItemType', message: expect.any(String) }]],
      [
        [{ description: 'new one' }, { id: 2147483000, description: 'not here' }],
        [{ field: 'items.1.id', message: messages.followUp.itemNotFound }],
      ],
    ];
    for (const [items, errors] of cases) {
      const response = await officer.put(`/api/applications/${id}/actionItems`, { items });
      expect(response.statusCode, JSON.stringify(items)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    // Another application's item id is refused too, and nothing of the request is kept.
    const foreign = await officer.put(`/api/applications/${other}/actionItems`, {
      items: [{ description: 'new' }, { id: saved[0].id, description: 'steal' }],
    });
    expect(foreign.json().errors).toEqual([{ field: 'items.1.id', message: messages.followUp.itemNotFound }]);
    expect(await countRows(t, 'action_items')).toBe(before);
    expect(await countRows(t, 'application_history')).toBe(historyBefore);
    expect((await officer.get(`/api/applications/${id}/actionItems`)).json()).toEqual(saved);
  });

  it('works on a funded application without the edit lock; another lender answers 404', async () => {
    const funded = await findSeededApplication(t, SUMMIT, "a.state = 'funded'");
    const response = await officer.put(`/api/applications/${funded}/actionItems`, {
      items: [{ description: 'Follow up on the lien release' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await harbor.get(`/api/applications/${funded}/actionItems`)).statusCode).toBe(404);
    expect((await harbor.put(`/api/applications/${funded}/actionItems`, { items: [] })).statusCode).toBe(404);
  });
});
