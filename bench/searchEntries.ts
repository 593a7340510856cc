import type { SearchEntry } from '../server/src/search/fuzzyIndex';
import { stockSearchEntry } from '../server/src/search/searchEntries';
import type { Dataset } from './dataset';

/** The search index's view of a dataset, with the ids the records get when loaded into an empty database. */
export function searchEntriesOf(dataset: Dataset): SearchEntry[] {
  return [
    ...dataset.chemicals.map((record, index) => stockSearchEntry('chemical', index + 1, record)),
    ...dataset.instruments.map((record, index) => stockSearchEntry('instrument', index + 1, record)),
    ...dataset.glassware.map((record, index) => stockSearchEntry('glassware', index + 1, record)),
  ];
}
