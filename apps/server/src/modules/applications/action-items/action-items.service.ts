import { historyActions, messages, type ActionItem, type FieldError } from '@credence/contracts';
import type { actionItemsSaveSchema } from '@credence/contracts';
import type { z } from 'zod';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { diffEntities } from '../../../platform/diff.ts';
import { validationError } from '../../../platform/errors.ts';
import { wakeJobQueue } from '../../../platform/jobs.ts';
import * as repo from './action-items.repository.ts';
import type { ApplicationContext } from '../application-context.ts';
import { FOLLOW_UP_QUEUE } from './follow-up-alerts.ts';
import { lenderDate } from '../../lender-calendar/lender-calendar.service.ts';

export type ActionItemsInput = z.output<typeof actionItemsSaveSchema>;

const loadView = async (tx: TenantTx, applicationId: number): Promise<ActionItem[]> =>
  (await repo.listActionItems(tx, applicationId)).map(({ item, createdByName, isDue }) => ({
    id: item.id,
    description: item.description,
    alertDate: item.alertDate,
    completionDate: item.completionDate?.toISOString() ?? null,
    completed: item.completed,
    createdByDate: item.createdAt.toISOString(),
    createdBy: item.createdByUserId === null ? null : { id: item.createdByUserId, name: createdByName ?? '' },
    actionItemType: item.actionItemType,
    isDailyDelivery: item.isDailyDelivery,
    isDue,
  }));

/** The Follow Up dialog's rows, in their order. */
export const getActionItems = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    return loadView(tx, applicationId);
  });

/**
 * Save: the list replaces the application's items in one transaction. A row with an id must be one of this
 * application's items; a removed row is deleted. See `annotateApplication` for why no lock is needed.
 *
 * Each open item's Follow-up Due notification is (re)scheduled with it (repository `alertSchedule`); a completed
 * or deleted item's is cancelled. An item due already wakes the job after the commit rather than at its next poll.
 */
export const saveActionItems = async (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: ActionItemsInput,
) => {
  const saved = await saveInTransaction(ctx, auth, applicationId, body);
  if (saved.some((item) => item.isDue)) wakeJobQueue(FOLLOW_UP_QUEUE);
  return saved;
};

const saveInTransaction = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, body: ActionItemsInput) =>
  ctx.annotate(auth, applicationId, async (tx, _application, history) => {
    const before = await loadView(tx, applicationId);
    const errors = body.items.flatMap((item, i): FieldError[] =>
      item.id !== null && (!before.some((b) => b.id === item.id) || body.items.findIndex((o) => o.id === item.id) !== i)
        ? [{ field: `items.${i}.id`, message: messages.followUp.itemNotFound }]
        : [],
    );
    if (errors.length > 0) throw validationError(errors);
    // A new item without an alert date is due on the lender's today (its follow-up job reads dates in that zone).
    const today = await lenderDate(tx);
    const values = body.items.map((item, sortOrder) => ({
      id: item.id,
      values: {
        description: item.description,
        alertDate: item.alertDate ?? before.find((b) => b.id === item.id)?.alertDate ?? today,
        completed: item.completed,
        isDailyDelivery: item.isDailyDelivery,
        actionItemType: item.actionItemType,
        sortOrder,
      },
    }));
    const kept = values.flatMap((v) => (v.id === null ? [] : [v.id]));
    await repo.deleteActionItemsExcept(tx, applicationId, kept);
    for (const v of values) if (v.id !== null) await repo.updateActionItem(tx, v.id, v.values);
    await repo.insertActionItems(
      tx,
      { lenderId: auth.lenderId, applicationId, userId: auth.userId },
      values.filter((v) => v.id === null).map((v) => v.values),
    );
    const after = await loadView(tx, applicationId);
    const changes = diffEntities('FollowUp', before, after, { ignore: ['createdByDate', 'createdBy', 'isDue'] });
    if (changes.length > 0) {
      await history({
        action: historyActions.followUpUpdated,
        description: `${after.length} follow-up item(s), ${after.filter((a) => !a.completed).length} open`,
        entity: 'FollowUp',
        changes,
      });
    }
    return after;
  });
