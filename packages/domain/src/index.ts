export * from './money.ts';
export * from './payment.ts';
export * from './labels.ts';
export * from './application-state.ts';
export * from './password-expiry.ts';
