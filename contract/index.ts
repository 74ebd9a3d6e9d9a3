export * from './validator';
