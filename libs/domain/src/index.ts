export * from './realtime-access';
export * from './user-rules';
