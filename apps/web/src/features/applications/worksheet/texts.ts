/**
 * Texts of the worksheets that the spec does not word; the spec's own texts come from the contracts'
 * message catalogue.
 */
export const worksheetTexts = {
  fundedTitle: 'Funded Application',
  unlockTitle: 'Unlock Application',
  unlockQuestion: (name: string) =>
    `This application is locked by ${name}. Unlock it? Their unsaved changes will be lost.`,
  unlockedNoticeTitle: 'Application Unlocked',
  unlockedNotice: (name: string | null) =>
    `${name ?? 'Another user'} unlocked this application. The page was reloaded and unsaved changes were dropped.`,
  lockLostNotice:
    'Your lock on this application expired or was removed. The page was reloaded and unsaved changes were dropped.',
  lockTakenTitle: 'Application Locked',
  lockTaken: 'The application is now locked by you. You can make changes.',
} as const;
