export * from './tokens';
export * from './routing';
export * from './depot.gateway';
export * from './io-adapter';
