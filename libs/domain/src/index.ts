export * from './realtime-access';
export * from './user-rules';
export * from './selection';
export * from './list-merge';
export * from './country-names';
export * from './routing';
export * from './client-groups';
