// `npm run dev`: the API server (restarting on change) and the webpack dev server with hot reload, which proxies
// /api and /media to it. Open http://localhost:3000 (DEV_PORT).
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const children = [
  spawn(npx, ['tsx', 'watch', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn(npx, ['webpack', 'serve', '--mode', 'development'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
