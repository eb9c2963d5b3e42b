/** Injection tokens for the process-wide singletons built before Nest starts. */
export const DB = Symbol('DB');
export const DATABASE_RUNTIME = Symbol('DATABASE_RUNTIME');
export const LOGGER = Symbol('LOGGER');
export { APP_CONFIG } from '../config/config';
