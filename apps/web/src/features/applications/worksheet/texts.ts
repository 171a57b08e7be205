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
  /** Under the tab of a worksheet that is not built yet. */
  notAvailableTab: 'Not available yet',
  notAvailableTitle: (title: string) => `The ${title} is not available yet`,
  notAvailable:
    'This part of Credence is still being built. Everything recorded about the application can be seen and edited on the Application worksheet.',
  openApplicationWorksheet: 'Open the Application worksheet',
  // Issue 29, item 12: an application id that is not there or is another lender's.
  missingTitle: 'Application not available',
  missing: 'This application does not exist or is not available to you.',
  back: 'Back',
  home: 'Go to Home',
} as const;
