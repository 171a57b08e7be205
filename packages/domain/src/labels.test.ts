import { describe, expect, it } from 'vitest';
import { truncateMenuLabel, withLinkScheme } from './labels.ts';
import {
  applicationStates,
  isWorksheetBuilt,
  worksheetForState,
  worksheetPathForState,
  worksheetPaths,
} from './application-state.ts';
import { passwordExpiryStatus } from './password-expiry.ts';

describe('truncateMenuLabel', () => {
  it('keeps names of 25 characters or fewer', () => {
    expect(truncateMenuLabel('a'.repeat(25))).toBe('a'.repeat(25));
  });
  it('cuts longer names to 22 characters plus ...', () => {
    expect(truncateMenuLabel('Dealer Funding Exceptions Queue')).toBe('Dealer Funding Excepti...');
    expect(truncateMenuLabel('a'.repeat(26))).toHaveLength(25);
  });
});

describe('withLinkScheme', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['https://ncua.gov', 'https://ncua.gov'],
    ['HTTP://X.ORG', 'HTTP://X.ORG'],
    ['  www.cu.org/rates ', 'http://www.cu.org/rates'],
  ])('%s -> %s', (input, expected) => expect(withLinkScheme(input)).toBe(expected));
  it.each(['mailto:help@cu.org', 'javascript:1;alert(1)', 'data:1,x', 'file:1//etc/passwd', '//evil.example'])(
    '%s is not a web address: about:blank',
    (input) => expect(withLinkScheme(input)).toBe('about:blank'),
  );
});

describe('worksheetPathForState', () => {
  it.each(applicationStates.filter((s) => ['approved', 'counteroffer', 'funded'].includes(s)))(
    '%s opens the Funding worksheet (built)',
    (state) => expect(worksheetPathForState(state, 7)).toBe('/fund/7'),
  );
  it.each(['reviewed', 'declined', 'cancelled', 'pending'] as const)(
    '%s opens the Decision worksheet (built)',
    (state) => expect(worksheetPathForState(state, 7)).toBe('/decision/7'),
  );
  it('new opens the Credit worksheet (built)', () => expect(worksheetPathForState('new', 7)).toBe('/credit/7'));
  it.each([
    ['new', '/credit/7'],
    ['reviewed', '/decision/7'],
    ['declined', '/decision/7'],
    ['cancelled', '/decision/7'],
    ['pending', '/decision/7'],
    ['approved', '/fund/7'],
    ['counteroffer', '/fund/7'],
    ['funded', '/fund/7'],
  ] as const)('%s goes to %s once every worksheet is built', (state, path) =>
    expect(worksheetPathForState(state, 7, worksheetPaths)).toBe(path),
  );
  it('routes by state to a built worksheet and falls back for the others', () => {
    const built = ['application', 'decision'] as const;
    expect(worksheetPathForState('reviewed', 12, built)).toBe('/decision/12');
    expect(worksheetPathForState('new', 12, built)).toBe('/application/12');
    expect(worksheetPathForState('funded', 12, built)).toBe('/application/12');
  });
  it('declares the Application, Credit, Decision, Requirements and Funding worksheets built, Sales and Closing Summary not yet', () => {
    expect(worksheetPaths.filter((w) => isWorksheetBuilt(w))).toEqual([
      'application',
      'credit',
      'decision',
      'fundingRequirements',
      'fund',
    ]);
    expect(worksheetForState('reviewed')).toBe('decision');
  });
});

describe('passwordExpiryStatus', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);
  it('is expired at or after the date', () => {
    expect(passwordExpiryStatus(inDays(0), now)).toEqual({ kind: 'expired' });
    expect(passwordExpiryStatus(inDays(-3), now)).toEqual({ kind: 'expired' });
  });
  it('warns with 1 to 10 days left', () => {
    expect(passwordExpiryStatus(inDays(0.2), now)).toEqual({ kind: 'warning', daysLeft: 1 });
    expect(passwordExpiryStatus(inDays(5), now)).toEqual({ kind: 'warning', daysLeft: 5 });
    expect(passwordExpiryStatus(inDays(10), now)).toEqual({ kind: 'warning', daysLeft: 10 });
  });
  it('is fine with more than 10 days left', () => {
    expect(passwordExpiryStatus(inDays(10.5), now)).toEqual({ kind: 'ok' });
  });
});
