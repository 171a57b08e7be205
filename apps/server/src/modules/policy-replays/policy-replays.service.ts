import {
  adminMessages,
  matrixColumns,
  REPLAY_MAX_DAYS,
  type CreditTierSet,
  type LoanTermSet,
  type Matrix,
  type MatrixCell,
  type PolicyReplay,
  type PolicyReplaySummary,
  type ReplayableDraft,
  type Right,
  type StartReplayBody,
  type Workflow,
  upgradeCreditTierSet,
} from '@credence/contracts';
import { createReplayReport, PolicyCompileError, type CompiledPolicy, type ReplayWorkflowKind } from '@credence/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { policyObjects } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { wakeJobQueue, type JobsLog } from '../../platform/jobs.ts';
import { loadPolicyFactsBatch } from '../applications/policy-facts/policy-facts.service.ts';
import * as policyRepo from '../policy/policy.repository.ts';
import { policyInEffect } from '../policy/policy.service.ts';
import * as repo from './policy-replays.repository.ts';

/** The pg-boss queue the replays run on (platform/jobs.ts works it). */
export const REPLAY_QUEUE = 'policy-replay';
/** Applications read and run per transaction (and per progress update). */
export const REPLAY_BATCH = 500;

/** The configuration right of each kind a replay can run; canManageDecisionEngine may replay any. */
const kindRights: Record<string, Right> = {
  matrix: 'canManageMatrices',
  creditTierSet: 'canManageCreditTierSets',
  loanTermSet: 'canManageLoanTermSets',
  loanPolicyWorkflow: 'canManageLoanPolicyWorkflows',
  autoApprovalWorkflow: 'canManageDecisionEngine',
};
const isWorkflowKind = (kind: string) => kind === 'loanPolicyWorkflow' || kind === 'autoApprovalWorkflow';

const mayReplay = (auth: AuthContext, kind: string) =>
  auth.rights.has('canManageDecisionEngine') || (kindRights[kind] !== undefined && auth.rights.has(kindRights[kind]));

/* --------------------------------------------------------------------------------------------- the API */

type Found = NonNullable<Awaited<ReturnType<typeof repo.findReplay>>>;
type Listed = Awaited<ReturnType<typeof repo.listReplays>>[number];

const summaryOf = (row: Listed | Found): PolicyReplaySummary => ({
  id: row.replay.id,
  policyObjectId: row.replay.policyObjectId,
  policyObjectName: row.objectName,
  policyObjectKind: row.objectKind,
  draftVersion: row.draftVersion,
  publishedVersion: row.publishedVersion,
  from: row.replay.fromDate,
  to: row.replay.toDate,
  status: row.replay.status as PolicyReplay['status'],
  processed: row.replay.processed,
  total: row.replay.total,
  error: row.replay.error,
  createdAt: row.replay.createdAt.toISOString(),
  createdBy: row.createdBy,
  finishedAt: row.replay.finishedAt?.toISOString() ?? null,
});

const toReplay = (row: Found): PolicyReplay => ({
  ...summaryOf(row),
  report: (row.replay.report as PolicyReplay['report']) ?? null,
});

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * Queues a replay of the object's draft over the period: refused with a message when the period is backwards or
 * too long, the object has no draft or is of a kind that cannot be replayed; another lender's object is a 404.
 */
export const startReplay = async (db: Db, auth: AuthContext, body: StartReplayBody): Promise<PolicyReplay> => {
  const replay = await withTenant(db, auth.lenderId, async (tx) => {
    const object = await policyRepo.findObject(tx, body.policyObjectId);
    if (!object) throw notFound();
    if (!(object.kind in kindRights)) throw fieldError('policyObjectId', adminMessages.policyReplay.notReplayable);
    if (!mayReplay(auth, object.kind)) throw forbidden();
    if (body.from > body.to) throw fieldError('to', adminMessages.policyReplay.periodOrder);
    if (daysBetween(body.from, body.to) > REPLAY_MAX_DAYS)
      throw fieldError('from', adminMessages.policyReplay.periodTooLong);
    const draft = await policyRepo.findDraft(tx, object.id);
    if (!draft) throw fieldError('policyObjectId', adminMessages.policyReplay.noDraft);
    const published = (await policyRepo.listInEffect(tx)).find((e) => e.objectId === object.id);
    const id = await repo.insertReplay(tx, {
      lenderId: auth.lenderId,
      policyObjectId: object.id,
      draftVersionId: draft.id,
      publishedVersionId: published?.versionId ?? null,
      fromDate: body.from,
      toDate: body.to,
      createdByUserId: auth.userId,
    });
    return toReplay((await repo.findReplay(tx, id))!);
  });
  wakeJobQueue(REPLAY_QUEUE);
  return replay;
};

export const getReplay = (db: Db, auth: AuthContext, id: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const row = await repo.findReplay(tx, id);
    if (!row) throw notFound();
    if (!mayReplay(auth, row.objectKind)) throw forbidden();
    return toReplay(row);
  });

export const listReplays = (db: Db, auth: AuthContext, policyObjectId: number | undefined) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const rows = (await repo.listReplays(tx, policyObjectId)).filter((r) => mayReplay(auth, r.objectKind));
    return rows.map(summaryOf);
  });

export const listDrafts = (db: Db, auth: AuthContext) =>
  withTenant(db, auth.lenderId, async (tx): Promise<ReplayableDraft[]> =>
    (await repo.listDrafts(tx))
      .filter((d) => d.kind in kindRights && mayReplay(auth, d.kind))
      .map((d) => ({ ...d, draftUpdatedAt: d.draftUpdatedAt.toISOString() })),
  );

/* --------------------------------------------------------------------------------------------- the job */

type Config = Record<string, unknown>;
type NodeRef = { matrixId?: string; creditTierSetId?: string; loanTermSetId?: string };

/** Whether a workflow's nodes name the object (a matrix, tier set or term set). */
const references = (workflow: Config, objectId: number) =>
  ((workflow.nodes as NodeRef[] | undefined) ?? []).some((n) =>
    [n.matrixId, n.creditTierSetId, n.loanTermSetId].includes(String(objectId)),
  );

const cellText = (cell: MatrixCell) =>
  cell.kind === 'value'
    ? cell.values.length === 0
      ? 'any'
      : cell.values.join(', ')
    : cell.min == null && cell.max == null
      ? 'any'
      : cell.min == null
        ? `up to ${cell.max}`
        : cell.max == null
          ? `${cell.min} and up`
          : `${cell.min}–${cell.max}`;

/** How the report names each row of the draft object (a matrix row, a tier, a term-set row). */
const rowLabels = (kind: string, config: Config): string[] => {
  if (kind === 'matrix') {
    const matrix = config as unknown as Matrix;
    return matrix.rows.map((row) =>
      row.cells
        .map((cell, i) => `${matrixColumns[matrix.axes[i]!.key]?.label ?? matrix.axes[i]!.key} ${cellText(cell)}`)
        .join(' · '),
    );
  }
  if (kind === 'creditTierSet')
    return (upgradeCreditTierSet(config) as CreditTierSet).tiers.map(
      (t) =>
        `${t.name} (${Object.entries(t.ranges)
          .map(([model, r]) => `${model} ${r.minScore}–${r.maxScore}`)
          .join(' · ')})`,
    );
  if (kind === 'loanTermSet')
    return (config as unknown as LoanTermSet).rows.map(
      (r) => `Age ${cellText(r.collateralAge)} · Amount ${cellText(r.amount)} · ${r.terms.join('/')} months`,
    );
  return [];
};

/**
 * Runs one replay to its end: both policies compiled once per workflow, the period's applications read and run
 * in batches (each batch a transaction that also moves the progress), the report stored.
 */
export const runReplay = async (db: Db, replayId: number, lenderId: number) => {
  const setup = await withTenant(db, lenderId, async (tx) => {
    const row = await repo.findReplay(tx, replayId);
    if (!row) throw new Error(`replay ${replayId} is gone`);
    const { replay } = row;
    const object = (await policyRepo.findObject(tx, replay.policyObjectId))!;
    const draftVersion = (await policyRepo.findVersion(tx, replay.draftVersionId))!;
    const draftConfig = draftVersion.config;
    const published = await policyInEffect(tx, lenderId);
    const drafted = await policyInEffect(tx, lenderId, {
      overrides: [{ objectId: object.id, kind: object.kind, versionId: draftVersion.id, config: draftConfig }],
    });

    // The workflows in effect with their configurations: which kind the draft bears on, and each one's nodes.
    const workflowsInEffect = published.inEffect.filter((e) => isWorkflowKind(e.kind));
    const configs = new Map(
      (
        await policyRepo.loadConfigs(
          tx,
          workflowsInEffect.map((e) => e.versionId),
        )
      ).map((c) => [c.versionId, c.config]),
    );
    const workflowConfig = (objectId: number) => {
      const e = workflowsInEffect.find((w) => w.objectId === objectId);
      return e ? configs.get(e.versionId) : undefined;
    };
    let workflowKind: ReplayWorkflowKind;
    if (object.kind === 'loanPolicyWorkflow') workflowKind = 'loanPolicy';
    else if (object.kind === 'autoApprovalWorkflow') workflowKind = 'autoApproval';
    else {
      const users = workflowsInEffect.filter((e) => references(configs.get(e.versionId) ?? {}, object.id));
      workflowKind =
        users.length > 0 && users.every((e) => e.kind === 'loanPolicyWorkflow') ? 'loanPolicy' : 'autoApproval';
    }
    const kind = workflowKind === 'loanPolicy' ? 'loanPolicyWorkflow' : 'autoApprovalWorkflow';

    // Each product's workflow: the draft workflow for its products, else the enabled one in effect (as a run).
    const candidates = await tx
      .select()
      .from(policyObjects)
      .where(and(eq(policyObjects.kind, kind), eq(policyObjects.enabled, true)));
    candidates.sort((a, b) => a.id - b.id);
    const inEffect = new Set(published.inEffect.map((e) => e.objectId));
    const workflowFor = (productId: number): { published: number | null; draft: number | null } => {
      if (isWorkflowKind(object.kind)) {
        if (!object.loanProductIds.includes(productId)) return { published: null, draft: null };
        return { published: inEffect.has(object.id) && object.enabled ? object.id : null, draft: object.id };
      }
      const id = candidates.find((c) => c.loanProductIds.includes(productId) && inEffect.has(c.id))?.id ?? null;
      return { published: id, draft: id };
    };

    const timeZone = await repo.lenderTimeZone(tx, lenderId);
    const all = await repo.listApplicationsOfPeriod(tx, replay.fromDate, replay.toDate, timeZone);
    const routes = new Map<number, { published: number | null; draft: number | null }>();
    for (const a of all) if (!routes.has(a.productId)) routes.set(a.productId, workflowFor(a.productId));
    // For a workflow draft: only the applications of its products.
    const cases = isWorkflowKind(object.kind) ? all.filter((a) => routes.get(a.productId)!.draft !== null) : all;

    const compiledPublished = new Map<number, CompiledPolicy>();
    const compiledDraft = new Map<number, CompiledPolicy>();
    for (const route of routes.values()) {
      if (route.published !== null && !compiledPublished.has(route.published))
        compiledPublished.set(route.published, await published.compile(route.published));
      if (route.draft !== null && !compiledDraft.has(route.draft))
        compiledDraft.set(route.draft, await drafted.compile(route.draft));
    }
    const draftWorkflows = [...compiledDraft.keys()].map((id) => {
      const config = (id === object.id ? draftConfig : workflowConfig(id)) as unknown as Workflow | undefined;
      return {
        id: String(id),
        name: config?.name ?? '',
        nodes: (config?.nodes ?? []).map((n) => ({ id: n.id, name: n.name, type: n.type })),
      };
    });
    await repo.updateReplay(tx, replayId, { total: cases.length, processed: 0 });
    return {
      cases,
      routes,
      compiledPublished,
      compiledDraft,
      builder: createReplayReport({
        workflowKind,
        workflows: draftWorkflows,
        rows: isWorkflowKind(object.kind)
          ? undefined
          : { objectId: String(object.id), labels: rowLabels(object.kind, draftConfig) },
      }),
    };
  });

  const { cases, routes, compiledPublished, compiledDraft, builder } = setup;
  for (let start = 0; start < cases.length; start += REPLAY_BATCH) {
    const batch = cases.slice(start, start + REPLAY_BATCH);
    await withTenant(db, lenderId, async (tx) => {
      const facts = await loadPolicyFactsBatch(
        tx,
        batch.map((a) => a.id),
        { stage: 'Decision' },
      );
      for (const a of batch) {
        const f = facts.get(a.id);
        if (!f) continue;
        const route = routes.get(a.productId)!;
        builder.add({
          applicationId: a.id,
          productId: a.productId,
          productName: a.productName,
          dealerId: a.dealerId,
          dealerName: a.dealerName,
          published: route.published === null ? null : compiledPublished.get(route.published)!.evaluate(f),
          draft: route.draft === null ? null : compiledDraft.get(route.draft)!.evaluate(f),
        });
      }
      await repo.updateReplay(tx, replayId, { processed: start + batch.length });
    });
  }
  await withTenant(db, lenderId, (tx) =>
    repo.updateReplay(tx, replayId, {
      status: 'done',
      processed: cases.length,
      report: builder.report() as unknown as Record<string, unknown>,
      finishedAt: new Date(),
    }),
  );
};

/** A replay's failure as the page shows it: a policy that does not compile says why. */
const describeFailure = (error: unknown) =>
  error instanceof PolicyCompileError
    ? `${adminMessages.policyReplay.failed} ${error.problems.map((p) => p.message).join(' ')}`
    : adminMessages.policyReplay.failed;

/** The queue's work: every replay waiting for a worker, oldest first, one at a time. */
export const runQueuedReplays = async (db: Db, log?: JobsLog) => {
  let ran = 0;
  for (;;) {
    const found = await repo.withWaitingReplay(db, async (held) => {
      try {
        await runReplay(db, held.id, held.lenderId);
        log?.info({ replayId: held.id }, 'policy replay done');
      } catch (error) {
        log?.warn(
          { replayId: held.id, error: error instanceof Error ? error.message : String(error) },
          'policy replay failed',
        );
        await repo.failReplay(db, held.id, describeFailure(error));
      }
    });
    if (!found) return ran;
    ran += 1;
  }
};

export const replayQueue = {
  name: REPLAY_QUEUE,
  due: repo.hasQueuedReplay,
  work: async (db: Db, log: JobsLog) => {
    await runQueuedReplays(db, log);
  },
  expireInSeconds: 60 * 60,
};
