import fs from 'node:fs';

// The data folder was made for this run only (see playwright.config.ts).
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('labstore-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
