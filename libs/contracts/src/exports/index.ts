export * from './schemas';
export * from './parcel-exports';
export * from './routes';
