import type { Matrix, Workflow } from '@credence/contracts';
import { demoPolicyBundle, demoWorkflowIds } from '@credence/domain';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { lenders, loanProducts, policyObjects, policyVersions } from '../schema/index.ts';

type Config = Record<string, unknown>;

/**
 * The demo credit policy (issue 12, item 6; packages/domain demo-policy.ts) for every lender, published a month
 * ago: tiers A+ to E, the auto and personal matrices and term sets, the auto-approval workflows bound to the
 * lender's auto, boat and RV, and personal products, and the auto loan policy check. The bundle's own ids become
 * the stored objects' ids.
 */
export const seedPolicyDemo = async (tx: DbExecutor) => {
  const effectiveAt = new Date(Date.now() - 30 * 86_400_000);
  for (const lender of await tx.select().from(lenders)) {
    const products = (await tx.select().from(loanProducts).where(eq(loanProducts.lenderId, lender.id))).filter(
      (p) => p.enabled && !p.isBusinessLoan,
    );
    const productsOf = (...controlTypes: string[]) =>
      products.filter((p) => controlTypes.includes(p.controlType)).map((p) => p.id);
    const workflowProducts: Record<string, number[]> = {
      [demoWorkflowIds.autoApprovalAuto]: productsOf('AUTOMOTIVE'),
      [demoWorkflowIds.autoApprovalBoatRv]: productsOf('BOAT', 'RV'),
      [demoWorkflowIds.autoApprovalPersonal]: productsOf('PERSONAL'),
      [demoWorkflowIds.loanPolicyAuto]: productsOf('AUTOMOTIVE'),
    };
    const ids = new Map<string, string>();
    const store = async (
      kind: string,
      config: Config & { id: string; name: string },
      extra: Partial<typeof policyObjects.$inferInsert> = {},
    ) => {
      const [object] = await tx
        .insert(policyObjects)
        .values({ lenderId: lender.id, kind, name: config.name, ...extra })
        .returning();
      ids.set(config.id, String(object!.id));
      return object!;
    };
    const publish = (objectId: number, config: Config) =>
      tx.insert(policyVersions).values({
        lenderId: lender.id,
        policyObjectId: objectId,
        version: 1,
        status: 'published',
        config: { ...config, id: String(objectId) },
        effectiveAt,
        publishedAt: effectiveAt,
      });
    const ref = (id: string | null | undefined) => (id ? ids.get(id)! : id);

    for (const set of demoPolicyBundle.creditTierSets) await publish((await store('creditTierSet', set)).id, set);
    for (const set of demoPolicyBundle.loanTermSets) await publish((await store('loanTermSet', set)).id, set);
    for (const matrix of demoPolicyBundle.matrices) {
      const object = await store('matrix', matrix, { matrixType: matrix.matrixType });
      await publish(object.id, { ...matrix, creditTierSetId: ref(matrix.creditTierSetId) ?? null } as Matrix);
    }
    for (const set of demoPolicyBundle.decisionRetractionRuleSets ?? [])
      await publish((await store('decisionRetractionRuleSet', set)).id, set);
    for (const workflow of demoPolicyBundle.workflows) {
      const loanProductIds = workflowProducts[workflow.id] ?? [];
      const kind = workflow.kind === 'loanPolicy' ? 'loanPolicyWorkflow' : 'autoApprovalWorkflow';
      const object = await store(kind, workflow, { loanProductIds });
      const nodes = workflow.nodes.map((node) => {
        const n = { ...node } as Record<string, unknown>;
        for (const key of ['matrixId', 'creditTierSetId', 'loanTermSetId'])
          if (typeof n[key] === 'string') n[key] = ref(n[key] as string);
        return n;
      });
      await publish(object.id, { ...workflow, loanProductIds, nodes } as unknown as Workflow);
    }
  }
};
