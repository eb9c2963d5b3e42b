/** Server under test: DATABASE_URL/TEST_DATABASE_URL → a fresh database on that server; unset → embedded PGlite. */
export const serverUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** Set by global-setup.ts: the migrated template's database name (server) or data directory (embedded). */
export const TEMPLATE_ENV = 'DEPOT_TEST_TEMPLATE';

/** The embedded template's snapshot file (a PGlite data-directory tar) inside its directory. */
export const SNAPSHOT = 'snapshot.tar';

/** The names of the suites' databases copied from a server template (harness.ts), which the run's teardown drops. */
export const suiteDatabasePrefix = (template: string): string => `${template}_s_`;
