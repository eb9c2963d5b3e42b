/**
 * What the panel's first page needs of the contracts, without the route contracts and their schemas (zod), nor the
 * permission matrix's descriptions (types come from `@depot/contracts`, they cost nothing at run time): the
 * panel imports these as `@depot/contracts/base` on the sign-in path, so the bundler does not reach every route
 * through the full barrel (decision 0125). Everything here is exported by `@depot/contracts` too.
 */
export * from './constants';
export * from './messages';
export * from './message-keys';
export * from './errors';
export * from './screens';
