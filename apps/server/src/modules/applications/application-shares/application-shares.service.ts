import {
  historyActions,
  messages,
  type FieldError,
  type HistoryChange,
  type ShareEntry,
  type SharedWithMeEntry,
  type ShareTargets,
} from '@credence/contracts';
import type { sharesSaveSchema } from '@credence/contracts';
import type { z } from 'zod';
import { withTenant } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { validationError } from '../../../platform/errors.ts';
import { eventOf, followerIds, notify } from '../../notifications/notify.service.ts';
import * as repo from './application-shares.repository.ts';
import type { ApplicationContext } from '../application-context.ts';

export type SharesInput = z.output<typeof sharesSaveSchema>;

const toEntry = (s: { id: number; userId: number | null; userGroupId: number | null }): ShareEntry => ({
  id: s.id,
  userId: s.userId,
  userGroupId: s.userGroupId,
});
const keyOf = (s: { userId: number | null; userGroupId: number | null }) =>
  s.userId !== null ? `u${s.userId}` : `g${s.userGroupId}`;

export const getShares = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    return (await repo.listShares(tx, applicationId)).map(toEntry);
  });

/** The multi-select's choices: the lender's enabled users and enabled user groups. */
export const getShareTargets = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
): Promise<ShareTargets> =>
  ctx.open(auth, applicationId, async (tx) => {
    return { users: await repo.listLenderUsers(tx), userGroups: await repo.listEnabledGroups(tx) };
  });

/**
 * Save: the list replaces the application's shares; an entry already shared keeps its id. Every user must
 * work for this lender and every group be one of its enabled groups (422 otherwise, nothing written). See
 * `annotateApplication` for why no lock is needed.
 */
export const saveShares = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, body: SharesInput) =>
  ctx.annotate(auth, applicationId, async (tx, _application, history) => {
    const userIds = [...new Set(body.shares.flatMap((s) => (s.userId === null ? [] : [s.userId])))];
    const groupIds = [...new Set(body.shares.flatMap((s) => (s.userGroupId === null ? [] : [s.userGroupId])))];
    const foundUsers = userIds.length > 0 ? await repo.listLenderUsers(tx, userIds) : [];
    const foundGroups = groupIds.length > 0 ? await repo.listEnabledGroups(tx, groupIds) : [];
    const errors = body.shares.flatMap((s, i): FieldError[] => {
      if (s.userId !== null && !foundUsers.some((u) => u.id === s.userId)) {
        return [{ field: `shares.${i}.userId`, message: messages.shares.userNotFound }];
      }
      if (s.userGroupId !== null && !foundGroups.some((g) => g.id === s.userGroupId)) {
        return [{ field: `shares.${i}.userGroupId`, message: messages.shares.groupNotFound }];
      }
      return [];
    });
    if (errors.length > 0) throw validationError(errors);
    const before = await repo.listShares(tx, applicationId);
    const followersBefore = new Set(await followerIds(tx, applicationId));
    const wanted = new Map(body.shares.map((s) => [keyOf(s), { userId: s.userId, userGroupId: s.userGroupId }]));
    const removed = before.filter((b) => !wanted.has(keyOf(b)));
    const added = [...wanted.entries()].filter(([key]) => !before.some((b) => keyOf(b) === key)).map(([, s]) => s);
    await repo.deleteShares(
      tx,
      removed.map((r) => r.id),
    );
    await repo.insertShares(tx, { lenderId: auth.lenderId, applicationId, userId: auth.userId }, added);
    // My Queue Application (125): the application is now in the Shared With Me queue of the users it newly
    // reaches (directly or through a group), not of its owner or those it was shared with already.
    const reached = (await followerIds(tx, applicationId)).filter((id) => !followersBefore.has(id));
    if (reached.length > 0) {
      await notify(tx, {
        ...eventOf(auth, applicationId),
        type: 'MyQueueApplicationCreated',
        audience: { kind: 'users', userIds: reached },
      });
    }
    const nameOf = (s: { userId: number | null; userGroupId: number | null }) =>
      s.userId !== null
        ? `User ${foundUsers.find((u) => u.id === s.userId)?.name ?? s.userId}`
        : `Group ${foundGroups.find((g) => g.id === s.userGroupId)?.name ?? s.userGroupId}`;
    const changes: HistoryChange[] = [
      ...removed.map((r) => ({
        entity: 'Share',
        entityId: r.id,
        property: 'sharedWith',
        oldValue: r.userId !== null ? `User ${r.userName ?? r.userId}` : `Group ${r.groupName ?? r.userGroupId}`,
        newValue: null,
      })),
      ...added.map((a) => ({
        entity: 'Share',
        entityId: null,
        property: 'sharedWith',
        oldValue: null,
        newValue: nameOf(a),
      })),
    ];
    if (changes.length > 0) {
      await history({
        action: historyActions.sharesUpdated,
        description: `Shared with ${wanted.size} user(s) or group(s)`,
        entity: 'Share',
        changes,
      });
    }
    return (await repo.listShares(tx, applicationId)).map(toEntry);
  });

/** Shared With Me: one row per application, a direct share before a group share. */
export const getSharedWithMe = (ctx: ApplicationContext, auth: AuthContext): Promise<SharedWithMeEntry[]> =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const rows = await repo.listSharedWithUser(tx, auth.userId);
    const byApplication = new Map<number, (typeof rows)[number]>();
    for (const row of rows) {
      const seen = byApplication.get(row.applicationId);
      if (!seen || (seen.userGroupId !== null && row.userGroupId === null)) byApplication.set(row.applicationId, row);
    }
    return [...byApplication.values()].map((r) => ({
      applicationId: r.applicationId,
      state: r.state,
      loanProductName: r.loanProductName,
      primaryApplicantName: r.primaryApplicantName,
      sharedUtcTime: r.sharedAt.toISOString(),
      sharedBy: r.sharedByUserId === null ? null : { id: r.sharedByUserId, name: r.sharedByName ?? '' },
      userGroup: r.userGroupId === null ? null : { id: r.userGroupId, name: r.userGroupName ?? '' },
    }));
  });
