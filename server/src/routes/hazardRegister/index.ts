import type { FastifyInstance } from 'fastify';
import { slicesOf } from '../../db/slices';
import { quantityWithUnit } from '../../domain/stockKindHelpers';
import { CSV_RESPONSE, csvStream, sendCsv, type CsvColumn } from '../../http/csv';
import { resource } from '../../http/resource';
import { ExportFormatQuery } from '../../http/schemas';
import { sendXlsx, XLSX_RESPONSE, xlsxStream } from '../../http/spreadsheet';
import { hazardRegister, type HazardPlace, type HazardRegisterEntry } from '../../services/hazardRegister';

// The hazard register's download (issue 33, item 6; docs/api.md, 'Hazard register'): a safety officer's list of
// every hazardous substance the store holds, its label, its amount and where it is.

const tags = ['stock'];

const ROWS_PER_BATCH = 500;

/** A list of codes as one text cell, `H225, H319`. */
const codes = (list: readonly string[]) => list.join(', ');

/** `Cabinet B2: 250 ml (#3, #7)`: a place, what it holds of the substance and the records that hold it. */
function placeText({ storage_place: place, quantity, record_ids: ids }: HazardPlace): string {
  const records = ids.map((id) => `#${id}`).join(', ');
  return `${place ?? 'No storage place'}: ${quantityWithUnit('chemical', quantity)} (${records})`;
}

/** The register's columns: text as text (the formula rule applies to it), amounts and counts as numbers. */
const COLUMNS: CsvColumn<HazardRegisterEntry>[] = [
  { header: 'CAS RN', cell: (entry) => entry.cas_rn },
  { header: 'Name', cell: (entry) => entry.name },
  { header: 'Hazard statements', cell: (entry) => codes(entry.hazard_statements) },
  { header: 'Signal word', cell: (entry) => entry.signal_word },
  { header: 'Pictograms', cell: (entry) => codes(entry.pictograms) },
  { header: 'Amount (ml)', cell: (entry) => entry.quantity },
  {
    header: 'Records',
    cell: (entry) => entry.places.reduce((sum, place) => sum + place.record_ids.length, 0),
  },
  { header: 'Storage places', cell: (entry) => entry.places.map(placeText).join('; ') },
];

export default async function hazardRegisterRoutes(app: FastifyInstance) {
  resource(app, '/api/management/hazard-register/export/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Every hazardous substance in stock, with its label, amount and storage places',
          description:
            'One row per chemical catalog entry with hazard statements of which some records hold stock, by ' +
            'name: CAS RN, name, H-codes, signal word, pictograms, the amount in ml, how many records hold it ' +
            'and each storage place with what it holds. See docs/api.md.',
          querystring: ExportFormatQuery,
          response: {
            200: { ...CSV_RESPONSE, content: { ...CSV_RESPONSE.content, ...XLSX_RESPONSE.content } },
          },
        },
      },
      async (request, reply) => {
        const { format = 'csv' } = request.query;
        const register = await hazardRegister(app.db);
        // Written a few hundred rows at a time, as the lists are, so a long register never holds the loop.
        async function* batches() {
          yield* slicesOf(register, ROWS_PER_BATCH);
        }
        const name = `labstore-hazard-register-${app.now().toISOString().slice(0, 10)}`;
        if (format === 'xlsx')
          return sendXlsx(reply, `${name}.xlsx`, xlsxStream(COLUMNS, batches(), 'Hazard register'));
        return sendCsv(reply, `${name}.csv`, csvStream(COLUMNS, batches()));
      },
    ),
  );
}
