export * from './endpoint.ts';
export * from './list.ts';
export * from './resource.ts';
