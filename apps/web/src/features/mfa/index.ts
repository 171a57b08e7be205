/** Multi-factor authentication's web parts (issue 36), for the pages of other features. */
export { MfaFactorsCard } from './mfa-factors-card.tsx';
export { MfaRequirementBanner } from './mfa-requirement-banner.tsx';
export { RevealableSsn } from './reveal-ssn.tsx';
export { default as MfaSignInStep } from './mfa-sign-in-step.tsx';
