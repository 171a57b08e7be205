export * from './sample.ts';
export * from './summary-format.ts';
export * from './summary-texts.ts';
export * from './summary-document.ts';
