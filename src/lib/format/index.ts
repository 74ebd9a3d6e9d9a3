export * from './bytes';
export * from './count';
export * from './date';
export * from './money';
export * from './slug';
export * from './vat';
export * from './time-zone';
