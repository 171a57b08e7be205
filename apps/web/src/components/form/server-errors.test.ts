import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { formatPhone, phonePayload } from './phone.ts';
import { applyServerErrors, isFieldValidationError } from './server-errors.ts';

/** A form as applyServerErrors sees it: its values, and the errors it was given. */
const fakeForm = (values: Record<string, unknown>) => {
  const set: Record<string, string | undefined> = {};
  return {
    set,
    form: {
      getValues: ((name: string) =>
        name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], values)) as never,
      setError: ((name: string, error: { message?: string }) => {
        set[name] = error.message;
      }) as never,
    },
  };
};

describe('applyServerErrors', () => {
  it('puts each 422 error on its field and answers the ones that name no field', () => {
    const { form, set } = fakeForm({ name: '', sellers: [{ phone: '' }, { phone: '555' }] });
    const error = new ApiError(422, {
      errors: [
        { field: 'name', message: 'Dealer name already exists.' },
        { field: 'sellers.0.phone', message: 'Enter a 10-digit phone number' },
        { field: 'sellers', message: 'Add a seller' },
        { field: 'nowhere', message: 'Not on the form' },
      ],
    });
    const unmatched = applyServerErrors(form, error, { rows: { sellers: [1] } });
    expect(set).toEqual({ name: 'Dealer name already exists.', 'sellers.1.phone': 'Enter a 10-digit phone number' });
    expect(unmatched).toEqual(['Add a seller', 'Not on the form']);
  });

  it('maps server field names onto form fields', () => {
    const { form, set } = fakeForm({ customFields: { f12: '' } });
    const error = new ApiError(422, { errors: [{ field: 'customFields.12', message: 'Required' }] });
    applyServerErrors(form, error, { mapField: (f) => f.replace(/\.(\d+)$/, '.f$1') });
    expect(set).toEqual({ 'customFields.f12': 'Required' });
  });

  it('answers the message of a 422 without field errors, and nothing for other failures', () => {
    const { form } = fakeForm({});
    expect(applyServerErrors(form, new ApiError(422, { message: 'Refused' }))).toEqual(['Refused']);
    expect(applyServerErrors(form, new ApiError(500, { message: 'Boom' }))).toEqual([]);
    expect(isFieldValidationError(new ApiError(422, { errors: [{ field: 'a', message: 'b' }] }))).toBe(true);
    expect(isFieldValidationError(new ApiError(422, {}))).toBe(false);
  });
});

describe('the phone formatter', () => {
  it.each([
    ['3035551234', '(303) 555-1234'],
    ['555', '555'],
    [null, ''],
  ])('formatPhone(%j) is %j', (digits, shown) => {
    expect(formatPhone(digits)).toBe(shown);
  });

  it.each([
    ['(303) 555-1234', '3035551234'],
    ['  ', null],
    ['abc', 'abc'],
  ])('phonePayload(%j) is %j', (typed, sent) => {
    expect(phonePayload(typed)).toBe(sent);
  });
});
