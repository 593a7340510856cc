import { STOCK_RECORD_SCHEMAS } from './stockRecords';
import { specOf, STOCK_KINDS, type StockKind } from './stockKinds';
import {
  quantityWithUnit,
  fieldText,
  readField,
  readLineField,
  stockField,
  viewItemText,
} from './stockKindHelpers';

// The stock-kind table: every page reads its views, so a view naming a field the kind lacks would break a page.

/** The quantities of a shipment line (history cards), which are the line's own rather than the record's. */
const LINE_QUANTITIES = new Set(['old_total', 'added_quantity', 'new_total']);

const fieldsNamedIn = (item: string): string[] =>
  item.includes('{') ? [...item.matchAll(/\{(\w+)\}/g)].map((match) => match[1]) : [item];

describe.each(STOCK_KINDS)('the %s spec', (kind: StockKind) => {
  const spec = specOf(kind);

  it('names each field once', () => {
    const names = spec.fields.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names only the kind's fields in its views", () => {
    const unknown = Object.entries(spec.views).flatMap(([view, items]) =>
      (items.flat() as string[])
        .flatMap(fieldsNamedIn)
        .filter((name) => !(view === 'history' && LINE_QUANTITIES.has(name)))
        .filter((name) => !spec.fields.some((field) => field.name === name))
        .map((name) => `${view}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('describes every field its record schema answers', () => {
    const schema = STOCK_RECORD_SCHEMAS[kind] as unknown as { properties: Record<string, unknown> };
    const readOnly = ['id', spec.catalog.key, 'signal_word_overridden', 'pictograms', 'version'];
    const described = Object.keys(schema.properties).filter((key) => !readOnly.includes(key));
    expect(described.filter((key) => !spec.fields.some((field) => field.name === key))).toEqual([]);
  });
});

describe('reading and writing a field as text', () => {
  const chemical = {
    id: 7,
    chemical: {
      id: 3,
      CAS_RN: '64-17-5',
      name: 'Ethanol',
      molecular_formula: 'C2H6O',
      molecular_weight: 46.069,
    },
    purity: 99.5,
    manufacturer: { id: 1, name: 'Merck' },
    supplier: { id: 2, name: 'Daraz' },
    state: 'LIQUID',
    quantity: 250.5,
  };

  it('reads nested, named and flat fields of a record', () => {
    expect(readField('chemical', stockField('chemical', 'name'), chemical)).toBe('Ethanol');
    expect(readField('chemical', stockField('chemical', 'CAS_RN'), chemical)).toBe('64-17-5');
    expect(readField('chemical', stockField('chemical', 'supplier'), chemical)).toBe('Daraz');
    expect(readField('chemical', stockField('chemical', 'purity'), chemical)).toBe(99.5);
  });

  it('writes states by their label, percentages and quantities with their unit', () => {
    expect(fieldText('chemical', stockField('chemical', 'state'), 'LIQUID')).toBe('Liquid');
    expect(viewItemText('chemical', '{purity} pure', chemical)).toBe('99.5% pure');
    expect(viewItemText('chemical', 'quantity', chemical)).toBe('250.5 ml');
    expect(quantityWithUnit('glassware', 1)).toBe('1 piece');
    expect(quantityWithUnit('glassware', 12)).toBe('12 pieces');
  });

  it('reads the flat fields of a line, as a history line or a ledger item holds them', () => {
    const line = { name: 'Beaker', size: 250, material_type: 'Borosilicate', manufacturer: 'Pyrex' };
    expect(readLineField('glassware', stockField('glassware', 'manufacturer'), line)).toBe('Pyrex');
    expect(readLineField('glassware', stockField('glassware', 'supplier'), line)).toBeNull();
    expect(viewItemText('glassware', 'Size {size}', line, readLineField)).toBe('Size 250');
  });
});
