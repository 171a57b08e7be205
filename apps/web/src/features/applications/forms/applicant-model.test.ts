import { describe, expect, it } from 'vitest';
import { applicantsSaveSchema } from '@credence/contracts';
import { contractResolver } from '../../../components/form/resolver.ts';
import { formPath, type RowMap } from '../../../components/form/values.ts';
import { applicantsPayload, blankApplicant, blankPhone } from './applicant-model.ts';

describe('applicant rows left blank', () => {
  it('a new applicant keeps its blank phone out of the payload (phone type 1, not preferred)', () => {
    const applicant = blankApplicant('PRIMARY');
    expect(applicant.phoneNumbers).toEqual([{ number: '', preferredContact: false, phoneType: 1 }]);
    const rows: RowMap = {};
    const [payload] = applicantsPayload(
      [
        {
          ...applicant,
          firstName: 'Ann',
          lastName: 'Lee',
          phoneNumbers: [blankPhone(), { ...blankPhone(), number: '(303) 555-0100' }],
        },
      ],
      'applicants',
      rows,
    );
    expect(payload?.phoneNumbers).toEqual([{ number: '3035550100', preferredContact: false, phoneType: 1 }]);
    expect(payload?.addresses).toEqual([]);
    expect(formPath('applicants.0.phoneNumbers.0.number', rows)).toBe('applicants.0.phoneNumbers.1.number');
  });
});

describe('the contract resolver', () => {
  type Values = { applicants: ReturnType<typeof blankApplicant>[] };
  const resolver = contractResolver<Values, unknown>(applicantsSaveSchema, (v) => {
    const rows: RowMap = {};
    return { payload: { applicants: applicantsPayload(v.applicants, 'applicants', rows) }, rows };
  });
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it('puts the contract rules on the form fields, in words people read', async () => {
    const applicant = {
      ...blankApplicant('PRIMARY'),
      firstName: 'Ann',
      phoneNumbers: [blankPhone(), { ...blankPhone(), number: '555' }],
    };
    const result = await resolver({ applicants: [applicant] }, undefined, options);
    const errors = result.errors as unknown as {
      applicants: {
        lastName: { message: string };
        phoneNumbers: { message: string }[] & Record<number, { number: { message: string } }>;
      }[];
    };
    expect(errors.applicants[0]?.lastName.message).toBe('Required');
    expect(errors.applicants[0]?.phoneNumbers[1]?.number.message).toBe('Enter a 10-digit phone number');
  });

  it('answers the values when valid', async () => {
    const applicant = { ...blankApplicant('PRIMARY'), firstName: 'Ann', lastName: 'Lee' };
    const result = await resolver({ applicants: [applicant] }, undefined, options);
    expect(result.errors).toEqual({});
  });
});
