export * from './scaled.ts';
export * from './explain.ts';
export * from './validate.ts';
export * from './compile.ts';
export * from './reference.ts';
export * from './retraction.ts';
export * from './demo-policy.ts';
export * from './replay.ts';
