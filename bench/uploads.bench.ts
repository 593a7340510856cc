/**
 * Hostile uploads (issue "Hardening II", items 1 and 2), called from run.ts: the worst spreadsheets that fit in the
 * 10 MB upload limit — a cell in column XFD on every row, zip bombs, the most rows, the widest rows, the longest
 * cells, the largest styles and shared strings a workbook may have — each uploaded to the in-process app, with
 * the peak growth of the process's memory while it is read (rss, and heap + array buffers, sampled every 5 ms
 * from a baseline taken after a full garbage collection) and the longest the event loop was held
 * (monitorEventLoopDelay); then the previews whose cells are at the longest length each pattern reads.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import type { FastifyInstance } from 'fastify';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { MAX_AMOUNT_LENGTH } from '../server/src/domain/importedQuantity';
import { MAX_CELL_LENGTH, MAX_COLUMNS, MAX_UNPACKED_BYTES } from '../server/src/http/spreadsheet';
import { IMPORT_MAX_BYTES } from '../server/src/routes/imports';
import { MAX_IMPORT_ROWS } from '../server/src/services/imports';
import { multipartBody } from '../server/src/testing/multipart';
import { declaringSize, repeated, rowXml, sheetOf, withPart, xlsxOf } from '../server/src/testing/workbooks';
import { collectGarbage } from './memory';
import { ms, type Measurement } from './report';

const MEMORY_TARGET = 256 * 2 ** 20;
const BLOCK_TARGET_MS = 100;

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const size = (bytes: number): string =>
  bytes < 2 ** 20 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;

interface Footprint {
  /** Peak growth of the resident set. */
  rss: number;
  /** Peak growth of the JavaScript heap and array buffers. */
  heap: number;
  /** The longest the event loop was held, in ms. */
  block: number;
}

/** Runs `work`, sampling memory every 5 ms from a collected baseline and watching the event loop. */
async function footprintOf<T>(work: () => Promise<T>): Promise<{ result: T; footprint: Footprint }> {
  collectGarbage();
  // A turn of the loop after the collection, so the delay monitor's first interval does not start before it
  // (libuv's clock is read once a turn) and count the collection as the upload's block.
  await new Promise((resolve) => setImmediate(resolve));
  const base = process.memoryUsage();
  const baseHeap = base.heapUsed + base.arrayBuffers;
  let peakRss = base.rss;
  let peakHeap = baseHeap;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 5);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    const result = await work();
    sample();
    return {
      result,
      footprint: { rss: peakRss - base.rss, heap: peakHeap - baseHeap, block: delay.max / 1e6 },
    };
  } finally {
    clearInterval(sampler);
    delay.disable();
  }
}

/**
 * A request body as a network delivers it, 64 KB at a time with turns of the event loop between: given whole,
 * app.inject would hand the multipart parser megabytes in one go, a block no client can cause.
 */
async function* fromTheNetwork(body: Buffer): AsyncGenerator<Buffer> {
  for (let start = 0; start < body.length; start += 64 * 1024) {
    await new Promise((resolve) => setImmediate(resolve));
    yield body.subarray(start, start + 64 * 1024);
  }
}

function row(name: string, { rss, heap, block }: Footprint): Measurement {
  return {
    name,
    measured: `rss +${mib(rss)}, heap+buffers +${mib(heap)}, longest block ${ms(block)}`,
    target: `≤ ${mib(MEMORY_TARGET)}, ≤ ${BLOCK_TARGET_MS} ms`,
    pass: rss <= MEMORY_TARGET && heap <= MEMORY_TARGET && block <= BLOCK_TARGET_MS,
  };
}

/** An upload, what it is and the answer it must get (a status, and for a 400 the start of its message). */
interface HostileUpload {
  what: string;
  fileName: string;
  build: () => Promise<Buffer>;
  status: 201 | 400;
  message?: string;
}

const base = () =>
  xlsxOf([
    ['name', 'manufacturer', 'supplier', 'quantity'],
    ['Beaker', 'Zeiss', 'Daraz', 1],
  ]);
const SHEET = 'xl/worksheets/sheet1.xml';
/** A size a lying zip declares for its bomb. */
const SMALL = 1000;
/** Bytes of XML a bomb inflates to: just past the workbook's limit. */
const PAST_LIMIT = MAX_UNPACKED_BYTES + 2 ** 20;

/** A header row and `rows` rows of `columns` numeric cells, as a sheet part holds them. */
function* numericRows(rows: number, columns: number): Generator<string> {
  const letters = (column: number): string =>
    column < 26
      ? String.fromCharCode(65 + column)
      : letters(Math.floor(column / 26) - 1) + letters(column % 26);
  const names = Array.from({ length: columns }, (_, column) => letters(column));
  yield rowXml(1, { A: 'name', B: 'manufacturer', C: 'supplier', D: 'quantity' });
  for (let number = 2; number <= rows + 1; number++) {
    yield `<row r="${number}">${names.map((name) => `<c r="${name}${number}"><v>${number}</v></c>`).join('')}</row>`;
  }
}

/** A CSV of a header row and `rows` rows of MAX_COLUMNS one-letter cells. */
function oneLetterCells(rows: number): Buffer {
  const header = [
    'name',
    'manufacturer',
    'supplier',
    'quantity',
    ...Array.from({ length: MAX_COLUMNS - 4 }, (_, column) => `c${column}`),
  ];
  const line = Array.from({ length: MAX_COLUMNS }, (_, column) =>
    String.fromCharCode(97 + (column % 26)),
  ).join(',');
  return Buffer.from([header.join(','), ...Array.from({ length: rows }, () => line)].join('\r\n'));
}

const uploads: HostileUpload[] = [
  {
    what: 'xlsx: a cell in column XFD on every one of 16,000 rows',
    fileName: 'xfd.xlsx',
    build: async () => {
      function* rows() {
        yield rowXml(1, { A: 'name', B: 'quantity' });
        for (let number = 2; number <= 16_000; number++) {
          yield rowXml(number, { A: `Beaker ${number}`, B: '1', XFD: 'x' });
        }
      }
      return withPart(await base(), SHEET, sheetOf(rows()));
    },
    status: 400,
    message: 'The file has more than 200 columns',
  },
  {
    what: 'xlsx: 16 million empty elements inflating past 64 MB, declared as 1 KB',
    fileName: 'bomb.xlsx',
    build: async () => {
      const rows = repeated('<b/>', Math.ceil(PAST_LIMIT / 4));
      return declaringSize(await withPart(await base(), SHEET, sheetOf(rows)), SHEET, SMALL);
    },
    status: 400,
    message: 'The workbook unpacks to more than 64 MB',
  },
  {
    what: 'xlsx: 5.5 million blank rows inflating past 64 MB, declared as 1 KB',
    fileName: 'blank-rows.xlsx',
    build: async () => {
      const blankRow = '<row r="9"/>';
      const rows = repeated(blankRow, Math.ceil(PAST_LIMIT / blankRow.length));
      return declaringSize(await withPart(await base(), SHEET, sheetOf(rows)), SHEET, SMALL);
    },
    status: 400,
    message: 'The workbook unpacks to more than 64 MB',
  },
  {
    what: 'xlsx: one cell of 60 MB of text',
    fileName: 'one-cell.xlsx',
    build: async () =>
      withPart(
        await base(),
        SHEET,
        sheetOf([
          '<row r="1"><c r="A1" t="inlineStr"><is><t>',
          ...repeated('x', 60 * 2 ** 20),
          '</t></is></c></row>',
        ]),
      ),
    status: 400,
    message: 'The workbook holds a text of more than 32,767 characters',
  },
  {
    what: 'xlsx: 1.8 million shared strings of 2 characters (31 MB) and 2 MB of styles, under their limits',
    fileName: 'strings.xlsx',
    build: async () => {
      const strings = '<si><t>ab</t></si>';
      const sharedStrings = [
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
        ...repeated(strings, Math.floor((31 * 2 ** 20) / strings.length)),
        '</sst>',
      ];
      const styles = [
        '<styleSheet><cellXfs>',
        ...repeated('<xf/>', Math.floor((2 * 2 ** 20 - 64) / 5)),
        '</cellXfs></styleSheet>',
      ];
      const withStyles = await withPart(await base(), 'xl/styles.xml', styles);
      return withPart(withStyles, 'xl/sharedStrings.xml', sharedStrings);
    },
    status: 400,
    message: 'No column of the first row names a field',
  },
  {
    what: 'xlsx: a workbook of 1,001 parts',
    fileName: 'parts.xlsx',
    build: async () => {
      const zip = await JSZip.loadAsync(await base());
      for (let part = 0; part < 1001; part++) zip.file(`xl/media/${part}.png`, '');
      return zip.generateAsync({ type: 'nodebuffer' });
    },
    status: 400,
    message: 'The workbook holds more than 1000 parts',
  },
  {
    what: `xlsx: ${MAX_IMPORT_ROWS.toLocaleString('en')} rows (the most accepted), then one more`,
    fileName: 'rows.xlsx',
    build: () =>
      xlsxOf([
        ['name', 'manufacturer', 'supplier', 'quantity'],
        ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, number) => [
          `Beaker ${number}`,
          'Zeiss',
          'Daraz',
          1,
        ]),
      ]),
    status: 400,
    message: 'The file holds more than 20000 rows',
  },
  {
    what: `xlsx: 4,990 rows of ${MAX_COLUMNS} numbers (the widest rows, as many cells as accepted)`,
    fileName: 'wide.xlsx',
    build: async () => withPart(await base(), SHEET, sheetOf(numericRows(4990, MAX_COLUMNS))),
    status: 201,
  },
  {
    what: `xlsx: 10,000 rows of ${MAX_COLUMNS} numbers`,
    fileName: 'wider.xlsx',
    build: async () => withPart(await base(), SHEET, sheetOf(numericRows(10_000, MAX_COLUMNS))),
    status: 400,
    message: 'The file holds more than 1,000,000 cells',
  },
  {
    what: 'CSV: a header of 3,000,000 columns',
    fileName: 'wide-header.csv',
    build: async () => Buffer.from(`name${',x'.repeat(3_000_000)}\r\nBeaker\r\n`),
    status: 400,
    message: 'The file has more than 200 columns',
  },
  {
    what: `CSV: 4,990 rows of ${MAX_COLUMNS} one-character cells (the most cells accepted)`,
    fileName: 'cells.csv',
    build: async () => oneLetterCells(4990),
    status: 201,
  },
  {
    what: `CSV: ${MAX_IMPORT_ROWS.toLocaleString('en')} rows of ${MAX_COLUMNS} one-character cells`,
    fileName: 'more-cells.csv',
    build: async () => oneLetterCells(MAX_IMPORT_ROWS),
    status: 400,
    message: 'The file holds more than 1,000,000 cells',
  },
  {
    what: `CSV: 9,000 rows of cells of ${MAX_CELL_LENGTH.toLocaleString('en')} characters (the longest read whole)`,
    fileName: 'long-cells.csv',
    build: async () => {
      const cell = 'x'.repeat(MAX_CELL_LENGTH);
      return Buffer.from(
        [
          'name,manufacturer,supplier,quantity',
          ...Array.from({ length: 9000 }, () => `${cell},Zeiss,Daraz,1`),
        ].join('\r\n'),
      );
    },
    status: 201,
  },
  {
    what: 'CSV: one cell of 10 MB',
    fileName: 'one-cell.csv',
    build: async () => Buffer.from(`name,quantity\r\n"${'x'.repeat(IMPORT_MAX_BYTES - 100)}",1\r\n`),
    status: 400,
    message: 'A row of the file holds more than',
  },
];

export async function measureUploads(app: FastifyInstance): Promise<Measurement[]> {
  const user = await insertUser(app.db, {
    email: 'bench.uploads@lab.org',
    first_name: 'Bench',
    last_name: 'Uploads',
    password_hash: 'unused: the benchmark signs its token directly',
    is_superuser: false,
  });
  const headers = { authorization: `Bearer ${signToken(app.config.jwtSecret, 'access', user.id, 3600)}` };
  const rows: Measurement[] = [];
  const worst: Footprint = { rss: 0, heap: 0, block: 0 };
  const keepWorst = (footprint: Footprint) => {
    worst.rss = Math.max(worst.rss, footprint.rss);
    worst.heap = Math.max(worst.heap, footprint.heap);
    worst.block = Math.max(worst.block, footprint.block);
  };

  const send = async (kind: string, fileName: string, content: Buffer) => {
    const form = await multipartBody([['file', content, fileName]]);
    return app.inject({
      method: 'POST',
      url: `/api/management/${kind}-imports/`,
      payload: Readable.from(fromTheNetwork(form.payload), { objectMode: false }),
      headers: { ...headers, ...form.headers },
    });
  };

  for (const upload of uploads) {
    const content = await upload.build();
    if (content.length > IMPORT_MAX_BYTES)
      throw new Error(`${upload.what}: ${size(content.length)} is over the limit`);
    const { result: answer, footprint } = await footprintOf(() =>
      send('instrument', upload.fileName, content),
    );
    const message = answer.statusCode === 400 ? (answer.json() as { file?: string[] }).file?.[0] : undefined;
    if (answer.statusCode !== upload.status || (upload.message && !message?.startsWith(upload.message))) {
      throw new Error(`${upload.what} → ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    }
    keepWorst(footprint);
    rows.push(row(`upload of ${upload.what} (${size(content.length)}) → ${answer.statusCode}`, footprint));
  }

  // Previews: every quantity at the longest the quantity pattern reads (digits, then a unit that is no unit, the
  // shape that made the old pattern try every split), and every mapped cell at the longest any pattern reads.
  const amount = `${'1'.repeat(MAX_AMOUNT_LENGTH - 4)}x yz`.slice(0, MAX_AMOUNT_LENGTH);
  const longest = 'x'.repeat(MAX_CELL_LENGTH);
  const previews = [
    {
      what: `${MAX_IMPORT_ROWS.toLocaleString('en')} instrument rows, every quantity ${MAX_AMOUNT_LENGTH} characters`,
      kind: 'instrument',
      csv: [
        'name,manufacturer,supplier,quantity',
        ...Array.from({ length: MAX_IMPORT_ROWS }, (_, n) => `Scale ${n},Zeiss,Daraz,${amount}`),
      ],
    },
    {
      what: `900 chemical rows (10 MB), every mapped cell ${MAX_CELL_LENGTH.toLocaleString('en')} characters`,
      kind: 'chemical',
      csv: [
        'name,CAS_RN,molecular_formula,molecular_weight,purity,manufacturer,supplier,state,expiry_date,hazard_statements,quantity',
        ...Array.from({ length: 900 }, () => Array.from({ length: 11 }, () => longest).join(',')),
      ],
    },
  ];
  for (const preview of previews) {
    const uploaded = await send(preview.kind, 'preview.csv', Buffer.from(preview.csv.join('\r\n')));
    if (uploaded.statusCode !== 201)
      throw new Error(`${preview.what}: upload → ${uploaded.statusCode} ${uploaded.body}`);
    const { id } = uploaded.json() as { id: number };
    const { result: answer, footprint } = await footprintOf(() =>
      app.inject({ method: 'POST', url: `/api/management/imports/${id}/preview/`, headers, payload: {} }),
    );
    const { counts } = answer.json() as { counts: Record<string, number> };
    if (answer.statusCode !== 200 || counts.error === 0)
      throw new Error(`${preview.what}: preview → ${answer.body.slice(0, 300)}`);
    keepWorst(footprint);
    rows.push(row(`preview of ${preview.what}`, footprint));
  }
  rows.push(row('uploads and previews above: the worst of each figure', worst));
  return rows;
}
