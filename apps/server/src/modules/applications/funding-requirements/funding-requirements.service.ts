import {
  fundingRequirementHistoryActions as actions,
  fundingRequirementStatusLabels as statusLabels,
  fundingRequirementTexts as texts,
  fundingRequirementTransitions,
  type ApplicationState,
  type FundingRequirementCreate,
  type FundingRequirementSettableStatus,
  type FundingRequirementsWorksheet,
  type FundingRequirementStatus,
  type FundingRequirementSource,
} from '@credence/contracts';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { eventOf, notify } from '../../notifications/notify.service.ts';
import type { ApplicationContext, HistoryWriter } from '../application-context.ts';
import * as repo from './funding-requirements.repository.ts';
import { notifyBorrower } from '../../borrower-notifications/borrower-notifications.service.ts';
import { emitWebhookEvent } from '../../webhooks/webhook-events.service.ts';

/**
 * The funding requirements worksheet (issue 14): the stipulations of an approved or counter-offered application
 * and the flag that keeps it in the Requirements queue. Writes run through `ctx.annotate` (the application row
 * locked for the transaction, no edit lock: working a stipulation never changes the loan) with optimistic
 * concurrency on each requirement's `updatedAt`. The rules of who may do what are in the contracts' header.
 */

/** The states whose stipulations are worked (the Requirements and Funding queues). */
const awaitingFunding: readonly string[] = ['approved', 'counteroffer'];

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** May this user clear, waive or reopen a requirement with these clear groups? */
const mayClear = (auth: AuthContext, clearGroupIds: readonly number[], userGroupIds: ReadonlySet<number>) =>
  auth.rights.has('canFundALoan') && (clearGroupIds.length === 0 || clearGroupIds.some((g) => userGroupIds.has(g)));

/**
 * Recomputes `applications.requirements_outstanding` (true while a required stipulation is outstanding or
 * received); the generated queue column moves the application between Requirements and Funding. Call it in the
 * transaction of every change to an application's stipulations.
 */
export const refreshRequirementsOutstanding = (tx: TenantTx, applicationId: number) =>
  repo.refreshOutstandingFlag(tx, applicationId);

export type CarryRequirementsInput = {
  applicationId: number;
  loanProductId: number | null;
  /** The decision (receipt row) that carries them: retracting it withdraws them (decision and product ones). */
  decisionId: number;
  stipulations: readonly { description: string }[];
  userId: number | null;
};

/**
 * An approval or counter-offer carries its stipulations to funding (source 'decision') with the product's
 * enabled requirements (source 'product': required flag from the definition, clear groups read from it live); a
 * product requirement whose description equals a stipulation the application already has (not withdrawn) is not
 * added twice. Then the flag is recomputed. Runs in the decision's transaction; withdraw earlier open ones first.
 */
export const carryRequirementsToApplication = async (tx: TenantTx, input: CarryRequirementsInput) => {
  const application = await repo.findApplication(tx, input.applicationId);
  if (!application) throw notFound();
  const base = {
    lenderId: application.lenderId,
    applicationId: input.applicationId,
    decisionId: input.decisionId,
    status: 'outstanding',
    createdByUserId: input.userId,
  } as const;
  await repo.insertRequirements(
    tx,
    input.stipulations.map((s, i) => ({ ...base, description: s.description, source: 'decision', sortOrder: i })),
  );
  const existing = await repo.findLiveDescriptions(tx, input.applicationId);
  const product = (await repo.findProductRequirements(tx, input.loanProductId)).filter(
    (p) => !existing.has(p.description.trim().toLowerCase()),
  );
  await repo.insertRequirements(
    tx,
    product.map((p, i) => ({
      ...base,
      description: p.description,
      source: 'product',
      fundingRequirementId: p.id,
      required: p.required,
      sortOrder: input.stipulations.length + i,
    })),
  );
  await refreshRequirementsOutstanding(tx, input.applicationId);
};

/** The worksheet as the current user sees it (in the caller's transaction). */
const readWorksheet = async (
  tx: TenantTx,
  auth: AuthContext,
  applicationId: number,
): Promise<FundingRequirementsWorksheet> => {
  const application = await repo.findApplication(tx, applicationId);
  if (!application) throw notFound();
  // One query at a time: a transaction is one connection.
  const rows = await repo.listRequirements(tx, applicationId);
  const linked = await repo.listRequirementFiles(tx, applicationId);
  const files = await repo.listApplicationFiles(tx, applicationId);
  const userGroupIds = await repo.findUserGroupIds(tx, auth.userId);
  const groupNames = await repo.findGroupNames(tx, [...new Set(rows.flatMap((r) => r.clearUserGroupIds))]);
  const isAwaiting = awaitingFunding.includes(application.state);
  const canWork = isAwaiting && auth.rights.has('canFundALoan');
  return {
    applicationId,
    state: application.state as ApplicationState,
    queue: application.queue,
    direct: application.direct,
    packetReceivedDate: application.packetReceivedDate,
    requirementsOutstanding: application.requirementsOutstanding,
    readyForFunding: application.queue === 'funding',
    canWork,
    requirements: rows.map(({ requirement: r, statusChangedBy, ageDays, clearUserGroupIds }) => ({
      id: r.id,
      description: r.description,
      source: r.source as FundingRequirementSource,
      status: r.status as FundingRequirementStatus,
      required: r.required,
      waiveReason: r.waiveReason,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      ageDays: Math.max(0, ageDays),
      statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
      statusChangedBy,
      receivedAt: r.receivedAt?.toISOString() ?? null,
      clearedAt: r.clearedAt?.toISOString() ?? null,
      clearGroups: clearUserGroupIds.map((id) => groupNames.get(id) ?? `Group ${id}`),
      canClear: canWork && r.status !== 'withdrawn' && mayClear(auth, clearUserGroupIds, userGroupIds),
      files: linked
        .filter((f) => f.requirementId === r.id)
        .map(({ applicationFileId, name, fileName, contentType, size }) => ({
          applicationFileId,
          name,
          fileName,
          contentType,
          size,
        })),
    })),
    files: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
};

export const getWorksheet = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, (tx) => readWorksheet(tx, auth, applicationId));

/** A change to the stipulations: the application locked and awaiting funding (409 otherwise). */
const change = <T>(
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  work: (tx: TenantTx, history: HistoryWriter) => Promise<T>,
) =>
  ctx.annotate(auth, applicationId, async (tx, application, history) => {
    if (!awaitingFunding.includes(application.state)) throw conflict(texts.notAwaitingFunding);
    await work(tx, history);
    return readWorksheet(tx, auth, applicationId);
  });

export const addRequirement = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: Required<FundingRequirementCreate>,
) =>
  change(ctx, auth, applicationId, async (tx, history) => {
    const [row] = await repo.insertRequirements(tx, [
      {
        lenderId: auth.lenderId,
        applicationId,
        description: body.description,
        source: 'manual',
        status: 'outstanding',
        required: body.required,
        sortOrder: 1000,
        createdByUserId: auth.userId,
      },
    ]);
    await refreshRequirementsOutstanding(tx, applicationId);
    if (body.required) await notifyBorrower(tx, auth.lenderId, applicationId, 'fundingRequirementRequested');
    await history({
      action: actions.added,
      description: `Funding requirement added: ${body.description}${body.required ? '' : ' (not required)'}`,
      entity: 'FundingRequirement',
      changes: [
        {
          entity: 'FundingRequirement',
          entityId: row!.id,
          property: 'status',
          oldValue: null,
          newValue: 'outstanding',
        },
      ],
    });
  });

export const updateRequirementStatus = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  requirementId: number,
  body: { status: FundingRequirementSettableStatus; waiveReason: string | null; updatedAt: string },
) =>
  change(ctx, auth, applicationId, async (tx, history) => {
    const found = await repo.findRequirementForUpdate(tx, applicationId, requirementId);
    if (!found) throw notFound();
    const { requirement: r, clearUserGroupIds } = found;
    const from = r.status as FundingRequirementStatus;
    if (from === 'withdrawn') throw conflict(texts.withdrawn);
    if (r.updatedAt.toISOString() !== body.updatedAt) throw conflict(texts.stale);
    const allowed: readonly FundingRequirementSettableStatus[] = fundingRequirementTransitions[from];
    if (!allowed.includes(body.status)) throw conflict(texts.notAllowedTransition);
    // Received (or back from received) is anyone's who may fund; clearing, waiving, reopening is the clear groups'.
    const needsClearRight =
      body.status === 'cleared' || body.status === 'waived' || from === 'cleared' || from === 'waived';
    if (needsClearRight && !mayClear(auth, clearUserGroupIds, await repo.findUserGroupIds(tx, auth.userId))) {
      const names = [...(await repo.findGroupNames(tx, clearUserGroupIds)).values()];
      throw new AppError(403, 'FORBIDDEN', names.length > 0 ? texts.mayNotClear(names) : texts.mayNotClearShort);
    }
    const now = new Date();
    await repo.updateRequirement(tx, r.id, {
      status: body.status,
      waiveReason: body.status === 'waived' ? body.waiveReason : null,
      statusChangedAt: now,
      statusChangedByUserId: auth.userId,
      receivedAt: body.status === 'received' ? now : body.status === 'outstanding' ? null : r.receivedAt,
      clearedAt: body.status === 'cleared' || body.status === 'waived' ? now : null,
    });
    await refreshRequirementsOutstanding(tx, applicationId);
    if (body.status === 'cleared' || body.status === 'waived')
      await emitWebhookEvent(tx, auth.lenderId, 'requirement.cleared', applicationId, {
        requirementId: r.id,
        description: r.description,
        status: body.status,
      });
    if (body.status === 'received' || body.status === 'cleared') {
      await notify(tx, {
        ...eventOf(auth, applicationId),
        type: 'MyQueueRequirementsReceived',
        audience: { kind: 'followers' },
        values: { description: r.description, status: statusLabels[body.status].toLowerCase() },
      });
    }
    const reason = body.status === 'waived' ? ` (reason: ${body.waiveReason})` : '';
    await history({
      action: actions.statusChanged,
      description: `${r.description}: ${statusLabels[from]} → ${statusLabels[body.status]}${reason}`,
      entity: 'FundingRequirement',
      changes: [
        { entity: 'FundingRequirement', entityId: r.id, property: 'status', oldValue: from, newValue: body.status },
        ...(body.status === 'waived'
          ? [
              {
                entity: 'FundingRequirement',
                entityId: r.id,
                property: 'waiveReason',
                oldValue: r.waiveReason,
                newValue: body.waiveReason,
              },
            ]
          : []),
      ],
    });
  });

const findOpenRequirement = async (tx: TenantTx, applicationId: number, requirementId: number) => {
  const found = await repo.findRequirementForUpdate(tx, applicationId, requirementId);
  if (!found) throw notFound();
  if (found.requirement.status === 'withdrawn') throw conflict(texts.withdrawn);
  return found.requirement;
};

export const attachFile = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  requirementId: number,
  applicationFileId: number,
) =>
  change(ctx, auth, applicationId, async (tx, history) => {
    const r = await findOpenRequirement(tx, applicationId, requirementId);
    const file = await repo.findLiveFile(tx, applicationId, applicationFileId);
    if (!file) {
      throw new AppError(422, 'VALIDATION', texts.fileNotOfApplication, [
        { field: 'applicationFileId', message: texts.fileNotOfApplication },
      ]);
    }
    const linked = await repo.linkFile(tx, {
      lenderId: auth.lenderId,
      requirementId: r.id,
      applicationFileId: file.id,
      attachedByUserId: auth.userId,
    });
    if (linked) {
      await repo.updateRequirement(tx, r.id, {});
      await history({
        action: actions.fileAttached,
        description: `${file.name} attached to ${r.description}`,
        entity: 'FundingRequirement',
        changes: [
          { entity: 'FundingRequirement', entityId: r.id, property: 'files', oldValue: null, newValue: file.name },
        ],
      });
    }
  });

export const detachFile = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  requirementId: number,
  applicationFileId: number,
) =>
  change(ctx, auth, applicationId, async (tx, history) => {
    const r = await findOpenRequirement(tx, applicationId, requirementId);
    const file = await repo.findLiveFile(tx, applicationId, applicationFileId);
    if (!(await repo.unlinkFile(tx, r.id, applicationFileId))) throw notFound(texts.fileNotLinked);
    await repo.updateRequirement(tx, r.id, {});
    await history({
      action: actions.fileDetached,
      description: `${file?.name ?? `File ${applicationFileId}`} removed from ${r.description}`,
      entity: 'FundingRequirement',
      changes: [
        {
          entity: 'FundingRequirement',
          entityId: r.id,
          property: 'files',
          oldValue: file?.name ?? String(applicationFileId),
          newValue: null,
        },
      ],
    });
  });
