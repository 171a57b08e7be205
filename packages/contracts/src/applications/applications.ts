import { z } from 'zod';
import { applicantInputSchema, applicantSchema } from './applicants.ts';
import { collateralInputSchema, collateralSchema, insuranceInputSchema, insuranceSchema } from './collaterals.ts';
import { idValueSchema } from '../primitives.ts';
import { idParamsSchema, idSchema, optionalText, userRefSchema } from './common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { dealerSchema } from '../admin/dealers.ts';
import { creditBureauSchema } from '../credit.ts';
import { creditPullResultSchema } from '../credit-api.ts';
import {
  applicantRoleSchema,
  applicationSourceSchema,
  applicationStateSchema,
  controlTypeSchema,
  transactionTypeSchema,
} from './enums.ts';
import { applicationRequestSaveSchema, applicationRequestSchema, requestFieldsSchema } from './request.ts';
import { transactionSchema } from './transaction.ts';

/**
 * A new application: product and channel, its applicants, request and collateral, created in one transaction.
 * The creator holds the lock afterwards.
 */
export const createApplicationSchema = z.object({
  loanProductId: idValueSchema,
  direct: z.boolean(),
  dealerId: idValueSchema.nullish().transform((v) => v ?? null),
  source: applicationSourceSchema.optional().transform((v) => v ?? 'LENDER'),
  transactionType: transactionTypeSchema.nullish().transform((v) => v ?? null),
  purpose: optionalText(100),
  applicants: z.array(applicantInputSchema).min(1).max(10),
  request: requestFieldsSchema,
  collaterals: z.array(collateralInputSchema).max(20).default([]),
  insurance: insuranceInputSchema.nullish().transform((v) => v ?? null),
  /** Pull credit for the applicants once the application is saved (needs canPullAndRepullCredit; spec 3 §7). */
  pullCredit: z.boolean().optional(),
  /** The bureau of that pull; the lender's first enabled bureau when absent. */
  creditBureau: creditBureauSchema.nullish(),
});
export type CreateApplication = z.input<typeof createApplicationSchema>;
export const createApplicationResponseSchema = z.object({
  id: z.number().int(),
  /** The pull asked for with `pullCredit`: its reports, or why it could not be made (the application is kept). */
  creditPull: z.object({ result: creditPullResultSchema.nullable(), error: z.string().nullable() }).optional(),
});

export const loanProductRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  controlType: controlTypeSchema,
  isBusinessLoan: z.boolean(),
});

export const lockStatusSchema = z.object({
  isLocked: z.boolean(),
  isLockedByMe: z.boolean(),
  lockingUser: userRefSchema.nullable(),
  lockedUtcTime: z.string().nullable(),
  lockExpiresUtcTime: z.string().nullable(),
});
export type LockStatus = z.infer<typeof lockStatusSchema>;

/** The whole application graph. */
export const applicationSchema = z.object({
  id: z.number().int(),
  state: applicationStateSchema,
  source: applicationSourceSchema,
  direct: z.boolean(),
  loanProduct: loanProductRefSchema.extend({ requiresVin: z.boolean(), gathersInsurance: z.boolean() }),
  dealer: dealerSchema.nullable(),
  createdByUser: userRefSchema.nullable(),
  createdUtcTime: z.string(),
  updatedUtcTime: z.string(),
  request: applicationRequestSchema,
  applicants: z.array(applicantSchema),
  collaterals: z.array(collateralSchema),
  insurance: insuranceSchema.nullable(),
  transaction: transactionSchema,
  lock: lockStatusSchema,
});
export type Application = z.infer<typeof applicationSchema>;

/** Worksheet info (spec 3 §3): what every worksheet page needs first. */
export const worksheetInfoSchema = z.object({
  id: z.number().int(),
  state: applicationStateSchema,
  isLocked: z.boolean(),
  isLockedByMe: z.boolean(),
  lockingUser: userRefSchema.nullable(),
  lockExpiresUtcTime: z.string().nullable(),
  /** Set for the user whose lock someone else removed, until that user locks the application again. */
  unlockedByUser: userRefSchema.nullable(),
  loanProduct: loanProductRefSchema,
  applicants: z.array(
    z.object({
      id: z.number().int(),
      applicantRole: applicantRoleSchema,
      isBusiness: z.boolean(),
      name: z.string(),
    }),
  ),
  primaryApplicantName: z.string().nullable(),
  /**
   * The lender's "lock on open" setting: when true the worksheet takes the lock as it opens; when false (the
   * default) a worksheet opened to read takes no lock until the user starts editing.
   */
  lockOnOpen: z.boolean(),
});
export type WorksheetInfo = z.infer<typeof worksheetInfoSchema>;

/** At most this many ids in one `applications/states` call (a page of recent applications or notifications). */
export const MAX_STATE_IDS = 200;
const stateIdsSchema = z.union([
  idSchema.transform((id) => [id]),
  z.array(idSchema).min(1, messages.validation.required).max(MAX_STATE_IDS, `At most ${MAX_STATE_IDS} ids.`),
]);

export const applicationStatesEndpoint = endpoint({
  method: 'GET',
  path: '/api/applications/states',
  access: 'signedIn',
  tag: 'applications',
  summary:
    'The internal state of each application (ids[0]=..&ids[1]=.., or ids=..&ids=..); ids unknown to the lender are left out',
  query: z.object({ ids: stateIdsSchema }),
  response: z.record(z.string(), applicationStateSchema),
});

/** The edit lock of an application (spec 3 §4): take or refresh, remove (anyone, after confirming), release one's own. */
export const applicationLockEndpoints = {
  lock: endpoint({
    method: 'POST',
    path: '/api/applications/:id/lock',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Take or refresh the edit lock (it expires unless refreshed); 409 with the holder otherwise',
    params: idParamsSchema,
    response: lockStatusSchema,
  }),
  unlock: endpoint({
    method: 'DELETE',
    path: '/api/applications/:id/lock',
    access: 'signedIn',
    tag: 'applications',
    summary: "Remove the edit lock (anyone may, after confirming); the holder's worksheet info names who did",
    params: idParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
  // Leaving a worksheet (route change, tab close, another application): the web app calls this with
  // `fetch(…, { keepalive: true })` on `pagehide`, which unlike `navigator.sendBeacon` sends the Authorization
  // header, so the token never travels in a body or a URL. Guarded twice: the caller must be signed in, and
  // only the caller's own lock is released (a colleague's lock stays; removing it is `unlock` above).
  release: endpoint({
    method: 'POST',
    path: '/api/applications/:id/lock/release',
    access: 'signedIn',
    tag: 'applications',
    summary: "Release the caller's own edit lock (leaving the worksheet); another user's lock is left alone",
    params: idParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
};

/** The application record (spec 3 §7 Application): create, read, the worksheet's frame, the request. */
export const applicationEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/applications',
    access: { right: 'canCreateApplication' },
    tag: 'applications',
    summary: 'Create an application with applicants, request and collateral (one transaction); locks it',
    body: createApplicationSchema,
    response: createApplicationResponseSchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id',
    access: 'signedIn',
    tag: 'applications',
    summary: 'The whole application: request, applicants (SSNs masked), collateral, transaction, lock',
    params: idParamsSchema,
    response: applicationSchema,
  }),
  worksheetInfo: endpoint({
    method: 'GET',
    path: '/api/applications/:id/worksheetInfo',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Worksheet info: lock holder, who unlocked it, product, applicants, state',
    params: idParamsSchema,
    response: worksheetInfoSchema,
  }),
  request: endpoint({
    method: 'GET',
    path: '/api/applications/:id/request',
    access: 'signedIn',
    tag: 'applications',
    summary: 'The application request (money, terms, itemization)',
    params: idParamsSchema,
    response: applicationRequestSchema,
  }),
  saveRequest: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/request',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Save the application request; needs the lock, and confirmFunded when funded',
    params: idParamsSchema,
    body: applicationRequestSaveSchema,
    response: applicationRequestSchema,
  }),
};
