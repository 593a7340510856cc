import type { Config } from 'jest';

// ESM-only packages that must pass through the transformer (msw's dependencies, typebox, csv-stringify's browser
// build, which the SPA's exports write with).
const esmPackages = [
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  '@open-draft',
  'typebox',
  '@fastify/type-provider-typebox',
  'content-disposition',
  'cookie',
  'csv-stringify',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];
const transform: Config['transform'] = {
  '^.+\\.(t|j|mj|cj)sx?$': [
    '@swc/jest',
    { jsc: { transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
  ],
};

const config: Config = {
  projects: [
    {
      displayName: 'spa',
      testEnvironment: '<rootDir>/src/testing/environment.ts',
      roots: ['<rootDir>/src'],
      setupFiles: ['<rootDir>/src/testing/env.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
      transform,
      transformIgnorePatterns,
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/bench'],
      setupFilesAfterEnv: ['<rootDir>/server/src/testing/jestSetup.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
