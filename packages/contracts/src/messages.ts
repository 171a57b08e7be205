/** Every user-visible text of the spec that both sides need, in one catalogue. Quote the spec exactly. */
export const messages = {
  login: {
    unauthorized: 'The username or password is incorrect.',
    connectionFailed: 'There was an error connecting to the login server.',
    tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    passwordExpirationWarningTitle: 'Password Expiration Warning',
  },
  password: {
    mismatch: 'Password and confirm password do not match',
    rules: 'Password must be 8 to 16 characters and contain lowercase letters, uppercase letters and numbers.',
    required: 'Required',
    currentIncorrect: 'The current password is incorrect.',
    sameAsCurrent: 'The new password must be different from the current password.',
    expired: 'Your password has expired. Please change it to continue.',
    changed: 'Your password has been changed.',
  },
  inactivity: {
    loggedOut: 'You have been logged out due to inactivity',
    unsaved: 'Your changes have not been saved',
  },
  errors: {
    title: 'Error',
    backend: 'backend server error',
    updateAvailable: 'Update available',
    unauthenticated: 'Your session has ended. Please sign in again.',
    forbidden: 'Permission Denied. Contact your System Administrator for access.',
    notFound: 'Not found',
    validation: 'One or more fields are invalid.',
    databaseUnavailable: 'The database is unavailable. Please try again shortly.',
    lenderNotAllowed: 'You do not have access to that lender.',
  },
  unsavedChanges: 'We detected unsaved changes, are you sure you want to continue?',
  profile: {
    impersonating: 'Cannot update profile while impersonating another lender',
  },
  usefulLinks: { saveFailed: 'Saved Links Failed', saved: 'Saved' },
  home: { greeting: (name: string) => `Hello, ${name}` },
} as const;
