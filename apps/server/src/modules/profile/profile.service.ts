import {
  profileMessages,
  AVATAR_MAX_MEGAPIXELS,
  messages,
  vendorFieldsOf,
  type MyProfile,
  type ProfileUpdate,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { protectedPurposes, type DataProtector } from '../../platform/crypto.ts';
import { AppError, forbidden, unauthenticated, validationError } from '../../platform/errors.ts';
import { applyPasswordChange, preparePasswordChange, type PreparedPasswordChange } from '../auth/auth.service.ts';
import { avatarImageType } from './avatar-image.ts';
import { AvatarBusyError, makeAvatarOffThread } from './avatar-thread.ts';
import * as repo from './profile.repository.ts';

export type ProfileDeps = { db: Db; config: Config; protector: DataProtector };

/**
 * My Profile belongs to the user's home lender: groups and vendors are read there, whichever lender the session
 * works in. Writes are refused while impersonating (spec 1 §6) — the page disables Save, the server refuses too.
 */
const inHomeLender = <T>(deps: ProfileDeps, auth: AuthContext, work: (tx: TenantTx) => Promise<T>) =>
  withTenant(deps.db, auth.homeLenderId, work);

const refuseWhileImpersonating = (auth: AuthContext) => {
  if (auth.lenderId !== auth.homeLenderId) throw new AppError(403, 'FORBIDDEN', messages.profile.impersonating);
};

const readProfile = async (tx: TenantTx, auth: AuthContext): Promise<MyProfile> => {
  const [user, groups, vendors, lenderVendors] = await Promise.all([
    repo.findUser(tx, auth.userId),
    repo.userGroupNames(tx, auth.userId),
    repo.findUserVendors(tx, auth.userId),
    repo.enabledVendors(tx),
  ]);
  if (!user) throw unauthenticated();
  return {
    id: user.id,
    fullName: user.fullName,
    name: user.name,
    email: user.email,
    jobTitle: user.jobTitle,
    userGroups: groups,
    avatar: user.avatar,
    phoneNumber: user.phoneNumber,
    edocsUsername: user.edocsUsername,
    hasCorePassword: user.corePasswordEncrypted !== null,
    hasEdocsPassword: user.edocsPasswordEncrypted !== null,
    // Secrets never leave the server: only whether one is stored.
    userVendors: vendors.map(({ passwordEncrypted, ...v }) => ({
      ...v,
      name: v.vendorName,
      hasExistingPassword: passwordEncrypted !== null,
    })),
    lenderEnabledVendors: lenderVendors,
  };
};

export const getProfile = (deps: ProfileDeps, auth: AuthContext) =>
  // Several statements on one transaction's connection run one after another (node-postgres queues them).
  inHomeLender(deps, auth, (tx) => readProfile(tx, auth));

/** The change-password rules name `oldPassword` / `password`; in the profile they sit under `systemPassword`. */
const underSystemPassword = (error: unknown) =>
  error instanceof AppError && error.status === 422 && error.errors
    ? validationError(error.errors.map((e) => ({ ...e, field: `systemPassword.${e.field}` })))
    : error;

const SET = 'set';
const NOT_SET = 'not set';
const CHANGED = 'changed';
type Changes = Record<string, { old: unknown; new: unknown }>;
type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserForUpdate>>>;

/** The user's own columns after `input` (what is left out is kept; secrets encrypted), noting what changed. */
const profileColumnsOf = (protector: DataProtector, user: UserRow, input: ProfileUpdate, changes: Changes) => {
  const phoneNumber = input.phoneNumber === undefined ? user.phoneNumber : input.phoneNumber || null;
  if (phoneNumber !== user.phoneNumber) changes.phoneNumber = { old: user.phoneNumber, new: phoneNumber };
  const edocsUsername = input.edocsUsername === undefined ? user.edocsUsername : input.edocsUsername || null;
  if (edocsUsername !== user.edocsUsername) changes.edocsUsername = { old: user.edocsUsername, new: edocsUsername };
  let { corePasswordEncrypted, edocsPasswordEncrypted } = user;
  if (input.corePassword !== undefined) {
    corePasswordEncrypted = protector.encrypt(input.corePassword, protectedPurposes.corePassword);
    changes.corePassword = { old: user.corePasswordEncrypted ? SET : NOT_SET, new: CHANGED };
  }
  if (input.edocsPassword) {
    edocsPasswordEncrypted = protector.encrypt(input.edocsPassword, protectedPurposes.edocsPassword);
    changes.edocsPassword = { old: user.edocsPasswordEncrypted ? SET : NOT_SET, new: CHANGED };
  }
  return { phoneNumber, corePasswordEncrypted, edocsUsername, edocsPasswordEncrypted };
};

/**
 * Saves the user's vendor credentials sent (only vendors of the user: another id is 422 on its row), noting what
 * changed. Which fields a vendor has is decided by its name (spec 1 §5): a code only where one is needed, no
 * password where the vendor has none; what it does not have is not stored.
 */
const saveUserVendors = async (
  tx: TenantTx,
  protector: DataProtector,
  userId: number,
  sentVendors: NonNullable<ProfileUpdate['userVendors']>,
  changes: Changes,
) => {
  const mine = new Map((await repo.findUserVendors(tx, userId)).map((v) => [v.id, v]));
  const unknown = sentVendors.flatMap((v, i) =>
    mine.has(v.id) ? [] : [{ field: `userVendors.${i}.id`, message: profileMessages.unknownVendor }],
  );
  if (unknown.length > 0) throw validationError(unknown);
  for (const sent of sentVendors) {
    const stored = mine.get(sent.id)!;
    const fields = vendorFieldsOf(stored.vendorName);
    const username = sent.username === undefined ? stored.username : sent.username || null;
    const code = !fields.code ? null : sent.code === undefined ? stored.code : sent.code || null;
    const passwordEncrypted = !fields.password
      ? null
      : sent.password
        ? protector.encrypt(sent.password, protectedPurposes.vendorPassword)
        : stored.passwordEncrypted;
    const prefix = `vendor ${stored.vendorName}`;
    if (username !== stored.username) changes[`${prefix}: username`] = { old: stored.username, new: username };
    if (code !== stored.code) changes[`${prefix}: code`] = { old: stored.code, new: code };
    if (passwordEncrypted !== stored.passwordEncrypted) {
      changes[`${prefix}: password`] = {
        old: stored.passwordEncrypted ? SET : NOT_SET,
        new: passwordEncrypted ? CHANGED : NOT_SET,
      };
    }
    await repo.updateUserVendor(tx, stored.id, { username, passwordEncrypted, code });
  }
};

/**
 * Saves the caller's profile, all or nothing: phone, core password, eDOCS credentials, the user's vendor
 * credentials and — when `systemPassword` is given — the sign-in password, through the change-password rules
 * (current password under the sign-in limits, composition, history; other sessions end). Secrets are stored
 * encrypted, each bound to its purpose; what is left out is kept. Audited in the same transaction, secrets only
 * as set / changed.
 */
export const updateProfile = async (
  deps: ProfileDeps,
  auth: AuthContext,
  input: ProfileUpdate,
  ip: string,
): Promise<MyProfile> => {
  refuseWhileImpersonating(auth);
  if (input.id !== undefined && input.id !== auth.userId) throw forbidden();
  // Checked (and the new password hashed) before the transaction: argon2id is slow, and the attempt is recorded
  // under the sign-in limits whether or not the rest is saved.
  let password: PreparedPasswordChange | undefined;
  if (input.systemPassword) {
    try {
      password = await preparePasswordChange(deps, auth, input.systemPassword, ip);
    } catch (error) {
      throw underSystemPassword(error);
    }
  }
  return inHomeLender(deps, auth, async (tx) => {
    const user = await repo.findUserForUpdate(tx, auth.userId);
    if (!user) throw unauthenticated();
    const changes: Changes = {};
    await repo.updateProfileColumns(tx, user.id, profileColumnsOf(deps.protector, user, input, changes));
    if (input.userVendors?.length) await saveUserVendors(tx, deps.protector, user.id, input.userVendors, changes);
    if (password) {
      // Sessions are out of the tenant role's reach (0001_tenancy): the password and the other sessions' end are
      // written as the owner — in this same transaction, so they commit with the profile or not at all.
      await tx.execute(sql`select set_config('role', 'none', true)`);
      await applyPasswordChange(tx as unknown as Db, auth, password);
      await tx.execute(sql`select set_config('role', 'credence_app', true)`);
      changes.password = { old: SET, new: CHANGED };
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, auth, {
        area: 'profile',
        action: 'update',
        recordId: user.id,
        details: { label: user.fullName, changes },
      });
    }
    return readProfile(tx, auth);
  });
};

/**
 * Stores the caller's avatar: a PNG or JPEG by its content (never by its name; otherwise 422 on `avatar` with the
 * spec's 'Only allowed extensions jpg, jpeg, and png.'), made into a small square JPEG. Audited (not the image).
 */
export const uploadAvatar = async (deps: ProfileDeps, auth: AuthContext, content: Buffer) => {
  refuseWhileImpersonating(auth);
  const type = avatarImageType(content);
  if (!type) throw validationError([{ field: 'avatar', message: profileMessages.invalidExtension }]);
  let made;
  try {
    made = await makeAvatarOffThread(type, content);
  } catch (error) {
    if (error instanceof AvatarBusyError) {
      throw new AppError(503, 'BUSY', messages.files.busy, undefined, { 'Retry-After': '2' });
    }
    throw error;
  }
  if (!made.ok && made.reason === 'pixels') {
    throw validationError([{ field: 'avatar', message: profileMessages.avatarTooManyPixels(AVATAR_MAX_MEGAPIXELS) }]);
  }
  if (!made.ok && made.reason === 'unreadable') {
    throw validationError([{ field: 'avatar', message: profileMessages.avatarUnreadable }]);
  }
  if (!made.ok) throw new Error('The avatar could not be made');
  const { avatar } = made;
  await inHomeLender(deps, auth, async (tx) => {
    const user = await repo.findUserForUpdate(tx, auth.userId);
    if (!user) throw unauthenticated();
    await repo.setAvatar(tx, user.id, avatar);
    await recordAudit(tx, auth, {
      area: 'profile',
      action: 'update',
      recordId: user.id,
      details: { label: user.fullName, changes: { avatar: { old: user.avatar ? SET : NOT_SET, new: CHANGED } } },
    });
  });
  return { avatar };
};
