import type { HubClientEvent, HubEventsAnswer } from '@credence/contracts';
import { describe, expect, it } from 'vitest';
import { firstSight, hubCatchUp } from './hub-catch-up.ts';

describe('firstSight', () => {
  it('passes each id once, remembers the last ones only, and always passes an event without an id', () => {
    const fresh = firstSight(2);
    expect([1, 1, 2, 1].map(fresh)).toEqual([true, false, true, false]);
    expect(fresh(3)).toBe(true);
    // 1 was the oldest of three: forgotten, so applied again (a harmless refetch).
    expect([2, 3, 1].map(fresh)).toEqual([false, false, true]);
    expect([undefined, undefined].map(fresh)).toEqual([true, true]);
  });
});

describe('hubCatchUp', () => {
  const setUp = (answers: (HubEventsAnswer | Error)[]) => {
    const reads: (string | undefined)[] = [];
    const delivered: { event: HubClientEvent; data: Record<string, unknown> }[] = [];
    let resyncs = 0;
    const fresh = firstSight();
    const onConnect = hubCatchUp({
      read: (since) => {
        reads.push(since);
        const answer = answers.shift()!;
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
      deliver: (event, data) => {
        if (fresh(data.id)) delivered.push({ event, data });
      },
      resync: () => void resyncs++,
    });
    return { onConnect, reads, delivered, fresh, resyncs: () => resyncs };
  };
  const event = (id: number, e: HubClientEvent = 'notification', data = {}) => ({ id, event: e, data });

  it('reads everything on the first connection, then on each reconnection only what it missed, once each', async () => {
    const c = setUp([
      { cursor: '100', complete: true, events: [] },
      { cursor: '105', complete: true, events: [event(7), event(8, 'application', { applicationId: 3 }), event(9)] },
      { cursor: '110', complete: true, events: [event(9), event(10, 'queueCount')] },
    ]);
    await c.onConnect();
    expect(c.reads).toEqual([undefined]);
    expect(c.resyncs()).toBe(1);
    // Live before the drop.
    c.fresh(7);
    await c.onConnect();
    await c.onConnect();
    expect(c.reads).toEqual([undefined, '100', '105']);
    expect(c.resyncs()).toBe(1);
    expect(c.delivered).toEqual([
      { event: 'application', data: { applicationId: 3, id: 8 } },
      { event: 'notification', data: { id: 9 } },
      { event: 'queueCount', data: { id: 10 } },
    ]);
  });

  it('reads everything again when the answer is not complete, and keeps its cursor when the read fails', async () => {
    const c = setUp([
      { cursor: '100', complete: true, events: [] },
      { cursor: '300', complete: false, events: [] },
      new Error('unreachable'),
      { cursor: '320', complete: true, events: [event(1)] },
    ]);
    for (let i = 0; i < 4; i++) await c.onConnect();
    expect(c.reads).toEqual([undefined, '100', '300', '300']);
    expect(c.resyncs()).toBe(3);
    expect(c.delivered).toEqual([{ event: 'notification', data: { id: 1 } }]);
  });
});
