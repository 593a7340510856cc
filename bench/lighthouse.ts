/**
 * Issue 26's first screen on a slow device: Lighthouse 12 (its default mobile profile: simulated slow 4G and a 4×
 * slower CPU) on the public area `/` and the lab terminal `/?terminal`, in Debian's Chromium (never a downloaded
 * browser). `measureLighthouse(baseUrl)` gives, per page, the performance score, total blocking time and largest
 * contentful paint, each the median of RUNS runs in a fresh browser (nothing cached, no session storage: a terminal
 * visit stays in its own run), beside its target.
 *
 * `npx tsx bench/lighthouse.ts` measures the production build (`npm run build` first; `STATIC_DIR=…` for another),
 * served by the product's server on a free loopback port on an empty in-memory database: neither first screen shows
 * data (both are search boxes until something is typed), so a dataset would change nothing. It prints the table and
 * exits non-zero on a miss.
 *
 * Lighthouse simulates the throttling from what it observes on this machine, so its figures still follow the CPU
 * (each row names Lighthouse's own CPU benchmark index, higher is faster): measure on a quiet machine.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { servingBuild } from './browser';
import { exitWith, printTable, type Measurement } from './report';

const execFileAsync = promisify(execFile);

const RUNS = 3;
const ATTEMPTS = 3;
const SCORE_TARGET = 95;
const TBT_TARGET_MS = 150;
const LCP_TARGET_MS = 1500;

const pages = [
  { name: 'public area /', path: '/' },
  { name: 'lab terminal /?terminal', path: '/?terminal' },
] as const;

/** What bench/lighthouseRun.mjs prints for one run. */
interface RunFigures {
  score: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  benchmarkIndex: number;
  warnings: string[];
}

const runScript = path.join(__dirname, 'lighthouseRun.mjs');

/**
 * One Lighthouse run of `url`, in a plain Node process of its own (see lighthouseRun.mjs for why). A run that fails
 * is tried again, up to ATTEMPTS in all: Lighthouse now and then loses the trace of a load on a busy machine
 * (NO_NAVSTART, "Please run Lighthouse again").
 */
async function lighthouseRun(url: string, attempt = 1): Promise<RunFigures> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(process.execPath, [runScript, url], { maxBuffer: 1 << 20 }));
  } catch (error) {
    if (attempt >= ATTEMPTS) throw error;
    console.warn(
      `Lighthouse on ${url} failed, trying again: ${(error as { stderr?: string }).stderr ?? error}`,
    );
    return lighthouseRun(url, attempt + 1);
  }
  const figures = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as RunFigures;
  for (const warning of figures.warnings) console.warn(`Lighthouse on ${url}: ${warning}`);
  return figures;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "median (run 1, run 2, run 3)" */
const figures = (values: number[], format: (value: number) => string): string =>
  `${format(median(values))} (${values.map(format).join(', ')})`;

const msText = (value: number) => `${Math.round(value)} ms`;
const secondsText = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function measureLighthouse(baseUrl: string): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const page of pages) {
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(new URL(page.path, baseUrl).href));
    const of = (key: 'score' | 'tbtMs' | 'lcpMs' | 'fcpMs' | 'benchmarkIndex') => runs.map((run) => run[key]);
    const label = `Lighthouse mobile ${page.name}, median of ${RUNS} (CPU index ${Math.round(median(of('benchmarkIndex')))})`;
    rows.push(
      {
        name: `${label}: performance score`,
        measured: figures(of('score'), String),
        target: `≥ ${SCORE_TARGET}`,
        pass: median(of('score')) >= SCORE_TARGET,
      },
      {
        name: `${label}: total blocking time`,
        measured: figures(of('tbtMs'), msText),
        target: `≤ ${TBT_TARGET_MS} ms`,
        pass: median(of('tbtMs')) <= TBT_TARGET_MS,
      },
      {
        name: `${label}: largest contentful paint`,
        measured: figures(of('lcpMs'), secondsText),
        target: `≤ ${secondsText(LCP_TARGET_MS)}`,
        pass: median(of('lcpMs')) <= LCP_TARGET_MS,
      },
    );
  }
  return rows;
}

async function main(): Promise<number> {
  return servingBuild(async (baseUrl) => {
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const rows = await measureLighthouse(baseUrl);
    printTable(rows);
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    return rows.every((row) => row.pass !== false) ? 0 : 1;
  });
}

if (require.main === module) exitWith(main);
