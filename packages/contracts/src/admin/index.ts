export * from './dealers.ts';
