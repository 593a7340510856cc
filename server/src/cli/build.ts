import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config';

/**
 * What the built app in dist/ is made from: a change to any of them needs a new build. `.env` holds the build-time
 * settings webpack.config.js reads.
 */
export const BUILD_INPUTS = [
  'src',
  'public',
  'webpack.config.js',
  'package-lock.json',
  'tsconfig.json',
  '.env',
];

/** The newest modification time among `entry` (a file, or a folder's files at any depth); null if it is missing. */
function newestChange(entry: string, pick: (a: number, b: number) => number): number | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let found: number | null = null;
  for (const name of fs.readdirSync(entry)) {
    const time = newestChange(path.join(entry, name), pick);
    if (time !== null) found = found === null ? time : pick(found, time);
  }
  return found;
}

/**
 * Whether dist/ holds a build newer than every input. webpack empties dist/ before it writes a build
 * (`output.clean`), so its oldest file is when the build was written; an empty or missing dist/ is no build.
 */
export function buildIsCurrent(root: string = projectRoot): boolean {
  const builtAt = newestChange(path.join(root, 'dist'), Math.min);
  if (builtAt === null) return false;
  const inputs = BUILD_INPUTS.map((input) => newestChange(path.join(root, input), Math.max));
  return inputs.every((changedAt) => changedAt === null || changedAt < builtAt);
}

/** `npm start`'s first step: builds the app with webpack unless the build in dist/ is current (that costs minutes). */
function main(): void {
  if (buildIsCurrent()) {
    console.log(
      'The build in dist/ is newer than its sources: not rebuilding (npm run build forces a build).',
    );
    return;
  }
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

if (require.main === module) main();
