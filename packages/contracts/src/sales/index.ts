export * from './vehicles.ts';
export * from './plans.ts';
