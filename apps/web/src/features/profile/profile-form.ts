import { z } from 'zod';
import {
  profileMessages,
  CORE_PASSWORD_MAX,
  EDOCS_LIMITS,
  INTEGRATION_LIMITS,
  isValidPhone,
  messages,
  phoneDigits,
  systemPasswordSchema,
  vendorFieldsOf,
  type MyProfile,
  type ProfileUpdate,
} from '@credence/contracts';
import { formatPhone } from '../../components/form/phone.ts';

/**
 * The profile form: what the page edits, its rules (the contract's limits and texts) and the payload it sends.
 * Secrets start empty: empty keeps the stored one (the server never sends a secret back).
 */
export type ProfileFormValues = {
  phone: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
  corePassword: string;
  edocsUsername: string;
  edocsPassword: string;
  vendors: { id: number; vendorName: string; username: string; password: string; code: string }[];
};

const tooLong = (label: string, max: number) => z.string().max(max, profileMessages.tooLong(label, max));

export const profileFormSchema = z
  .object({
    phone: z.string().refine((v) => v.trim() === '' || isValidPhone(phoneDigits(v)), profileMessages.invalidPhone),
    oldPassword: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    corePassword: z.string().max(CORE_PASSWORD_MAX, profileMessages.corePasswordLength(CORE_PASSWORD_MAX)),
    edocsUsername: tooLong('eDOCS user name', EDOCS_LIMITS.username),
    edocsPassword: tooLong('eDOCS password', EDOCS_LIMITS.password),
    vendors: z.array(
      z.object({
        id: z.number(),
        vendorName: z.string(),
        username: tooLong('User name', INTEGRATION_LIMITS.username),
        password: tooLong('Password', INTEGRATION_LIMITS.password),
        code: tooLong('Code', INTEGRATION_LIMITS.code),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    // Spec 1 §4–§5: New and Confirm are required once Current is typed; the sign-in password rules; Confirm = New.
    if (values.oldPassword === '') return;
    const rules = systemPasswordSchema.safeParse(values.password);
    if (!rules.success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.password.rules });
    }
    if (values.confirmPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.password.required });
    } else if (values.confirmPassword !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.password.mismatch });
    }
  });

export const formValuesOf = (profile: MyProfile): ProfileFormValues => ({
  phone: profile.phoneNumber ? formatPhone(profile.phoneNumber) : '',
  oldPassword: '',
  password: '',
  confirmPassword: '',
  corePassword: '',
  edocsUsername: profile.edocsUsername ?? '',
  edocsPassword: '',
  vendors: profile.userVendors.map((v) => ({
    id: v.id,
    vendorName: v.vendorName,
    username: v.username ?? '',
    password: '',
    code: v.code ?? '',
  })),
});

/** The update payload: digits only for the phone; a secret only when typed; the vendor fields its name has. */
export const payloadOf = (values: ProfileFormValues, profile: MyProfile): ProfileUpdate => ({
  id: profile.id,
  phoneNumber: phoneDigits(values.phone),
  ...(values.corePassword ? { corePassword: values.corePassword } : {}),
  ...(values.oldPassword
    ? {
        systemPassword: {
          oldPassword: values.oldPassword,
          password: values.password,
          confirmPassword: values.confirmPassword,
        },
      }
    : {}),
  edocsUsername: values.edocsUsername.trim() || null,
  ...(values.edocsPassword ? { edocsPassword: values.edocsPassword } : {}),
  userVendors: values.vendors.map((v) => {
    const fields = vendorFieldsOf(v.vendorName);
    return {
      id: v.id,
      username: v.username.trim() || null,
      ...(fields.password && v.password ? { password: v.password } : {}),
      ...(fields.code ? { code: v.code.trim() || null } : {}),
    };
  }),
});

/** A server error's field ('systemPassword.oldPassword', 'userVendors.0.code') as the form's field. */
export const formFieldOf = (field: string): string | null => {
  if (field === 'phoneNumber') return 'phone';
  if (field.startsWith('systemPassword.')) return field.slice('systemPassword.'.length);
  if (field.startsWith('userVendors.')) return field.replace(/^userVendors\./, 'vendors.');
  if (['corePassword', 'edocsUsername', 'edocsPassword'].includes(field)) return field;
  return null;
};
