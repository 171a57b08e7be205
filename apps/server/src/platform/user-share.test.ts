import { describe, expect, it } from 'vitest';
import { createUserShare, SHARE_MAX_WAIT_MS } from './user-share.ts';

describe("a user's share of a heavy resource (100 units a second, 2 000 at most)", () => {
  const setUp = () => {
    let t = 0;
    const share = createUserShare({ perSecond: 100, burst: 2000, now: () => t });
    return { share, advance: (ms: number) => (t += ms) };
  };

  it('lets a user spend the burst at once, then makes the next request wait until the debt is paid', () => {
    const { share, advance } = setUp();
    expect(share.waitOf(1)).toBe(0);
    for (let i = 0; i < 10; i++) share.charge(1, 200); // ten heavy batches: the burst
    expect(share.waitOf(1)).toBe(0); // exactly spent, not in debt
    share.charge(1, 200);
    expect(share.waitOf(1)).toBe(2000); // 200 ms of debt at 100 ms per second
    advance(1500);
    expect(share.waitOf(1)).toBe(500);
    advance(500);
    expect(share.waitOf(1)).toBe(0);
  });

  it("keeps users apart: one user's debt never delays another", () => {
    const { share } = setUp();
    share.charge(1, 10_000);
    expect(share.waitOf(1)).toBe(80_000);
    expect(share.waitOf(2)).toBe(0);
    expect(share.balanceOf(2)).toBe(2000);
  });

  it('refills up to the burst and no further, however long the user was away', () => {
    const { share, advance } = setUp();
    share.charge(1, 2500);
    advance(3_600_000);
    expect(share.balanceOf(1)).toBe(2000);
    share.charge(1, 2100);
    expect(share.waitOf(1)).toBe(1000);
  });

  it('waits out a debt paid within the longest wait; refuses one further away, past the waiting cap, or when the client leaves', async () => {
    const share = createUserShare({ perSecond: 1000, burst: 100, maxWaiting: 1 });
    share.charge(1, 150); // 50 in debt: 50 ms away
    const started = performance.now();
    expect(await share.admit(1)).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);

    share.charge(1, SHARE_MAX_WAIT_MS + 1000); // further away than a request may wait: refused at once
    expect(await share.admit(1)).toBeGreaterThan(SHARE_MAX_WAIT_MS);

    share.forgive(1);
    share.charge(1, 300); // 200 away: one waits, a second one beyond the cap is refused at once
    const first = share.admit(1);
    expect(await share.admit(1)).toBeGreaterThan(0);
    expect(await first).toBe(0);

    share.forgive(1);
    share.charge(1, 300);
    const gone = new AbortController();
    setTimeout(() => gone.abort(), 10);
    expect(await share.admit(1, gone.signal)).toBeGreaterThan(0); // the client left while waiting
  });

  it('a person opening summaries (30 units every few seconds) never waits', () => {
    const { share, advance } = setUp();
    for (let i = 0; i < 1000; i++) {
      expect(share.waitOf(1)).toBe(0);
      share.charge(1, 30);
      advance(2000);
    }
  });
});
