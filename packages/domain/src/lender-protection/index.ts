export * from './status-rules.ts';
