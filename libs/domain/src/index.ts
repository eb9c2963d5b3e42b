export * from './realtime-access';
export * from './user-rules';
export * from './selection';
export * from './list-merge';
