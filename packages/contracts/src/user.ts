import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { idValueSchema } from './primitives.ts';

export const lenderSchema = z.object({ id: z.number().int(), name: z.string() });
export type Lender = z.infer<typeof lenderSchema>;

/** The signed-in user as the shell needs it: identity, current lender (impersonation) and rights. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  fullName: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  avatar: z.string().nullable(),
  homeLender: lenderSchema,
  /** The lender worked in, with its time zone (IANA): every time on screen is shown in it. */
  currentLender: lenderSchema.extend({ timeZone: z.string() }),
  impersonating: z.boolean(),
  lenders: z.array(lenderSchema),
  rights: z.array(z.string()),
  passwordExpirationDate: z.string(),
  passwordExpired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const switchLenderRequestSchema = z.object({ lenderId: idValueSchema });
export type SwitchLenderRequest = z.infer<typeof switchLenderRequestSchema>;

/** The signed-in user's own calls: who am I, in which lenders may I work, and switching lender. */
export const userEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/api/user/me',
    access: 'signedIn',
    allowExpiredPassword: true,
    tag: 'user',
    summary: 'The signed-in user, current lender and rights',
    response: currentUserSchema,
  }),
  lenders: endpoint({
    method: 'GET',
    path: '/api/user/lenders',
    access: 'signedIn',
    tag: 'user',
    summary: 'Lenders the user may work in',
    response: z.array(lenderSchema),
  }),
  switchLender: endpoint({
    method: 'PUT',
    path: '/api/user/lender',
    access: 'signedIn',
    tag: 'user',
    summary: 'Switch lender (impersonate another, or choose the home lender to clear)',
    body: switchLenderRequestSchema,
    response: currentUserSchema,
  }),
};
