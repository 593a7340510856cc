/**
 * Spreadsheet imports and Store exports (issue 12), called from run.ts:
 * - a 10,000-row chemical CSV uploaded, previewed (every row validated and matched) and committed through the
 *   in-process app, with the longest the event loop was held meanwhile (other requests wait that long);
 * - the whole stock exported over HTTP from the in-process app's own listener, read and discarded as it arrives,
 *   with the growth of the process's memory while it streams (it must stay flat: nothing builds the file).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { multipartBody } from '../server/src/testing/multipart';

/** One line of run.ts's report. */
interface Measurement {
  name: string;
  measured: string;
  target?: string;
  pass?: boolean;
}

const IMPORT_ROWS = 10_000;
const IMPORT_TARGET_MS = 5000;
const BLOCK_TARGET_MS = 50;

const ms = (value: number): string => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * A delivery of new bottles: distinct names (`name` and the row's number), a handful of manufacturers and
 * suppliers, units as people write them.
 */
export function deliveryCsv(rows: number, name = 'Bench import'): string {
  const lines = ['Name;CAS RN;Molecular Formula;Purity (%);Manufacturer;Supplier;State;Amount'];
  const makers = ['Merck', 'Sigma-Aldrich', 'Fisher', 'VWR', 'TCI'];
  for (let row = 0; row < rows; row++) {
    const amount = row % 3 === 0 ? `${(row % 5) + 0.5} L` : `${(row % 900) + 100} mL`;
    lines.push(
      `${name} ${row};64-17-5;C2H6O;${90 + (row % 10)};${makers[row % 5]};${makers[(row + 2) % 5]};LIQUID;${amount}`,
    );
  }
  return lines.join('\r\n');
}

export async function measureImport(app: FastifyInstance): Promise<Measurement[]> {
  const user = await insertUser(app.db, {
    email: 'bench.import@lab.org',
    first_name: 'Bench',
    last_name: 'Import',
    password_hash: 'unused: the benchmark signs its token directly',
    is_superuser: false,
  });
  const headers = { authorization: `Bearer ${signToken(app.config.jwtSecret, 'access', user.id, 3600)}` };
  const form = await multipartBody([['file', deliveryCsv(IMPORT_ROWS), 'delivery.csv']]);

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/management/chemical-imports/',
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload → ${uploaded.statusCode} ${uploaded.body}`);
  const { id } = uploaded.json() as { id: number };
  const previewed = await app.inject({
    method: 'POST',
    url: `/api/management/imports/${id}/preview/`,
    headers,
    payload: {},
  });
  const { counts } = previewed.json() as { counts: Record<string, number> };
  if (counts.new !== IMPORT_ROWS) throw new Error(`preview: ${previewed.body.slice(0, 300)}`);
  const afterPreview = performance.now();
  const committed = await app.inject({
    method: 'POST',
    url: `/api/management/imports/${id}/commit/`,
    headers,
    payload: {},
  });
  if (committed.statusCode !== 200) throw new Error(`commit → ${committed.statusCode} ${committed.body}`);
  const total = performance.now() - started;
  delay.disable();
  const longestBlock = delay.max / 1e6;
  return [
    {
      name: `import of ${IMPORT_ROWS.toLocaleString('en')} chemical rows: upload + preview ${ms(afterPreview - started)}, commit ${ms(total - (afterPreview - started))}`,
      measured: ms(total),
      target: `≤ ${IMPORT_TARGET_MS} ms`,
      pass: total <= IMPORT_TARGET_MS,
    },
    {
      name: 'import: longest the event loop was held (other requests wait that long)',
      measured: ms(longestBlock),
      target: `≤ ${BLOCK_TARGET_MS} ms`,
      pass: longestBlock <= BLOCK_TARGET_MS,
    },
  ];
}

/** Streams a GET to its end, counting bytes and discarding them, as a browser saving the download does. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const bytesInUse = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

const EXPORT_GROWTH_TARGET = 64 * 2 ** 20;

export async function measureExportMemory(app: FastifyInstance, records: number): Promise<Measurement[]> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const baseline = bytesInUse();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, bytesInUse())), 10);
  const started = performance.now();
  let bytes = 0;
  try {
    for (const list of ['chemicalobjs', 'instrumentobjs', 'glasswareobjs']) {
      bytes += await download(`${base}/api/storeobjects/${list}/export/?format=csv`);
    }
  } finally {
    clearInterval(sampler);
  }
  const elapsed = performance.now() - started;
  const growth = peak - baseline;
  return [
    {
      name: `export of all ${records.toLocaleString('en')} records as CSV over HTTP (${mib(bytes)} in ${ms(elapsed)}): peak growth of heap and buffers while streaming`,
      measured: mib(growth),
      target: `≤ ${mib(EXPORT_GROWTH_TARGET)} (the files: ${mib(bytes)})`,
      pass: growth <= EXPORT_GROWTH_TARGET,
    },
  ];
}
