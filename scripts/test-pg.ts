// `npm run test:pg`: the server's Jest tests against PostgreSQL (each test file gets its own fresh schema).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL?.startsWith('postgres')) {
  console.error('Set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/database first.');
  process.exit(2);
}
const result = spawnSync('npx', ['jest', '--selectProjects', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
