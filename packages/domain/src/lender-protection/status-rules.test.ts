import { describe, expect, it } from 'vitest';
import {
  canCreateLenderProtectionDecision,
  canResubmitLenderProtection,
  lenderProtectionOutcome,
} from './status-rules.ts';

const requested = { amount: '25000.00', termMonths: 60 };

describe('lender protection status rules (spec 3 §4)', () => {
  it('Approved at the requested amount and term is an approve decision', () => {
    expect(lenderProtectionOutcome('Approved', { totalLoanAmount: '25000.00', approvedTerm: 60 }, requested)).toBe(
      'approve',
    );
  });
  it('Approved one cent below the requested amount becomes a counter-offer', () => {
    expect(lenderProtectionOutcome('Approved', { totalLoanAmount: '24999.99', approvedTerm: 60 }, requested)).toBe(
      'counteroffer',
    );
  });
  it('Approved one month below the requested term becomes a counter-offer', () => {
    expect(lenderProtectionOutcome('Approved', { totalLoanAmount: '25000.00', approvedTerm: 59 }, requested)).toBe(
      'counteroffer',
    );
  });
  it('Approved above the request (amount or term) stays an approve decision', () => {
    expect(lenderProtectionOutcome('Approved', { totalLoanAmount: '25000.01', approvedTerm: 72 }, requested)).toBe(
      'approve',
    );
  });
  it('Counter is a counter-offer; Denied, Failed and Eligible decline; Error closes', () => {
    expect(lenderProtectionOutcome('Counter', null, requested)).toBe('counteroffer');
    for (const status of ['Denied', 'Failed', 'Eligible'] as const)
      expect(lenderProtectionOutcome(status, null, requested)).toBe('decline');
    expect(lenderProtectionOutcome('Error', null, requested)).toBe('close');
  });
  it('Re-Submit: on Counter always, on Approved only when amount or term changed', () => {
    const approved = { totalLoanAmount: '25000.00', approvedTerm: 60 };
    expect(canResubmitLenderProtection('Counter', approved, requested)).toBe(true);
    expect(canResubmitLenderProtection('Approved', approved, requested)).toBe(false);
    expect(canResubmitLenderProtection('Approved', approved, { amount: '25000.01', termMonths: 60 })).toBe(true);
    expect(canResubmitLenderProtection('Approved', approved, { amount: '25000', termMonths: 48 })).toBe(true);
    expect(canResubmitLenderProtection('Denied', approved, requested)).toBe(false);
  });
  it('Create Decision: never on Counter; on Approved only at the response, a counter needing a valid form', () => {
    const approved = { totalLoanAmount: '20000.00', approvedTerm: 60 };
    const form = { amount: '20000.00', termMonths: 60, requested };
    expect(canCreateLenderProtectionDecision('Counter', approved, { ...form, valid: true })).toBe(false);
    // Approved below the request: a counter-offer, so the reasons must be given.
    expect(canCreateLenderProtectionDecision('Approved', approved, { ...form, valid: false })).toBe(false);
    expect(canCreateLenderProtectionDecision('Approved', approved, { ...form, valid: true })).toBe(true);
    expect(canCreateLenderProtectionDecision('Approved', approved, { ...form, amount: '19999.99', valid: true })).toBe(
      false,
    );
    // Approved at the request: an approval, no reasons needed.
    const full = { totalLoanAmount: '25000.00', approvedTerm: 60 };
    expect(
      canCreateLenderProtectionDecision('Approved', full, { amount: '25000', termMonths: 60, requested, valid: false }),
    ).toBe(true);
    expect(canCreateLenderProtectionDecision('Denied', null, { ...form, valid: false })).toBe(false);
    expect(canCreateLenderProtectionDecision('Denied', null, { ...form, valid: true })).toBe(true);
    expect(canCreateLenderProtectionDecision('Error', null, { ...form, valid: true })).toBe(false);
  });
});
