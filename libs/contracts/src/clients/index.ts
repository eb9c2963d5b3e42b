export * from './schemas';
export * from './vat-check';
export * from './routes';
