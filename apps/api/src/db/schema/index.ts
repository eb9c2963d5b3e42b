export * from './clients';
export * from './users';
export * from './sessions';
export * from './api-keys';
export * from './audit-log';
export * from './rate-limits';
export * from './socket-io';
