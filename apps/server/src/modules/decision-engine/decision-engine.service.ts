import {
  adminMessages,
  dealerRateTexts,
  decisionEngineConfigSchema,
  defaultDecisionEngineConfig,
  type CreditTierSet,
  type DecisionEngineConfig,
  type DecisionEngineSettings,
  type FieldError,
  upgradeCreditTierSet,
} from '@credence/contracts';
import type { TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import { validationError } from '../../platform/errors.ts';
import { findLoanProduct } from '../loan-products/loan-products.repository.ts';
import * as policyRepo from '../policy/policy.repository.ts';
import * as repo from './decision-engine.repository.ts';

/** The settings as stored, over the defaults (a field added later reads its default until saved). */
const parse = (config: Record<string, unknown> | undefined): DecisionEngineConfig => {
  const parsed = decisionEngineConfigSchema.safeParse({ ...defaultDecisionEngineConfig, ...config });
  return parsed.success ? parsed.data : defaultDecisionEngineConfig;
};

/** The lender's settings: its newest saved version, or the defaults (version null) when never saved. */
export const readSettings = async (tx: TenantTx): Promise<DecisionEngineSettings> => {
  const object = await repo.findConfigObject(tx);
  const saved = object
    ? (await policyRepo.listVersions(tx, object.id)).find((v) => v.version.status === 'published')
    : undefined;
  if (!saved) return { ...defaultDecisionEngineConfig, version: null, updatedAt: null, updatedBy: null };
  return {
    ...parse(saved.version.config),
    version: saved.version.version,
    updatedAt: (saved.version.publishedAt ?? saved.version.updatedAt).toISOString(),
    updatedBy: saved.publishedBy,
  };
};

/** Every reference names one of the lender's own objects (row-level security hides another lender's: unknown). */
const checkReferences = async (tx: TenantTx, config: DecisionEngineConfig) => {
  const errors: FieldError[] = [];
  if (config.defaultCreditTierSetId !== null) {
    const set = await repo.findPolicyObjectOfKind(tx, config.defaultCreditTierSetId, 'creditTierSet');
    if (!set) errors.push({ field: 'defaultCreditTierSetId', message: adminMessages.decisionEngine.tierSetUnknown });
    else if (config.scoreModel !== null) {
      const [latest] = await policyRepo.listVersions(tx, set.id);
      const models = latest ? (upgradeCreditTierSet(latest.version.config) as CreditTierSet).scoreModels : undefined;
      if (models && !models.includes(config.scoreModel))
        errors.push({
          field: 'scoreModel',
          message: adminMessages.decisionEngine.scoreModelMismatch(set.name, models.join(' or ')),
        });
    }
  }
  if (config.decisionRetractionRuleSetId !== null) {
    const set = await repo.findPolicyObjectOfKind(tx, config.decisionRetractionRuleSetId, 'decisionRetractionRuleSet');
    if (!set?.enabled)
      errors.push({ field: 'decisionRetractionRuleSetId', message: adminMessages.decisionEngine.ruleSetUnknown });
  }
  if (config.manualReviewUserGroupId !== null && !(await repo.findEnabledUserGroup(tx, config.manualReviewUserGroupId)))
    errors.push({ field: 'manualReviewUserGroupId', message: adminMessages.decisionEngine.userGroupUnknown });
  for (const list of ['dealerRates', 'disclosureTerms'] as const)
    for (const [i, row] of config[list].entries())
      if (!(await findLoanProduct(tx, row.loanProductId)))
        errors.push({ field: `${list}.${i}.loanProductId`, message: dealerRateTexts.productUnknown });
  if (errors.length > 0) throw validationError(errors);
};

/**
 * Saves the settings as a new published version of the lender's settings object (in effect at once), audited
 * with the fields that changed, in one transaction.
 */
export const saveSettings = async (tx: TenantTx, auth: AuthContext, config: DecisionEngineConfig) => {
  await checkReferences(tx, config);
  const object = await repo.findOrCreateConfigObject(tx, auth.lenderId);
  const before = await readSettings(tx);
  await policyRepo.saveDraft(tx, object, config, auth.userId);
  await policyRepo.publishDraft(tx, object.id, new Date(), auth.userId);
  const after = await readSettings(tx);
  const strip = ({ version: _v, updatedAt: _u, updatedBy: _b, ...rest }: DecisionEngineSettings) => rest;
  await recordAudit(tx, auth, {
    area: 'decisionEngine',
    action: before.version === null ? 'create' : 'update',
    recordId: object.id,
    details: {
      label: repo.CONFIG_NAME,
      version: after.version,
      changes: changedFields(before.version === null ? null : strip(before), strip(after)),
    },
  });
  return after;
};

/**
 * What retracts an approval for the lender now (for the decision worksheet and the application's saves): the
 * fields of the rule set chosen in the settings when it is enabled and published, else of every enabled,
 * published decision-retraction rule set; and whether the auto-approval workflow then runs again.
 */
export const retractionPolicy = async (
  tx: TenantTx,
): Promise<{ ruleSetIds: number[]; fields: string[]; rerun: boolean }> => {
  const settings = await readSettings(tx);
  const inEffect = (await policyRepo.listInEffect(tx)).filter((e) => e.kind === 'decisionRetractionRuleSet');
  const chosen = inEffect.filter((e) => e.objectId === settings.decisionRetractionRuleSetId);
  const sets = chosen.length > 0 ? chosen : inEffect;
  const configs = await policyRepo.loadConfigs(
    tx,
    sets.map((e) => e.versionId),
  );
  const fields = new Set(configs.flatMap((c) => (c.config as { fields?: string[] }).fields ?? []));
  return {
    ruleSetIds: sets.map((e) => e.objectId),
    fields: [...fields].sort(),
    rerun: settings.autoDecisionEnabled && settings.rerunOnApplicationChange,
  };
};
