import { describe, expect, it } from 'vitest';
import { displayMessage, parseMentions, userGroupMention, userMention } from './mentions.ts';

describe('mentions', () => {
  const message = `Please call the dealer ${userMention('olivia.chen@summitfcu.example', 'Olivia Chen')} and loop in ${userGroupMention(12, 'Funding Team')}.`;

  it('stores them as @user:{email}[name] and @usergroup:{id}[name]', () => {
    expect(message).toBe(
      'Please call the dealer @user:olivia.chen@summitfcu.example[Olivia Chen] and loop in @usergroup:12[Funding Team].',
    );
  });

  it('finds every mention', () => {
    expect(parseMentions(message)).toEqual([
      { kind: 'user', email: 'olivia.chen@summitfcu.example', name: 'Olivia Chen' },
      { kind: 'usergroup', id: 12, name: 'Funding Team' },
    ]);
  });

  it.each([
    [message, 'Please call the dealer Olivia Chen and loop in Funding Team.'],
    ['No mentions here, just an @ sign and [brackets].', 'No mentions here, just an @ sign and [brackets].'],
    ['@usergroup:abc[Nope] stays', '@usergroup:abc[Nope] stays'],
    ['@user:a@b.example[A]@user:c@d.example[C]', 'AC'],
  ])('shows %s as %s', (stored, shown) => expect(displayMessage(stored)).toBe(shown));
});
