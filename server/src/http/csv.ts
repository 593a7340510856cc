import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { exportCsvOptions } from '../domain/csvFormat';

// CSV downloads of lists ("Export CSV"): RFC 4180 text written by csv-stringify, streamed batch by batch.

/** One column of an export: its header and the cell of a row (null: an empty cell), given the row's place from 0. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T, position: number) => string | number | null;
}

/** The rows of the batches as they come, each with its place in the whole list, from 0. */
async function* rowsWithPositions<T>(batches: AsyncIterable<readonly T[]>) {
  let position = 0;
  for await (const batch of batches) {
    for (const row of batch) yield { row, position: position++ };
  }
}

/**
 * The CSV text of the rows as a stream: a UTF-8 byte order mark (so spreadsheets read the text as UTF-8), the
 * header line, then one line per row, CRLF-terminated. Batches are read only as the consumer takes the text, so a
 * slow download holds one batch in memory, never the whole file. A failing read ends the stream with its error.
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
): Readable {
  async function* records() {
    for await (const { row, position } of rowsWithPositions(batches)) {
      yield columns.map((column) => column.cell(row, position));
    }
  }
  const csv = stringify(exportCsvOptions(columns.map((column) => column.header)));
  // pipeline, not pipe: an error of the source must reach (and end) the CSV stream, else the answer never ends.
  return pipeline(Readable.from(records()), csv, () => {});
}

/** Answers with a CSV download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The OpenAPI description of a CSV answer (a 200 that is not JSON). */
export const CSV_RESPONSE = {
  description: 'A CSV file (RFC 4180, UTF-8 with a byte order mark), sent as an attachment',
  content: { 'text/csv': { schema: { type: 'string' } } },
};
