/** Multi-factor authentication's web parts (issue 36), for the pages of other features. */
export { MfaFactorsCard } from './mfa-factors-card.tsx';
export { MfaRequirementBanner } from './mfa-requirement-banner.tsx';
export { RevealableSsn } from './reveal-ssn.tsx';
// The sign-in page's lazy second step (features/login/mfa-step.tsx) imports these statically, so its chunk carries
// only what it uses.
export { mfaApi } from './api.ts';
export { CodeField, mfaErrorText, QrEnrolment, RecoveryCodes, useStepUp } from './mfa-parts.tsx';
