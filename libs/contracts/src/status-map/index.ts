export * from './schemas';
export * from './routes';
export * from './refresh';
