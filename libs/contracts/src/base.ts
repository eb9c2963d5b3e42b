/**
 * What the panel's first page needs of the contracts, without the route contracts and their schemas (zod): the
 * panel imports these as `@depot/contracts/base` on the sign-in path, so the bundler does not reach every route
 * through the full barrel (decision 0125). Everything here is exported by `@depot/contracts` too.
 */
export * from './constants';
export * from './roles';
export * from './messages';
export * from './errors';
export * from './permissions';
export * from './screens';
