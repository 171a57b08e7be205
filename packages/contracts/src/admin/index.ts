export * from './dealers.ts';
export * from './branches.ts';
export * from './application-status-messages.ts';
export * from './users.ts';
export * from './user-groups.ts';
export * from './credit-bureaus.ts';
export * from './cross-sells.ts';
export * from './policy-objects.ts';
