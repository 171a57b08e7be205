export * from './lenders.ts';
export * from './users.ts';
export * from './access.ts';
export * from './sessions.ts';
export * from './useful-links.ts';
export * from './notifications.ts';
