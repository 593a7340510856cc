import type { SearchEntry } from './fuzzyIndex';

/** The searchable texts of each kind of stock record (SERVER.md §11); manufacturer and supplier are not searched. */

export function chemicalSearchEntry(
  id: number,
  chemical: { name: string; CAS_RN: string; molecular_formula: string },
): SearchEntry {
  return {
    type: 'CHEMICAL',
    id,
    catalogName: chemical.name,
    fields: [chemical.name, chemical.CAS_RN, chemical.molecular_formula],
  };
}

export function instrumentSearchEntry(id: number, instrument: { name: string }): SearchEntry {
  return { type: 'INSTRUMENT', id, catalogName: instrument.name, fields: [instrument.name] };
}

export function glasswareSearchEntry(
  id: number,
  glassware: { name: string; material_type: string; size: number },
): SearchEntry {
  return {
    type: 'GLASSWARE',
    id,
    catalogName: glassware.name,
    fields: [glassware.name, glassware.material_type, String(glassware.size)],
  };
}
