import { createHash, randomBytes } from 'node:crypto';
import {
  adminMessages,
  messages,
  userLinkMessages,
  usersResource,
  type AdminUser,
  type ListQuery,
  type setPasswordRequestSchema,
  type userInputSchema,
} from '@credence/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { userLenders, users, userTokens } from '../../db/schema/index.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import { AppError, fieldError, forbidden, notFound, pgCodeOf } from '../../platform/errors.ts';
import { listPage } from '../../platform/list-sql.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { updatePassword } from '../auth/auth.repository.ts';
import { checkPasswordHistory, PASSWORD_HISTORY_COUNT } from '../auth/auth.service.ts';
import { requireStepUp } from '../auth/mfa-core.service.ts';
import * as repo from './users-admin.repository.ts';

/*
 * Administration › Users: the rules of the area.
 *
 * Lenders. The area edits a user's membership of the **current lender** only (role, branch, groups); the other
 * lenders they work in are listed read-only (those the caller also works in). Every write runs in the current
 * lender's tenant transaction, so row-level security makes a write to another lender's membership impossible,
 * not merely forbidden; to change a user's role elsewhere, an administrator of that lender switches to it.
 * A new user is created with the current lender as home lender and a membership here.
 *
 * Rights. Nobody raises their own rights: editing yourself, the role must stay as it is (403
 * `adminMessages.users.noSelfEscalation`; the lenders cannot be changed here at all). Nobody grants a role holding a
 * right they do not hold themselves in this lender, nor edits a user whose current role holds such a right (403).
 * Changing a role or the user groups needs the step-up (issue 36: a factor verified within 5 minutes, when the caller
 * has one); the person's own fields alone do not.
 *
 * The person. Username, names, e-mail, job title, phone and enabled belong to the person across lenders; they are
 * changed from the user's home lender only (elsewhere they must come back unchanged, else 403).
 */

type Input = z.output<typeof userInputSchema>;
type View = AdminUser & { homeLenderId: number };

const DAY_MS = 86_400_000;
/** How long the links stay valid. */
export const LINK_HOURS = { enrollment: 72, passwordReset: 2 } as const;
export type LinkPurpose = keyof typeof LINK_HOURS;

const USERNAME_KEY = 'users_username_lower_key';
/** The hash kept for a user who has not set a password yet: no password verifies against it. */
const NO_PASSWORD = '!';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const publicView = ({ homeLenderId: _, ...view }: View): AdminUser => view;

const auditOf = (tx: TenantTx, auth: AuthContext, action: string, view: View, details: Record<string, unknown>) =>
  recordAudit(tx, auth, {
    area: usersResource.name,
    action,
    recordId: view.id,
    details: { label: view.username, ...details },
  });

/** A taken username (also two saves at once) is the area's 422. */
const mapUnique = async <X>(work: () => Promise<X>): Promise<X> => {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
    if (pgCodeOf(error) === '23505' && cause.constraint === USERNAME_KEY) {
      throw fieldError('username', adminMessages.users.usernameTaken);
    }
    throw error;
  }
};

export const usersAdminService = (db: Db, config: Pick<Config, 'passwordLifetimeDays' | 'publicUrl'>) => {
  const views = async (tx: TenantTx, auth: AuthContext, ids: number[], lock = false) =>
    repo.findViews(tx, ids, auth.lenderId, await repo.findLendersOf(db, ids, auth.userId), lock);

  const findView = async (tx: TenantTx, auth: AuthContext, id: number, lock = false) => {
    const [view] = await views(tx, auth, [id], lock);
    if (!view) throw notFound();
    return view;
  };

  /** A role the caller may give: of this lender, and holding no right the caller lacks. */
  const checkGrantable = async (tx: TenantTx, auth: AuthContext, roleId: number) => {
    const rights = await repo.roleRights(tx, roleId);
    if (rights === null) throw fieldError('roleId', messages.validation.required);
    if (rights.some((right) => !auth.rights.has(right as never))) throw forbidden();
  };

  const checkReferences = async (tx: TenantTx, input: Input) => {
    if (input.branchId !== null && !(await repo.branchExists(tx, input.branchId))) {
      throw fieldError('branchId', messages.errors.notFound);
    }
    const groups = await repo.enabledGroupIds(tx, input.userGroupIds);
    if (groups.length !== input.userGroupIds.length) throw fieldError('userGroupIds', messages.shares.groupNotFound);
  };

  /**
   * Issues a single-use link in the caller's transaction: its row (hash only) and the e-mail in the outbox. The
   * link's origin is the configured PUBLIC_URL, never the request's Host or X-Forwarded-Host: a forged header
   * must not send a reset link (and its token) to someone else's server (issue 30, item 1).
   */
  const sendLink = async (tx: TenantTx, auth: AuthContext, user: View, purpose: LinkPurpose) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_HOURS[purpose] * 3_600_000);
    await tx.insert(userTokens).values({ tokenHash: tokenHash(token), userId: user.id, purpose, expiresAt });
    // In the fragment: the browser never sends it to a server, so no access log or proxy sees it.
    const link = `${config.publicUrl}/setPassword#token=${token}`;
    const enrollment = purpose === 'enrollment';
    const subject = enrollment ? 'Welcome to Credence: set your password' : 'Credence: reset your password';
    const intro = enrollment
      ? `An account has been created for you in Credence. Your username is ${user.username}.`
      : `A password reset was requested for your Credence account (${user.username}).`;
    const text = [
      `Hello ${user.fullName},`,
      '',
      intro,
      `Set your password here (the link works once, for ${LINK_HOURS[purpose]} hours):`,
      '',
      link,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n');
    await enqueueEmail(tx, auth.lenderId, { to: user.email, subject, text });
  };

  return {
    list: (auth: AuthContext, query: ListQuery) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const page = await listPage(
          tx,
          users,
          {
            ...repo.listColumns,
            username: users.username,
            fullName: users.fullName,
            email: users.email,
            jobTitle: users.jobTitle,
            enabled: users.enabled,
          },
          usersResource.list,
          query,
          repo.isMemberHere,
        );
        const rows = await views(
          tx,
          auth,
          page.data.map((u) => u.id),
        );
        return { data: rows.map(publicView), total: page.total };
      }),

    get: (auth: AuthContext, id: number) =>
      withTenant(db, auth.lenderId, async (tx) => publicView(await findView(tx, auth, id))),

    create: (auth: AuthContext, input: Input) =>
      mapUnique(() =>
        withTenant(db, auth.lenderId, async (tx) => {
          await checkGrantable(tx, auth, input.roleId);
          await checkReferences(tx, input);
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              name: input.name,
              fullName: input.fullName,
              email: input.email,
              jobTitle: input.jobTitle,
              phoneNumber: input.phoneNumber,
              enabled: input.enabled,
              homeLenderId: auth.lenderId,
              passwordHash: NO_PASSWORD,
              passwordExpiresAt: sql`now()`,
            })
            .returning({ id: users.id });
          if (!user) throw new Error('insert returned no row');
          await tx
            .insert(userLenders)
            .values({ userId: user.id, lenderId: auth.lenderId, roleId: input.roleId, branchId: input.branchId });
          await repo.setGroups(tx, user.id, auth.lenderId, input.userGroupIds);
          const view = await findView(tx, auth, user.id);
          // A new user has no password: the enrollment e-mail is how they set one (recorded on the create row).
          await sendLink(tx, auth, view, 'enrollment');
          await auditOf(tx, auth, 'create', view, {
            changes: changedFields(null, publicView(view)),
            enrollmentEmail: true,
          });
          return publicView(view);
        }),
      ),

    update: (auth: AuthContext, id: number, input: Input) =>
      mapUnique(() =>
        withTenant(db, auth.lenderId, async (tx) => {
          const before = await findView(tx, auth, id, true);
          if (id === auth.userId && input.roleId !== before.roleId) {
            throw new AppError(403, 'FORBIDDEN', adminMessages.users.noSelfEscalation);
          }
          await checkGrantable(tx, auth, before.roleId);
          if (input.roleId !== before.roleId) await checkGrantable(tx, auth, input.roleId);
          await checkReferences(tx, input);
          // Issue 36: changing a user's rights (role or user groups) is a step-up action; the audit row names it.
          const rightsChanged = input.roleId !== before.roleId || !sameIds(input.userGroupIds, before.userGroupIds);
          const authentication = rightsChanged ? await requireStepUp(db, auth) : undefined;
          const person = {
            username: input.username,
            name: input.name,
            fullName: input.fullName,
            email: input.email,
            jobTitle: input.jobTitle,
            phoneNumber: input.phoneNumber,
            enabled: input.enabled,
          };
          const personChanged = (Object.keys(person) as (keyof typeof person)[]).some((k) => person[k] !== before[k]);
          if (personChanged) {
            if (!before.homeLender) throw forbidden();
            await tx.update(users).set(person).where(eq(users.id, id));
          }
          await tx.execute(
            sql`update user_lenders set role_id = ${input.roleId}, branch_id = ${input.branchId} where user_id = ${id}`,
          );
          await repo.setGroups(tx, id, auth.lenderId, input.userGroupIds);
          const after = await findView(tx, auth, id);
          const changes = changedFields(publicView(before), publicView(after));
          if (Object.keys(changes).length > 0)
            await auditOf(tx, auth, 'update', after, { changes, ...(authentication ? { authentication } : {}) });
          return publicView(after);
        }),
      ),

    setEnabled: (auth: AuthContext, id: number, enabled: boolean) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const before = await findView(tx, auth, id, true);
        if (before.enabled === enabled) return publicView(before);
        if (!before.homeLender || id === auth.userId) throw forbidden();
        await checkGrantable(tx, auth, before.roleId);
        await tx.update(users).set({ enabled }).where(eq(users.id, id));
        const after = { ...before, enabled };
        await auditOf(tx, auth, enabled ? 'enable' : 'disable', after, {
          changes: changedFields(publicView(before), publicView(after)),
        });
        return publicView(after);
      }),

    /** Spec: "system users" — enabled users of the lender, for pickers. */
    system: (auth: AuthContext) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const { rows } = await tx.execute<{ id: number; full_name: string }>(sql`
          select users.id, users.full_name from users where users.enabled and ${repo.isMemberHere}
           order by lower(users.full_name), users.id`);
        return rows.map((r) => ({ id: r.id, fullName: r.full_name }));
      }),

    roles: (auth: AuthContext) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const { rows } = await tx.execute<{ id: number; name: string }>(
          sql`select id, name from roles order by lower(name), id`,
        );
        return rows;
      }),

    /**
     * A reset or enrollment e-mail hands over the account: the same rule as update and disable, no e-mail for a
     * user whose role holds a right the caller lacks (403, nothing sent).
     */
    sendEmail: (auth: AuthContext, id: number, purpose: LinkPurpose) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const view = await findView(tx, auth, id);
        await checkGrantable(tx, auth, view.roleId);
        await sendLink(tx, auth, view, purpose);
        await auditOf(tx, auth, purpose === 'enrollment' ? 'enrollmentEmail' : 'passwordResetEmail', view, {});
        return { sent: true as const };
      }),

    /**
     * The public end of a link: the token (by its hash), unspent, unexpired, of an enabled user, sets the password
     * under the password rules and history; every open link of the user is spent and their sessions end. The
     * history is change password's (`checkPasswordHistory`: not the current password, not one of the 4 before it);
     * a password it refuses (422) leaves the link unspent, so the person picks another with the same link.
     */
    setPassword: async (input: z.output<typeof setPasswordRequestSchema>) => {
      const invalid = () => fieldError('token', userLinkMessages.invalidLink);
      const { rows } = await db.execute<{
        user_id: number;
        username: string;
        home_lender_id: number;
        purpose: string;
        password_hash: string;
      }>(
        sql`select t.user_id, u.username, u.home_lender_id, t.purpose, u.password_hash
              from user_tokens t join users u on u.id = t.user_id
             where t.token_hash = ${tokenHash(input.token)} and t.used_at is null and t.expires_at > now() and u.enabled`,
      );
      const found = rows[0];
      if (!found) throw invalid();
      await checkPasswordHistory(db, { id: found.user_id, passwordHash: found.password_hash }, input.password);
      const hash = await hashPassword(input.password);
      const expiresAt = new Date(Date.now() + config.passwordLifetimeDays * DAY_MS);
      await db.transaction(async (tx) => {
        // Spent exactly once: of two requests with the same link, the second finds it used.
        const spent = await tx.execute(sql`
          update user_tokens set used_at = now()
           where token_hash = ${tokenHash(input.token)} and used_at is null and expires_at > now() returning user_id`);
        if (spent.rows.length === 0) throw invalid();
        await tx.execute(
          sql`update user_tokens set used_at = now() where user_id = ${found.user_id} and used_at is null`,
        );
        await updatePassword(tx, found.user_id, hash, expiresAt, PASSWORD_HISTORY_COUNT - 1);
        await tx.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'password set by link'
                              where user_id = ${found.user_id} and revoked_at is null`);
      });
      await withTenant(db, found.home_lender_id, (tx) =>
        recordAudit(
          tx,
          { userId: found.user_id, lenderId: found.home_lender_id, homeLenderId: found.home_lender_id } as AuthContext,
          {
            area: usersResource.name,
            action: 'passwordSet',
            recordId: found.user_id,
            details: { label: found.username, via: found.purpose },
          },
        ),
      );
      return { username: found.username };
    },
  };
};

export type UsersAdminService = ReturnType<typeof usersAdminService>;
