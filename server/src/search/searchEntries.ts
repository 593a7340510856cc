import { specOf, type StockField, type StockKind } from '../domain/stockKinds';
import type { SearchEntry } from './fuzzyIndex';

/** The fields the fuzzy search looks in (SERVER.md §11), from the stock-kind table: manufacturer and supplier are not. */
export const fuzzyFields = (kind: StockKind): StockField[] =>
  specOf(kind).fields.filter((field) => field.fuzzy);

const catalogNameField = (kind: StockKind): StockField =>
  specOf(kind).fields.find((field) => field.home.on === 'catalog') as StockField;

const valueOf = (values: object, field: StockField) => (values as Record<string, unknown>)[field.name];

/** A stock record's searchable texts, from its values flat by API name; it is found by its catalog entry's name. */
export function stockSearchEntry(kind: StockKind, id: number, values: object): SearchEntry {
  return {
    type: specOf(kind).objectType,
    id,
    catalogName: String(valueOf(values, catalogNameField(kind))),
    fields: fuzzyFields(kind).map((field) => String(valueOf(values, field))),
  };
}
