import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// The SPA shares the server's pure ground floor (the stock-kind table, chemistry, quantities) and the types of the
// API's answers, nothing else: routes, services and the database stay behind the API, and TypeBox (the contract's
// values) out of the bundle.
const serverInternals = {
  regex: 'server/src/(?!domain/|contract/)',
  message: "The SPA imports from server/src only the domain, and the contract's types (through src/api).",
};
const contractValues = {
  regex: 'server/src/contract/',
  allowTypeImports: true,
  message:
    'The SPA imports only types from the contract (`import type`), so TypeBox stays out of the bundle.',
};
// One typed pair of hooks (src/app/hooks.ts), so every selector knows the store's shape.
const rawReduxHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch'],
  message: 'Use useAppSelector / useAppDispatch from src/app/hooks.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'reports',
      'bench/.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    plugins: { regexp, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // A cycle makes a module's value undefined at the moment its partner runs; lazy imports (the Toaster's
      // code-split chunk) are loaded after both ends exist, so they may close a loop.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No pattern that backtracks or moves super-linearly: one long cell, field or header would hold the server.
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [rawReduxHooks], patterns: [serverInternals, contractValues] },
      ],
    },
  },
  {
    // Tests and their harness start the real server in process.
    files: ['src/testing/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawReduxHooks] }] },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Features stay independent: the app composes them, they never import each other.
    files: ['src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            serverInternals,
            contractValues,
            { regex: '^\\.\\./(?!\\.\\./)', message: 'Features do not import each other.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
