// @ts-check
/** Unit tests sit beside the code (*.spec.ts); integration tests boot the app against a real database
 *  (apps/api/test/*.int-spec.ts). See docs/testing.md. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

/**
 * The integration tests' modules get local bindings of the built-in constructors (scripts/jest/local-intrinsics.cjs,
 * decision 0133): sources and the packages that ship ES modules only are compiled by swc first, other packages are
 * used as they are otherwise.
 */
const LOCAL_INTRINSICS = '<rootDir>/scripts/jest/local-intrinsics.cjs';
const integrationTransform = {
  '/node_modules/(@nestjs|file-type|agenda|@agendajs|@orpc|intl-messageformat|@formatjs)/.+\\.m?js$': [
    LOCAL_INTRINSICS,
    { swc: swc[1] },
  ],
  '/node_modules/.+\\.c?js$': [LOCAL_INTRINSICS, {}],
  '^.+\\.(t|j|mj)sx?$': [LOCAL_INTRINSICS, { swc: swc[1] }],
};

/** An integration suite file named on the command line (`npx jest apps/api/test/users/users-create.int-spec.ts`). */
const namedSuite = process.argv.some((a) => /\.int-spec\.ts$/.test(a));

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|agenda|@agendajs|@orpc|intl-messageformat|@formatjs)/)',
  ],
  moduleNameMapper: {
    '^@depot/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@depot/contracts/base$': '<rootDir>/libs/contracts/src/base.ts',
    '^@depot/contracts/catalogue/(.*)$': '<rootDir>/libs/contracts/src/catalogue/$1',
    '^@depot/domain$': '<rootDir>/libs/domain/src/index.ts',
    '^@depot/gateway$': '<rootDir>/gateway/src/index.ts',
  },
  rootDir: __dirname,
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,gateway,apps/api}/**/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/apps/web/test/setup.ts'],
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.{ts,tsx}'],
      transform: {
        '^.+\\.(t|j|mj)sx?$': [
          '@swc/jest',
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
            module: { type: 'commonjs' },
          },
        ],
      },
      // intl-messageformat (react-intl's ICU formatter, used by the i18n spec) ships ES modules only.
      transformIgnorePatterns: ['/node_modules/(?!(intl-messageformat|@formatjs|react-intl|@orpc)/)'],
      moduleNameMapper: {
        // The panel loads its catalogues precompiled (vite.config.ts, decision 0137); so do its tests. (Jest tries
        // the patterns in order: this one before the common one.)
        '^@depot/contracts/catalogue/(en|pl)\\.json$': '<rootDir>/apps/web/test/catalogue-$1.ts',
        ...common.moduleNameMapper,
        '\\.css$': '<rootDir>/apps/web/test/style-stub.js',
      },
    },
    {
      ...common,
      displayName: 'integration',
      transform: integrationTransform,
      // quagga2 (the tests' barcode reader) is asm.js, left exactly as shipped.
      transformIgnorePatterns: ['/node_modules/@ericblade/'],
      // Jest runs four shard runners (`shard-<n>.int-run.ts`), each loading its share of the suites in one module
      // registry (apps/api/test/suites.ts, decision 0136); a suite file named on the command line runs by itself.
      testMatch: [
        namedSuite ? '<rootDir>/apps/api/test/**/*.int-spec.ts' : '<rootDir>/apps/api/test/**/*.int-run.ts',
      ],
      setupFilesAfterEnv: ['<rootDir>/apps/api/test/setup.ts'],
      globalSetup: '<rootDir>/apps/api/test/global-setup.ts',
      globalTeardown: '<rootDir>/apps/api/test/global-teardown.ts',
    },
  ],
};
