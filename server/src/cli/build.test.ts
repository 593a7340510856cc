import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIsCurrent } from './build';

/** A project folder with the build's inputs and, with `built`, a dist/ written after them. */
function project(): { root: string; write: (file: string, at: number) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-build-'));
  const write = (file: string, at: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    fs.utimesSync(full, at, at);
  };
  return { root, write };
}

const SOURCES = [
  'src/app/App.tsx',
  'src/features/store/StorePage.tsx',
  'public/index.html',
  'webpack.config.js',
];
const INPUTS = [...SOURCES, 'package-lock.json', 'tsconfig.json'];
const [BEFORE, BUILT, AFTER] = [1_700_000_000, 1_700_000_100, 1_700_000_200];

describe('npm start rebuilds only when the build is not current', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  function builtProject() {
    const made = project();
    roots.push(made.root);
    for (const input of INPUTS) made.write(input, BEFORE);
    made.write('dist/index.html', BUILT);
    made.write('dist/assets/main.js', BUILT + 1);
    return made;
  }

  it('skips the build when dist/ is newer than every input', () => {
    expect(buildIsCurrent(builtProject().root)).toBe(true);
  });

  it.each([...INPUTS, 'src/features/new/NewPage.tsx', '.env'])('builds again after %s changes', (input) => {
    const { root, write } = builtProject();
    write(input, AFTER);
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('builds when there is no build, or an empty dist/', () => {
    const { root, write } = project();
    roots.push(root);
    for (const input of INPUTS) write(input, BEFORE);
    expect(buildIsCurrent(root)).toBe(false);
    fs.mkdirSync(path.join(root, 'dist'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('judges by the oldest file of the build: a source newer than part of it needs a build', () => {
    const { root, write } = builtProject();
    write('src/app/App.tsx', BUILT + 0.5);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
