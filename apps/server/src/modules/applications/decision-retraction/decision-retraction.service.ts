import { eq, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { HistoryWriter } from '../application-context.ts';

/** The states a decision retraction applies to (spec 3 §4: "an approved or counteroffer decision"). */
export const retractableStates = ['approved', 'counteroffer'] as const;
export const hasRetractableDecision = (state: string) => (retractableStates as readonly string[]).includes(state);

/**
 * The one way a decision is retracted (spec 3 §4), shared by the credit worksheet (a changed credit report) and
 * the decision worksheet: an approved or counteroffer application goes back to `reviewed` (the Decision queue),
 * with a history row and an audit row, in the caller's transaction. Answers whether it retracted; any other
 * state is left alone. The decision issue adds the decision receipt's retraction entry here.
 */
export const retractDecision = async (
  tx: TenantTx,
  auth: AuthContext,
  application: { id: number; state: string },
  history: HistoryWriter,
  reason: string,
): Promise<boolean> => {
  if (!hasRetractableDecision(application.state)) return false;
  await tx
    .update(applications)
    .set({ state: 'reviewed', updatedAt: sql`now()` })
    .where(eq(applications.id, application.id));
  await history({
    action: 'Decision Retracted',
    description: `Decision retracted: ${reason}`,
    entity: 'Decision',
    changes: [
      {
        entity: 'Application',
        entityId: application.id,
        property: 'state',
        oldValue: application.state,
        newValue: 'reviewed',
      },
    ],
  });
  await recordAudit(tx, auth, {
    area: 'applications',
    action: 'retractDecision',
    recordId: application.id,
    details: {
      label: `Application ${application.id}`,
      reason,
      changes: { state: { old: application.state, new: 'reviewed' } },
    },
  });
  return true;
};
