import { describe, expect, it } from 'vitest';
import { messages, profileMessages, profileUpdateSchema, type MyProfile } from '@credence/contracts';
import { formFieldOf, formValuesOf, payloadOf, profileFormSchema, type ProfileFormValues } from './profile-form.ts';

const profile: MyProfile = {
  id: 7,
  fullName: 'Avery Morgan',
  name: 'Avery',
  email: 'avery.morgan@summitfcu.example',
  jobTitle: 'System Administrator',
  userGroups: ['Underwriters'],
  avatar: null,
  phoneNumber: '3035550186',
  edocsUsername: null,
  hasCorePassword: true,
  hasEdocsPassword: false,
  userVendors: [
    {
      id: 1,
      userId: 7,
      vendorId: 11,
      vendorName: 'CUDL',
      name: 'CUDL',
      username: 'am',
      code: 'S1',
      hasExistingPassword: true,
    },
    {
      id: 2,
      userId: 7,
      vendorId: 12,
      vendorName: 'Dealertrack',
      name: 'Dealertrack',
      username: null,
      code: null,
      hasExistingPassword: false,
    },
    {
      id: 3,
      userId: 7,
      vendorId: 13,
      vendorName: 'RouteOne',
      name: 'RouteOne',
      username: null,
      code: null,
      hasExistingPassword: false,
    },
  ],
  lenderEnabledVendors: [],
};

const errorsOf = (values: ProfileFormValues) => {
  const result = profileFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the profile form (spec 1 §4–§5)', () => {
  it('starts from the profile, secrets empty, the phone formatted; unchanged it is valid', () => {
    const values = formValuesOf(profile);
    expect(values.phone).toBe('(303) 555-0186');
    expect(values.corePassword).toBe('');
    expect(values.vendors.map((v) => v.password)).toEqual(['', '', '']);
    expect(errorsOf(values)).toEqual({});
  });

  it('checks the phone, the password trio once Current is typed, and the integration limits', () => {
    const values = formValuesOf(profile);
    expect(errorsOf({ ...values, phone: '555-01' })).toEqual({ phone: profileMessages.invalidPhone });
    expect(errorsOf({ ...values, password: 'x', confirmPassword: 'y' })).toEqual({}); // Current empty: ignored
    expect(errorsOf({ ...values, oldPassword: 'Old2026x', password: 'short', confirmPassword: 'short' })).toEqual({
      password: messages.password.rules,
    });
    expect(
      errorsOf({ ...values, oldPassword: 'Old2026x', password: 'Newpass2026', confirmPassword: 'Newpass2027' }),
    ).toEqual({ confirmPassword: messages.password.mismatch });
    const long = values.vendors.map((v, i) =>
      i === 0 ? { ...v, username: 'u'.repeat(201), code: 'c'.repeat(101) } : v,
    );
    expect(errorsOf({ ...values, vendors: long })).toEqual({
      'vendors.0.username': profileMessages.tooLong('User name', 200),
      'vendors.0.code': profileMessages.tooLong('Code', 100),
    });
    expect(errorsOf({ ...values, corePassword: 'x'.repeat(17) })).toEqual({
      corePassword: profileMessages.corePasswordLength(16),
    });
  });

  it('sends digits only, a secret only when typed, and each vendor only the fields its name has', () => {
    const values = formValuesOf(profile);
    const payload = payloadOf(
      {
        ...values,
        phone: '(720) 555-0188',
        vendors: values.vendors.map((v) => ({ ...v, password: 'Secret1', code: 'K9' })),
      },
      profile,
    );
    expect(payload).toMatchObject({ id: 7, phoneNumber: '7205550188', edocsUsername: null });
    expect(payload).not.toHaveProperty('corePassword');
    expect(payload).not.toHaveProperty('systemPassword');
    expect(payload.userVendors).toEqual([
      { id: 1, username: 'am', password: 'Secret1', code: 'K9' },
      { id: 2, username: null },
      { id: 3, username: null, password: 'Secret1' },
    ]);
    expect(profileUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('places the server errors on the form fields', () => {
    expect(formFieldOf('phoneNumber')).toBe('phone');
    expect(formFieldOf('systemPassword.oldPassword')).toBe('oldPassword');
    expect(formFieldOf('userVendors.0.code')).toBe('vendors.0.code');
    expect(formFieldOf('id')).toBeNull();
  });
});
