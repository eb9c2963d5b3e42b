// @ts-check
import js from '@eslint/js';
import jest from 'eslint-plugin-jest';
import globals from 'globals';
import { createRequire } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';

const require = createRequire(import.meta.url);
const depot = { rules: { 'no-literal-ui-text': require('./scripts/eslint-rules/no-literal-ui-text.cjs') } };
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/api/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Every visible text goes through react-intl (libs/contracts/src/catalogue): no literal text in JSX.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.spec.tsx'],
    plugins: { depot },
    rules: { 'depot/no-literal-ui-text': 'error' },
  },
  // A promise is awaited, returned, or marked `void` on purpose (no-floating-promises, no-misused-promises): those two
  // type-aware rules run in oxlint's type-aware mode (.oxlintrc.json, TypeScript 7's checker, decision 0135), part of
  // `npm run lint`; ESLint itself needs no type information.
  {
    // Route contracts (decisions 0108, 0109): the panel calls the API only through the client made from the contract.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/**', 'apps/web/src/**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call the API through client/callFile (apps/web/src/api/contract-client.ts).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              // Decision 0125: the panel's bundle has no CATALOGUE (vite.config.ts leaves it out).
              name: '@depot/contracts',
              importNames: ['CATALOGUE', 'catalogueText', 'labelWords'],
              message:
                'The panel shows texts through react-intl; i18n/messages.ts loads one language at a time.',
            },
            {
              // Decision 0139: Blueprint's Tag lays the page out after every render; ui/Tag.tsx does not.
              name: '@blueprintjs/core',
              importNames: ['Tag'],
              message: 'Use Tag from apps/web/src/ui/Tag.tsx (its text is cut by CSS, without measuring).',
            },
          ],
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['api', 'apiFile'],
              message:
                'Call the API through client/callFile (apps/web/src/api/contract-client.ts), not by path.',
            },
          ],
        },
      ],
    },
  },
  {
    // A route is declared once, in its contract: controllers bind handlers with @ContractRoute and read their input
    // with @ContractInput, not with Nest's own route, status, body, param and query decorators.
    files: ['apps/api/src/modules/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Get', 'Post', 'Put', 'Patch', 'Delete', 'HttpCode', 'Body', 'Param', 'Query'],
              message:
                'Declare the route in libs/contracts and bind it with @ContractRoute / @ContractInput.',
            },
          ],
          patterns: [
            {
              group: ['**/common/zod', '**/common/pipes'],
              importNames: ['BodySchema', 'ValidBody', 'uuidParam'],
              message: 'The route contract validates and documents input (@ContractInput).',
            },
          ],
        },
      ],
    },
  },
  {
    // Nest resolves constructor parameters from their runtime types: a type-only import would erase them.
    files: ['apps/api/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Ambient transactions (decision 0107): only Transactions opens one; nothing passes a transaction around, and
    // queries go through Transactions.db, so none can run beside its caller's transaction.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/transactions.ts', 'apps/api/src/db/database.ts', 'apps/api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with Transactions.run (decision 0107).',
        },
        {
          selector:
            ':function > Identifier.params[name=/^tx$/], :function > AssignmentPattern.params > Identifier.left[name=/^tx$/]',
          message: 'Do not pass transactions around: query through Transactions.db (decision 0107).',
        },
        {
          selector: "Decorator > CallExpression[callee.name='Inject'] > Identifier.arguments[name='DB']",
          message: 'Query through Transactions.db, not the DB handle (decision 0107).',
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', 'apps/api/test/**/*.ts', 'test/**/*.ts'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*'] }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
