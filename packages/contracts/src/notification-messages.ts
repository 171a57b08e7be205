/**
 * The texts of the notifications card (spec 1 §2 'Notifications card'), apart from `messages` so that the shell's
 * first load does not carry them (scripts/size-budget.mjs): only the card, loaded when the bell opens, imports
 * them. The empty card's text, `messages.shell.noNotifications`, stays in `messages`.
 */
export const notificationMessages = {
  title: 'Notifications',
  /** Spec 1 §2: '{subject} - App Id {applicationId}'; a notification without an application shows its subject. */
  cardTitle: (subject: string, applicationId: number | null) =>
    applicationId === null ? subject : `${subject} - App Id ${applicationId}`,
  clearShown: 'Clear Alerts Shown',
  clearAll: 'Clear All',
  more: 'More',
};
