// `npm test`: every check, in order, stopping at the first failure.
// PostgreSQL runs only when TEST_DATABASE_URL is set; the line saying so is what .ci/run looks for.
import { spawnSync } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

const steps: Step[] = [
  { name: 'lint', command: npx, args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', command: npx, args: ['prettier', '--check', '.'] },
  { name: 'type-check', command: npx, args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  // Jest on SQLite: both projects; the server's tests must not pick up a PostgreSQL URL here.
  { name: 'jest (SPA + server on SQLite)', command: npx, args: ['jest'], env: { TEST_DATABASE_URL: '' } },
];
if (testDatabaseUrl) {
  steps.push({
    name: 'jest (server on PostgreSQL)',
    command: npx,
    args: ['jest', '--selectProjects', 'server'],
    env: { TEST_DATABASE_URL: testDatabaseUrl },
  });
}
steps.push(
  { name: 'build', command: npx, args: ['webpack', '--mode', 'production'] },
  { name: 'browser tests', command: npx, args: ['playwright', 'test'] },
);

const started = Date.now();
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${step.name} (${seconds} s)`);
}
if (!testDatabaseUrl) {
  console.log('\nPostgreSQL server tests: skipped (set TEST_DATABASE_URL=postgres://... to run them)');
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
