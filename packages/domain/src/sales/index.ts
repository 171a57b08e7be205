export * from './plan-filter.ts';
export * from './plan-total.ts';
