import { z } from 'zod';
import { userRefSchema } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';

/**
 * Administration › Application Locks (issue 17, item 2: "until the lender's setting says lock on open"; spec 2 §7
 * lists "application locks" among the calls whose paths it does not show): the lender's lock-on-open switch, and
 * the edit locks held now, which an administrator may release for a colleague who left one behind.
 */
export const applicationLockSettingsSchema = z.object({
  /** Opening a worksheet takes the application's edit lock at once (otherwise: when the user starts editing). */
  lockOnOpen: z.boolean(),
});
export type ApplicationLockSettings = z.infer<typeof applicationLockSettingsSchema>;

/** An edit lock held now (not expired). */
export const heldLockSchema = z.object({
  applicationId: z.number().int(),
  primaryApplicantName: z.string().nullable(),
  loanProductName: z.string(),
  lockingUser: userRefSchema,
  lockedUtcTime: z.string(),
  lockExpiresUtcTime: z.string(),
});
export type HeldLock = z.infer<typeof heldLockSchema>;

const access = { right: 'canManageApplicationLocks' } as const;

export const applicationLockAdminEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/applicationLocks/settings',
    access,
    tag: 'applicationLocks',
    summary: "The lender's lock-on-open setting",
    response: applicationLockSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/applicationLocks/settings',
    access,
    tag: 'applicationLocks',
    summary: "Save the lender's lock-on-open setting (audited)",
    body: applicationLockSettingsSchema,
    response: applicationLockSettingsSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/applicationLocks',
    access,
    tag: 'applicationLocks',
    summary: 'The edit locks held now at the lender, oldest first (at most 500)',
    response: z.array(heldLockSchema),
  }),
};
