import type { Right } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';

/**
 * The notifications the server generates (spec 1 §3, the Notification table), each written by `notify` in the
 * transaction of the event it tells of. Bodies are the spec's texts, word for word (its grammar too); `{user}` is
 * the actor's full name, read by the insert itself; the other `{…}` are the event's values.
 *
 * Where the last four come from:
 * - MyQueueApplicationCreated (125): "my queue" here is a user's own queues, My Queue (the applications they
 *   created: the owner, `applications.created_by_user_id`, never reassigned) and Shared With Me (shared with them
 *   or an enabled group of theirs). Someone else can only add an application to the second: saving the shares
 *   (application-shares.service.ts) tells the users it newly reaches — not already its owner or a sharer before,
 *   not the one who shared it. Creating an application puts it in the creator's own queue only (no one told).
 * - FollowUp (400): the follow-up job (applications/action-items/follow-up-alerts.ts) on the item's alert date in
 *   the lender's zone, once (daily-delivery items every day until completed); to the item's creator and the
 *   application's followers; the actor is the system, so the creator is told too.
 * - QueuesNewEntry (500): a created or changed application that now matches a custom queue (a search filter of
 *   type queue) it did not match before the change (queue-entries.service.ts, in the change's transaction); to the users
 *   the queue is shown to.
 * - SmsReceived (600): an inbound SMS from an applicant's phone (modules/sms); to the matched application's
 *   followers; the body is the message, shortened (smsDescription).
 *
 * DocumentUploaded's dealer variant ('The {channel provider} dealer has uploaded a new file.') waits for dealer
 * users: every uploader is a lender's user today.
 */
export const notificationTypes = {
  NewApplication: { code: 100, subject: 'New Application', body: 'A new application has been submitted.' },
  DocumentUploaded: { code: 101, subject: 'New Document', body: '{user} has uploaded a new file.' },
  MyQueueApplicationCreated: {
    code: 125,
    subject: 'My Queue Application',
    body: 'A new application has been added to your queue.',
  },
  MyQueueApplicationStatusUpdate: {
    code: 126,
    subject: 'My Queue Application Status Update',
    body: 'The application status has been updated to {description}.',
  },
  /**
   * The spec gives this type "its own subject" and shows a description: ours names the requirement (stipulation)
   * and what it became, received or cleared.
   */
  MyQueueRequirementsReceived: {
    code: 127,
    subject: 'Requirements Received',
    body: '{user} has marked the requirement "{description}" as {status}.',
  },
  DealerComment: { code: 200, subject: 'New Comment', body: '{user} has added a dealer comment.' },
  JournalComment: { code: 201, subject: 'New Comment', body: '{user} has added a journal comment.' },
  JournalCommentUpdated: { code: 202, subject: 'Edited Comment', body: '{user} has edited a journal comment.' },
  JournalCommentDeleted: { code: 203, subject: 'Deleted Comment', body: '{user} has deleted a journal comment.' },
  JournalCommentUndoDeleted: {
    code: 204,
    subject: 'Undo Deleted Comment',
    body: '{user} has undo a deleted journal comment.',
  },
  /** The spec shows the description; ours says who mentioned whom where. */
  JournalCommentMention: {
    code: 301,
    subject: 'New Mention',
    body: '{user} mentioned you in a comment on application {applicationId}.',
  },
  /** The spec shows the description: the follow-up item's own. */
  FollowUp: { code: 400, subject: 'Follow-up Due', body: '{description}' },
  /** The spec gives this type "its own subject" and shows a description: ours names the queue. */
  QueuesNewEntry: {
    code: 500,
    subject: 'New Queue Entry',
    body: 'The application has been added to the queue "{queue}".',
  },
  /** The spec shows the description: the message's text (smsDescription). */
  SmsReceived: { code: 600, subject: 'New SMS Message', body: '{description}' },
} as const;
export type NotificationTypeName = keyof typeof notificationTypes;

/**
 * Who an event is for, before the common rules (see `notify`):
 * - `users`: people named by the event (mentions);
 * - `followers`: the application's owner (its creator) and everyone it is shared with (users, and members of
 *   the enabled user groups it is shared with);
 * - `followersAndCommenters`: the followers and the authors of the application's comments;
 * - `followersAndUsers`: the followers and the users named (a follow-up item's creator);
 * - `lenderUsersWithRight`: every user of the event's lender whose role there has the right.
 */
export type Audience =
  | { kind: 'users'; userIds: readonly number[] }
  | { kind: 'followers' }
  | { kind: 'followersAndCommenters' }
  | { kind: 'followersAndUsers'; userIds: readonly number[] }
  | { kind: 'lenderUsersWithRight'; right: Right };

type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type ValuesOf<N extends NotificationTypeName> = Exclude<Placeholders<(typeof notificationTypes)[N]['body']>, 'user'>;

type EventBase = {
  lenderId: number;
  applicationId: number;
  /** Who did it (never notified; their name is `{user}` and the row's actor); null for the system. */
  actorUserId: number | null;
  audience: Audience;
  /** Not notified of this event either (e.g. those a comment mentions, who get the mention instead). */
  except?: readonly number[];
};

/** One event: its type, and exactly the values its body needs besides `{user}`. */
export type NotificationEvent = {
  [N in NotificationTypeName]: EventBase & { type: N } & ([ValuesOf<N>] extends [never]
      ? { values?: undefined }
      : { values: Record<ValuesOf<N>, string> });
}[NotificationTypeName];

/** The part of an event every service fills the same way: the caller's lender, the application, the caller. */
export const eventOf = (auth: { lenderId: number; userId: number }, applicationId: number) => ({
  lenderId: auth.lenderId,
  applicationId,
  actorUserId: auth.userId,
});

/**
 * The body as a format() string: `{user}` becomes the first argument (the actor's name, read in SQL); the other
 * placeholders are filled here, after, so a value is never read as a placeholder or a format directive.
 */
export const bodyFormat = (body: string, values: Readonly<Record<string, string>> = {}) =>
  body
    .replaceAll('%', '%%')
    .replaceAll('{user}', '%1$s')
    .replace(/\{(\w+)\}/g, (whole, name: string) => values[name]?.replaceAll('%', '%%') ?? whole);

const intArray = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`'{}'::int[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}]`;

const followers = (applicationId: number) => sql`
  select a.created_by_user_id as user_id from applications a where a.id = ${applicationId}::int
  union select s.user_id from application_shares s where s.application_id = ${applicationId}::int and s.user_id is not null
  union select m.user_id from application_shares s
    join user_groups g on g.id = s.user_group_id and g.enabled
    join user_group_members m on m.user_group_id = g.id
   where s.application_id = ${applicationId}::int`;

/** The application's followers now (owner, users it is shared with, members of its enabled shared groups). */
export const followerIds = async (tx: TenantTx, applicationId: number): Promise<number[]> =>
  (await tx.execute<{ user_id: number }>(followers(applicationId))).rows.map((r) => Number(r.user_id));

const audienceQuery = (event: NotificationEvent): SQL => {
  const { audience, applicationId } = event;
  switch (audience.kind) {
    case 'users':
      return sql`select distinct unnest(${intArray(audience.userIds)}) as user_id`;
    case 'followers':
      return followers(applicationId);
    case 'followersAndCommenters':
      return sql`${followers(applicationId)}
        union select c.user_id from comments c where c.application_id = ${applicationId}::int and c.user_id is not null`;
    case 'followersAndUsers':
      return sql`${followers(applicationId)}
        union select unnest(${intArray(audience.userIds)})`;
    case 'lenderUsersWithRight':
      return sql`select ul.user_id from user_lenders ul
        join role_rights rr on rr.role_id = ul.role_id and rr.right = ${audience.right}
       where ul.lender_id = ${event.lenderId}::int`;
  }
};

/**
 * Writes one event's notifications in the caller's transaction, in one insert … select: the audience's enabled
 * users whose role in the event's lender has canReceiveNotifications, never the actor nor those excepted.
 */
export const notify = async (tx: TenantTx, event: NotificationEvent) => {
  const type = notificationTypes[event.type];
  const actor = event.actorUserId;
  await tx.execute(sql`
    insert into notifications (lender_id, user_id, type, application_id, actor_name, subject, description)
    select ${event.lenderId}::int, r.user_id, ${type.code}::int, ${event.applicationId}::int, actor.full_name,
           ${type.subject}::text, format(${bodyFormat(type.body, event.values)}::text, actor.full_name)
      from (${audienceQuery(event)}) r
      join users u on u.id = r.user_id and u.enabled
      join user_lenders ul on ul.user_id = r.user_id and ul.lender_id = ${event.lenderId}::int
      join role_rights rr on rr.role_id = ul.role_id and rr.right = 'canReceiveNotifications'
      left join users actor on actor.id = ${actor}::int
     where r.user_id is distinct from ${actor}::int
       and not (r.user_id = any(${intArray(event.except ?? [])}))`);
};
