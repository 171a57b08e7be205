/**
 * Texts of the worksheets that the spec does not word; the spec's own texts come from the contracts'
 * message catalogue. (Spec texts missing from the catalogue are quoted here exactly until they move there.)
 */
export const worksheetTexts = {
  /** Spec 3 §8 (title "Application Submitted"). */
  submittedTitle: 'Application Submitted',
  submitted: (id: number) => `You have submitted the application successfully with loan id: ${id}`,
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
