/**
 * Mentions in comments are stored as `@user:{email}[name]` or `@usergroup:{id}[name]` and shown as the bare
 * name (spec 3 §5).
 */
export type Mention = { kind: 'user'; email: string; name: string } | { kind: 'usergroup'; id: number; name: string };

const MENTION = /@user:([^\s[\]]+@[^\s[\]]+)\[([^\]]*)\]|@usergroup:(\d+)\[([^\]]*)\]/g;

export const parseMentions = (message: string): Mention[] => {
  const found: Mention[] = [];
  for (const match of message.matchAll(MENTION)) {
    if (match[1] !== undefined) found.push({ kind: 'user', email: match[1], name: match[2] ?? '' });
    else found.push({ kind: 'usergroup', id: Number(match[3]), name: match[4] ?? '' });
  }
  return found;
};

/** The message as people read it: every mention replaced by its bare name. */
export const displayMessage = (message: string): string =>
  message.replace(MENTION, (_all, _email, userName: string | undefined, _id, groupName: string | undefined) =>
    String(userName ?? groupName ?? ''),
  );

export const userMention = (email: string, name: string) => `@user:${email}[${name}]`;
export const userGroupMention = (id: number, name: string) => `@usergroup:${id}[${name}]`;
