import type { SearchEntry } from '../server/src/search/fuzzyIndex';
import {
  chemicalSearchEntry,
  glasswareSearchEntry,
  instrumentSearchEntry,
} from '../server/src/search/searchEntries';
import type { Dataset } from './dataset';

/** The search index's view of a dataset, with the ids the records get when loaded into an empty database. */
export function searchEntriesOf(dataset: Dataset): SearchEntry[] {
  return [
    ...dataset.chemicals.map((record, index) => chemicalSearchEntry(index + 1, record)),
    ...dataset.instruments.map((record, index) => instrumentSearchEntry(index + 1, record)),
    ...dataset.glassware.map((record, index) => glasswareSearchEntry(index + 1, record)),
  ];
}
