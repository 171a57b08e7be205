/**
 * The texts of My Profile (spec 1 §5, §8), apart from `messages` so that the shell's first load does not carry
 * them (scripts/size-budget.mjs), as `adminMessages`: only the profile page and the server import them. The one
 * the shell may show, `messages.profile.impersonating`, stays in `messages`.
 */
export const profileMessages = {
  /** Spec 1 §8. */
  updatedTitle: 'My Profile Updated',
  updated: 'You have updated your profile successfully.',
  updateFailedTitle: 'Error updating',
  avatarUpdatedTitle: 'My Avatar Updated',
  avatarUpdated: 'You have updated your avatar successfully.',
  /** Spec 1 §5: the avatar's type (checked by content on the server). */
  invalidExtensionTitle: 'Invalid extension',
  invalidExtension: 'Only allowed extensions jpg, jpeg, and png.',
  /** Spec 1 §5: the phone's message and its field's title. */
  invalidPhone: 'Please enter valid phone number.',
  invalidPhoneTitle: 'Invalid phone number',
  /** Not in the spec (its texts are "not shown"): the bounds of spec 1 §5 and §9, and the avatar's other failures. */
  corePasswordLength: (max: number) => `Core password must be 1 to ${max} characters.`,
  tooLong: (label: string, max: number) => `${label} cannot exceed ${max} characters.`,
  avatarTooLarge: (limit: string) => `The photo must be ${limit} or smaller.`,
  avatarTooManyPixels: (megapixels: number) => `The photo may have at most ${megapixels} megapixels.`,
  avatarUnreadable: 'The photo could not be read. Please choose another PNG or JPEG file.',
  avatarMissing: 'Choose a photo to upload.',
  avatarOneOnly: 'Upload one photo at a time.',
  unknownVendor: 'This integration is not one of your vendors.',
};
