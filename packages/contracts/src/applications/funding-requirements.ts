import { z } from 'zod';
import { fundingRequirementSources, fundingRequirementStatuses } from '../funding/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { idSchema } from './common.ts';
import { applicationStateSchema } from './enums.ts';

/**
 * The funding requirements worksheet (issue 14; spec 3 §2 `/fundingRequirements/{id}`, §3 FundingRequirement, §7
 * "Funding: … requirements"): the stipulations of an approved or counter-offered application — carried from the
 * decision, required by the product (administration › funding requirements), or added by hand — each worked
 * outstanding → received → cleared, or waived with a reason, with the application files that satisfy it.
 *
 * The spec names the calls "requirements" without paths; Credence's are:
 * - `GET  /api/applications/:id/fundingRequirements` — the worksheet (canFundALoan or canDecisionALoan: an
 *   underwriter reads the conditions of the approval they gave; working them needs canFundALoan);
 * - `POST /api/applications/:id/fundingRequirements` — a manual stipulation `{ description, required }`;
 * - `PUT  /api/applications/:id/fundingRequirements/:requirementId` — a status change `{ status, waiveReason,
 *   updatedAt }`: `updatedAt` is the requirement's as read; a stale one is a 409 (optimistic concurrency: the
 *   worksheet needs no edit lock, as the dealer packet needs none — clearing a stipulation never changes the loan);
 * - `POST   /api/applications/:id/fundingRequirements/:requirementId/files` `{ applicationFileId }` and
 * - `DELETE /api/applications/:id/fundingRequirements/:requirementId/files/:applicationFileId` — link / unlink a
 *   file of the same application.
 *
 * Who may do what: marking received (or back to outstanding from received) — anyone with canFundALoan; clearing,
 * waiving and reopening a cleared or waived one — a member of one of the requirement's clear groups (a product
 * requirement's groups; none for decision, insurance and manual stipulations: then anyone with canFundALoan).
 */

export const fundingRequirementStatusSchema = z.enum(fundingRequirementStatuses);
export const fundingRequirementSourceSchema = z.enum(fundingRequirementSources);

export const fundingRequirementStatusLabels = {
  outstanding: 'Outstanding',
  received: 'Received',
  cleared: 'Cleared',
  waived: 'Waived',
  withdrawn: 'Withdrawn',
} as const satisfies Record<(typeof fundingRequirementStatuses)[number], string>;

export const fundingRequirementSourceLabels = {
  decision: 'Decision',
  product: 'Product',
  insurance: 'Insurance',
  manual: 'Added',
} as const satisfies Record<(typeof fundingRequirementSources)[number], string>;

/** The statuses a user may set (withdrawn is the decision's doing). */
export const fundingRequirementSettableStatuses = ['outstanding', 'received', 'cleared', 'waived'] as const;
export type FundingRequirementSettableStatus = (typeof fundingRequirementSettableStatuses)[number];

/** From each status, where a user may move a requirement. */
export const fundingRequirementTransitions = {
  outstanding: ['received', 'cleared', 'waived'],
  received: ['outstanding', 'cleared', 'waived'],
  cleared: ['outstanding'],
  waived: ['outstanding'],
  withdrawn: [],
} as const satisfies Record<(typeof fundingRequirementStatuses)[number], readonly FundingRequirementSettableStatus[]>;

export const FUNDING_REQUIREMENT_DESCRIPTION_MAX = 500;
export const FUNDING_REQUIREMENT_WAIVE_REASON_MAX = 500;

/** The worksheet's texts (toasts, banners, refusals). */
export const fundingRequirementTexts = {
  title: 'Funding Requirements',
  saved: 'Requirement Saved',
  added: 'Requirement Added',
  fileAttached: 'Document Attached',
  fileDetached: 'Document Removed',
  saveFailed: 'Requirement Save Failed',
  waiveReasonRequired: 'A reason is required to waive a requirement.',
  waiveReasonTooLong: `The reason may be at most ${FUNDING_REQUIREMENT_WAIVE_REASON_MAX} characters.`,
  descriptionRequired: 'Description is required.',
  withdrawn: 'This requirement was withdrawn with its decision and cannot change.',
  notAllowedTransition: 'This requirement cannot move to that status.',
  stale: 'This requirement was changed by someone else. Reload it and try again.',
  notAwaitingFunding: 'The application is not approved for funding; its requirements cannot change.',
  mayNotClear: (groups: readonly string[]) =>
    `Only members of ${groups.join(', ')} may clear, waive or reopen this requirement.`,
  mayNotClearShort: 'You are not in a group allowed to clear this requirement.',
  fileNotOfApplication: "The file is not one of this application's files.",
  fileNotLinked: 'The file is not linked to this requirement.',
  readyForFunding: 'Every required stipulation is cleared or waived: the application is in the Funding queue.',
  waitingForPacket:
    'Every required stipulation is cleared or waived: the application moves to the Funding queue once the dealer packet is received.',
  noRequirements: 'No funding requirements.',
  noPreview: 'Select a document to preview it.',
  previewUnavailable: 'This document type cannot be previewed; download it from Files.',
} as const;

/** The application history actions this worksheet writes. */
export const fundingRequirementHistoryActions = {
  added: 'Funding requirement added',
  statusChanged: 'Funding requirement status changed',
  fileAttached: 'Funding requirement document attached',
  fileDetached: 'Funding requirement document removed',
} as const;

/* -------------------------------------------------------------------------------------------- read model */

export const fundingRequirementFileSchema = z.object({
  applicationFileId: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type FundingRequirementFile = z.infer<typeof fundingRequirementFileSchema>;

export const fundingRequirementRowSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  source: fundingRequirementSourceSchema,
  status: fundingRequirementStatusSchema,
  required: z.boolean(),
  waiveReason: z.string().nullable(),
  createdAt: z.string(),
  /** Send it back with a status change (optimistic concurrency). */
  updatedAt: z.string(),
  /** Whole days from creation until cleared or waived (or until now while open). */
  ageDays: z.number().int(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  receivedAt: z.string().nullable(),
  clearedAt: z.string().nullable(),
  /** The user groups whose members may clear it (empty: anyone with canFundALoan). */
  clearGroups: z.array(z.string()),
  /** May the current user clear, waive or reopen it? */
  canClear: z.boolean(),
  files: z.array(fundingRequirementFileSchema),
});
export type FundingRequirementRow = z.infer<typeof fundingRequirementRowSchema>;

export const fundingRequirementsWorksheetSchema = z.object({
  applicationId: z.number().int(),
  state: applicationStateSchema,
  /** The built-in queue the application is in now (requirements, funding, …; null once closed). */
  queue: z.string().nullable(),
  direct: z.boolean(),
  packetReceivedDate: z.string().nullable(),
  /** True while a required stipulation is neither cleared nor waived. */
  requirementsOutstanding: z.boolean(),
  /** Approved or counter-offered, nothing required outstanding and (indirect) the dealer packet received. */
  readyForFunding: z.boolean(),
  /** May the current user work the requirements (canFundALoan, and the application awaits funding)? */
  canWork: z.boolean(),
  requirements: z.array(fundingRequirementRowSchema),
  /** The application's files (not deleted), to attach. */
  files: z.array(fundingRequirementFileSchema.extend({ createdAt: z.string() })),
});
export type FundingRequirementsWorksheet = z.infer<typeof fundingRequirementsWorksheetSchema>;

/* -------------------------------------------------------------------------------------------- writes */

export const fundingRequirementCreateSchema = z.object({
  description: textSchema({ multiline: true, error: fundingRequirementTexts.descriptionRequired })
    .trim()
    .min(1, fundingRequirementTexts.descriptionRequired)
    .max(FUNDING_REQUIREMENT_DESCRIPTION_MAX),
  required: z.boolean().optional().default(true),
});
export type FundingRequirementCreate = z.input<typeof fundingRequirementCreateSchema>;

export const fundingRequirementStatusUpdateSchema = z
  .object({
    status: z.enum(fundingRequirementSettableStatuses),
    waiveReason: textSchema({ multiline: true })
      .trim()
      .max(FUNDING_REQUIREMENT_WAIVE_REASON_MAX, fundingRequirementTexts.waiveReasonTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The requirement's `updatedAt` as read. */
    updatedAt: z.string().max(40),
  })
  .superRefine((value, context) => {
    if (value.status === 'waived' && !value.waiveReason) {
      context.addIssue({ code: 'custom', path: ['waiveReason'], message: fundingRequirementTexts.waiveReasonRequired });
    }
  });
export type FundingRequirementStatusUpdate = z.input<typeof fundingRequirementStatusUpdateSchema>;

export const fundingRequirementFileLinkSchema = z.object({ applicationFileId: idValueSchema });
export type FundingRequirementFileLink = z.input<typeof fundingRequirementFileLinkSchema>;

/* -------------------------------------------------------------------------------------------- endpoints */

const applicationParams = z.object({ id: idSchema });
const requirementParams = z.object({ id: idSchema, requirementId: idSchema });
const requirementFileParams = z.object({ id: idSchema, requirementId: idSchema, applicationFileId: idSchema });
const work = { right: 'canFundALoan' } as const;

export const fundingRequirementEndpoints = {
  worksheet: endpoint({
    method: 'GET',
    path: '/api/applications/:id/fundingRequirements',
    access: { anyOf: ['canFundALoan', 'canDecisionALoan'] },
    tag: 'funding',
    summary: 'The funding requirements worksheet: the stipulations with their files, the application files, the queue',
    params: applicationParams,
    response: fundingRequirementsWorksheetSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/applications/:id/fundingRequirements',
    access: work,
    tag: 'funding',
    summary: 'Add a manual stipulation',
    params: applicationParams,
    body: fundingRequirementCreateSchema,
    response: fundingRequirementsWorksheetSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/fundingRequirements/:requirementId',
    access: work,
    tag: 'funding',
    summary:
      'Change a stipulation: received (canFundALoan); cleared, waived (with a reason) or reopened (a clear group member); 409 when stale or withdrawn',
    params: requirementParams,
    body: fundingRequirementStatusUpdateSchema,
    response: fundingRequirementsWorksheetSchema,
  }),
  attachFile: endpoint({
    method: 'POST',
    path: '/api/applications/:id/fundingRequirements/:requirementId/files',
    access: work,
    tag: 'funding',
    summary: "Link one of the application's files to the stipulation",
    params: requirementParams,
    body: fundingRequirementFileLinkSchema,
    response: fundingRequirementsWorksheetSchema,
    status: 201,
  }),
  detachFile: endpoint({
    method: 'DELETE',
    path: '/api/applications/:id/fundingRequirements/:requirementId/files/:applicationFileId',
    access: work,
    tag: 'funding',
    summary: 'Unlink a file from the stipulation (the file stays)',
    params: requirementFileParams,
    response: fundingRequirementsWorksheetSchema,
  }),
};
