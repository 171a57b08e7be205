export * from './sample.ts';
