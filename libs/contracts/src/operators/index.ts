export * from './config-models';
export * from './schemas';
export * from './routes';
