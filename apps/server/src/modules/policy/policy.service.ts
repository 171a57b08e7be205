import {
  adminMessages,
  type PolicyBundle,
  type PolicyObjectKind,
  type PolicyProblem,
  type PolicyVersion,
  upgradeCreditTierSet,
} from '@credence/contracts';
import { compilePolicy, validatePolicy, type CompiledPolicy } from '@credence/domain';
import type { TenantTx } from '../../db/tenancy.ts';
import { validationError } from '../../platform/errors.ts';
import * as repo from './policy.repository.ts';

/** Where a kind's objects sit in a bundle (and in the problems `validatePolicy` reports). */
const collectionOf: Partial<Record<PolicyObjectKind, keyof PolicyBundle>> = {
  matrix: 'matrices',
  creditTierSet: 'creditTierSets',
  loanTermSet: 'loanTermSets',
  loanPolicyWorkflow: 'workflows',
  autoApprovalWorkflow: 'workflows',
  decisionRetractionRuleSet: 'decisionRetractionRuleSets',
};

type Config = Record<string, unknown>;
type Entry = { objectId: number; kind: string; config: Config };

const emptyBundle = (): Required<PolicyBundle> => ({
  creditTierSets: [],
  matrices: [],
  loanTermSets: [],
  workflows: [],
  decisionRetractionRuleSets: [],
});

/** A bundle of stored configurations (each keyed by its object's id). */
export const bundleOf = (entries: Entry[]): Required<PolicyBundle> => {
  const bundle = emptyBundle();
  for (const { objectId, kind, config } of entries) {
    const collection = collectionOf[kind as PolicyObjectKind];
    if (!collection) continue;
    // A tier set stored before tiers had ranges per score model reads in today's shape.
    const current = kind === 'creditTierSet' ? (upgradeCreditTierSet(config) as Config) : config;
    (bundle[collection] as Config[]).push({ ...current, id: String(objectId) });
  }
  return bundle;
};

/**
 * The save-time check of one object (issue 12, item 2): the object in the lender's policy as it would be — with
 * every other object's newest configuration — refused with one message per problem it has (a cycle, a dangling
 * edge, an unknown matrix, overlapping or gapped ranges …).
 */
export const checkObject = async (tx: TenantTx, objectId: number, kind: PolicyObjectKind, config: Config) => {
  const collection = collectionOf[kind];
  if (!collection || collection === 'decisionRetractionRuleSets') return;
  const others = (await repo.listLatestConfigs(tx)).filter((e) => e.objectId !== objectId);
  const bundle = bundleOf([...others, { objectId, kind, config }]);
  const own = `${collection}[${objectId}]`;
  const problems = validatePolicy(bundle).filter((p) => p.path === own || p.path.startsWith(`${own}.`));
  if (problems.length > 0) throw policyProblems(problems, collection === 'workflows' ? own : null);
};

/**
 * Problems as a 422 on the configuration, one message each. A workflow's (`workflowPath`: its path in the bundle)
 * are on their path inside the configuration — `config.nodes[dti].onPass`, `config.startNodeId` — so the editor
 * marks the nodes by id; a problem of several nodes (a cycle) is on each of them, with the same message.
 */
export const policyProblems = (problems: readonly PolicyProblem[], workflowPath: string | null = null) =>
  validationError(
    problems.flatMap((p) => {
      if (workflowPath === null) return [{ field: 'config', message: p.message }];
      if (p.nodeIds && p.nodeIds.length > 0)
        return p.nodeIds.map((id) => ({ field: `config.nodes[${id}]`, message: p.message }));
      return [{ field: `config${p.path.slice(workflowPath.length)}`, message: p.message }];
    }),
  );

/** A row's version facts: the version in effect, a draft, a scheduled one. */
export const versionInfo = async (tx: TenantTx, objectId: number, now = new Date()) => {
  const versions = (await repo.listVersions(tx, objectId)).map((v) => v.version);
  const published = versions.filter((v) => v.status === 'published');
  const current = inForce(published, now);
  const scheduled = published.filter((v) => v.effectiveAt! > now).at(-1);
  const draft = versions.find((v) => v.status === 'draft');
  const latest = draft ?? current ?? scheduled ?? versions[0];
  return {
    config: (latest?.config ?? {}) as Config,
    version: current?.version ?? null,
    effectiveAt: current?.effectiveAt?.toISOString() ?? null,
    draftVersion: draft?.version ?? null,
    scheduledVersion: scheduled?.version ?? null,
    scheduledAt: scheduled?.effectiveAt?.toISOString() ?? null,
    updatedAt: (latest?.updatedAt ?? new Date(0)).toISOString(),
  };
};

/** An object as the API answers it: its row, and the configuration and versions of `versionInfo`. */
export const policyObjectRow = async (tx: TenantTx, o: repo.PolicyObjectRow) => {
  const info = await versionInfo(tx, o.id);
  return {
    id: o.id,
    name: o.name,
    kind: o.kind,
    matrixType: o.matrixType,
    enabled: o.enabled,
    loanProductIds: o.loanProductIds,
    ...info,
    config: o.kind === 'creditTierSet' ? (upgradeCreditTierSet(info.config) as Config) : info.config,
  };
};

export const listVersionHistory = async (
  tx: TenantTx,
  objectId: number,
  now = new Date(),
): Promise<PolicyVersion[]> => {
  const rows = await repo.listVersions(tx, objectId);
  const current = inForce(
    rows.map((r) => r.version),
    now,
  )?.id;
  return rows.map(({ version: v, publishedBy }) => ({
    version: v.version,
    status: v.status as PolicyVersion['status'],
    effectiveAt: v.effectiveAt?.toISOString() ?? null,
    publishedAt: v.publishedAt?.toISOString() ?? null,
    publishedBy,
    createdAt: v.createdAt.toISOString(),
    current: v.id === current,
  }));
};

export const noDraft = () => validationError([{ field: 'effectiveAt', message: adminMessages.policy.noDraft }]);

/** How far in the past an effective time may be (a form sent a moment after it was filled in). */
const EFFECTIVE_SLACK_MS = 5 * 60_000;

/**
 * The effective time of a publish (issue 29, item 8): now when none is given; a time in the past is refused (a
 * version back-dated to 1900 would have been in force before the versions it follows).
 */
export const effectiveTimeOf = (text: string | null | undefined, now = new Date()): Date => {
  if (!text) return now;
  const at = new Date(text);
  if (at.getTime() < now.getTime() - EFFECTIVE_SLACK_MS)
    throw validationError([{ field: 'effectiveAt', message: adminMessages.policy.effectiveFromPast }]);
  return at;
};

type VersionFacts = { status: string; effectiveAt: Date | null; version: number };

/**
 * The version in force at `now`, by the engine's rule (repo.listInEffect): of the published versions whose time
 * has come, the latest effective time, then the highest version. The screens use it too, so both name the same one.
 */
const inForce = <V extends VersionFacts>(versions: readonly V[], now: Date): V | undefined =>
  versions
    .filter((v) => v.status === 'published' && v.effectiveAt! <= now)
    .sort((a, b) => b.effectiveAt!.getTime() - a.effectiveAt!.getTime() || b.version - a.version)[0];

/* ----------------------------------------------------------------------------------- compiled policy cache */

/**
 * Compiled workflows by the exact versions they were built from (lender, workflow, every version in the
 * bundle, each by id and creation time — ids alone repeat across databases cloned from one template, as the
 * integration tests' are): a publish changes the key, so the next run compiles the new policy — no restart, no
 * invalidation.
 */
const cache = new Map<string, CompiledPolicy>();
const CACHE_LIMIT = 256;

const remember = (key: string, compiled: CompiledPolicy) => {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
};

/** An object's configuration used instead of its version in effect (a draft under test, a replay). */
export type PolicyOverride = { objectId: number; kind: string; versionId: number; config: Config };

export type PolicyInEffect = {
  /** The versions the bundle holds (a stored run names its workflow's). */
  inEffect: repo.InEffect[];
  /** Compiles a workflow of it (cached). */
  compile: (workflowObjectId: number) => Promise<CompiledPolicy>;
};

/**
 * The lender's policy in effect (`at`, now by default), with `overrides` replacing objects' configurations (a
 * draft under test, a replay): compiled per workflow once per set of versions.
 */
export const policyInEffect = async (
  tx: TenantTx,
  lenderId: number,
  options: { at?: Date; overrides?: PolicyOverride[] } = {},
): Promise<PolicyInEffect> => {
  const overrides = options.overrides ?? [];
  const inEffect = (await repo.listInEffect(tx, options.at)).filter(
    (e) => !overrides.some((o) => o.objectId === e.objectId),
  );
  const shared = inEffect.filter((e) => e.kind !== 'loanPolicyWorkflow' && e.kind !== 'autoApprovalWorkflow');
  let configs: Entry[] | null = null;
  const load = async () => {
    if (!configs) {
      const stored = await repo.loadConfigs(
        tx,
        shared.map((e) => e.versionId),
      );
      const byVersion = new Map(stored.map((s) => [s.versionId, s.config as Config]));
      configs = shared.map((e) => ({ objectId: e.objectId, kind: e.kind, config: byVersion.get(e.versionId)! }));
    }
    return configs;
  };
  return {
    inEffect: [...inEffect, ...overrides.map((o) => ({ ...o, version: 0, name: '' }))],
    compile: async (workflowObjectId) => {
      const override = overrides.find((o) => o.objectId === workflowObjectId);
      const workflowInEffect = inEffect.find((e) => e.objectId === workflowObjectId);
      const workflowVersion = override?.versionId ?? workflowInEffect?.versionId;
      if (workflowVersion === undefined) throw new Error(`workflow ${workflowObjectId} has no version in effect`);
      const sharedOverrides = overrides.filter((o) => o.objectId !== workflowObjectId);
      const versionKey = (e: repo.InEffectVersion) => `${e.versionId}@${e.createdAt.getTime()}`;
      const key = [lenderId, workflowObjectId, ...[workflowInEffect, ...shared].filter((e) => !!e).map(versionKey)];
      const hit = cache.get(key.join(':'));
      if (hit && overrides.length === 0) return hit;
      const workflowConfig =
        override?.config ?? ((await repo.loadConfigs(tx, [workflowVersion]))[0]?.config as Config | undefined) ?? {};
      const bundle = bundleOf([
        ...(await load()),
        ...sharedOverrides,
        { objectId: workflowObjectId, kind: 'loanPolicyWorkflow', config: workflowConfig },
      ]);
      const compiled = compilePolicy(bundle, String(workflowObjectId));
      if (overrides.length === 0) remember(key.join(':'), compiled);
      return compiled;
    },
  };
};
