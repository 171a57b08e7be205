import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { actionItemInputSchema } from './action-items.ts';
import { dealerPacketSaveSchema } from './dealer-packet.ts';
import { hmdaRecordInputSchema } from './hmda.ts';
import { applicationPatchSchema } from './promotions.ts';
import { shareEntryInputSchema } from './shares.ts';

const hmda = {
  applicantId: 1,
  deliveryMethod: 4,
  gender: 1,
  race: 1 + 16384,
  raceAmericanIndianOrAlaskaNative: ' Navajo ',
  raceOtherPacificIslander: 'Tongan',
  raceOtherAsian: 'not ticked',
  ethnicity: 16,
  ethnicityOtherHispanicOrLatino: 'Venezuelan',
  verificationStatement1: true,
  verificationStatement2: false,
  verificationStatement3: true,
};

describe('worksheet dialog contracts', () => {
  it('keeps an HMDA free text only with its option, trimmed', () => {
    expect(hmdaRecordInputSchema.parse(hmda)).toMatchObject({
      raceAmericanIndianOrAlaskaNative: 'Navajo',
      raceOtherPacificIslander: 'Tongan',
      raceOtherAsian: null,
      ethnicityOtherHispanicOrLatino: 'Venezuelan',
      dateProvided: null,
    });
  });

  it('reports every HMDA message by field at once', () => {
    const result = hmdaRecordInputSchema.safeParse({ ...hmda, raceOtherPacificIslander: '', ethnicity: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ethnicity', messages.hmda.oneOptionRequired],
      ['raceOtherPacificIslander', messages.hmda.required],
    ]);
    const texts = hmdaRecordInputSchema.safeParse({ ...hmda, raceOtherPacificIslander: ' ' });
    expect(texts.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['raceOtherPacificIslander', messages.hmda.required],
    ]);
  });

  it('defaults a new follow-up item', () => {
    expect(actionItemInputSchema.parse({ description: ' Call ' })).toEqual({
      id: null,
      description: 'Call',
      alertDate: null,
      completed: false,
      isDailyDelivery: false,
      actionItemType: 1,
    });
  });

  it('saves a null packet date when not received and needs one when received', () => {
    expect(dealerPacketSaveSchema.parse({ received: false, receivedDate: '2026-01-01' })).toEqual({
      received: false,
      receivedDate: null,
    });
    expect(dealerPacketSaveSchema.safeParse({ received: true }).success).toBe(false);
  });

  it('takes a user or a group per share entry, not both', () => {
    expect(shareEntryInputSchema.safeParse({ userId: 1 }).success).toBe(true);
    expect(shareEntryInputSchema.safeParse({ userId: 1, userGroupId: 2 }).success).toBe(false);
  });

  it('reads a JSON patch of /promotionIds as the last value, de-duplicated', () => {
    expect(
      applicationPatchSchema.parse([
        { op: 'replace', path: '/promotionIds', value: [1] },
        { op: 'replace', path: '/promotionIds', value: [3, 2, 3] },
      ]),
    ).toEqual({ promotionIds: [3, 2] });
    expect(applicationPatchSchema.safeParse([{ op: 'replace', path: '/potentialLoanId', value: [] }]).success).toBe(
      false,
    );
  });
});
