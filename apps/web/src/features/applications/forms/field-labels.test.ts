import { describe, expect, it } from 'vitest';
import { historyEntityLabel, historyPropertyLabel, historyValueText, requestFields } from './field-labels.ts';

describe('history labels and formats (issue 17, item 12)', () => {
  it.each([
    ['Request', 'negotiatedPrice', 'Sales Price'],
    ['Request', 'otherFrontEndFees[0].value', 'Front-End Fee 1 › Value'],
    ['Applicant', 'addresses[1].city', 'Address 2 › City'],
    ['Applicant', 'dob', 'Date of Birth'],
    ['Collateral', 'liens[0].payoffAmount', 'Lien 1 › Payoff Amount'],
    ['Collateral', 'maturityDate', 'Maturity Date'],
    ['Insurance', 'policyNumber', 'Policy Number'],
    ['FollowUp', 'dueDate', 'Due Date'], // no dialog map: the name in words
    ['Application', 'loanProductId', 'Loan Product ID'],
  ])('%s %s reads "%s"', (entity, property, label) => {
    expect(historyPropertyLabel(entity, property)).toBe(label);
  });

  it('uses the label the request dialog shows (one map)', () => {
    expect(historyPropertyLabel('Request', 'negotiatedPrice')).toBe(requestFields.negotiatedPrice.label);
  });

  it.each([
    ['Request', 'negotiatedPrice', '11844.00', '$11,844.00'],
    ['Request', 'negotiatedPrice', '12500', '$12,500.00'],
    ['Request', 'otherFrontEndFees[0].value', '-200.50', '-$200.50'],
    ['Request', 'isOpenEnded', 'true', 'Yes'],
    ['Request', 'termMonths', '72', '72'],
    ['Collateral', 'maturityDate', '2027-03-05', '03/05/2027'],
    ['DealerPacket', 'receivedDate', '2026-03-02', '03/02/2026'], // a date is a date wherever it appears
    ['Collateral', 'holdPercentage', '100', '100%'],
    ['Applicant', 'firstName', 'Avery', 'Avery'],
    ['Application', 'direct', 'false', 'No'],
  ])('%s %s %s shows as %s', (entity, property, value, shown) => {
    expect(historyValueText(entity, property, value)).toBe(shown);
  });

  it('names entities in words', () => {
    expect(historyEntityLabel('FollowUp')).toBe('Follow Up');
    expect(historyEntityLabel('Request')).toBe('Request');
  });
});
