import type { NewStockItem, ShipmentLine } from '../../api/shipments';
import type { ChemicalState, StockKind, StockRecords } from '../../api/stock';
import { expiryDateField } from '../../components/stockAlertFields';
import { numberOrNull, type FormField, type FormValues } from '../../components/StockFormDialog';
import { amount, stateLabels, stockName } from '../../components/stockColumns';
import type { Column } from '../../components/VirtualTable';

// How each kind reads on the Add Shipment page (SPEC §2 Shipment entry pages).

/** The quantity a new line adds; sent as `quantity` so the server's message for it lands under the field. */
const newQuantity: FormField<'quantity'> = { name: 'quantity', label: 'New Quantity', type: 'number' };

export interface KindView<K extends StockKind> {
  /** The tab label. */
  label: string;
  placeholder: string;
  /** One search suggestion. */
  describe(record: StockRecords[K]): string;
  /** The read-only descriptive fields of an existing item. */
  details(record: StockRecords[K]): { label: string; value: string | number }[];
  /** The staging table's columns before New Quantity and Action. */
  columns: Column<ShipmentLine<K>>[];
  /**
   * The brand-new item form: its fields (the item's, then the staged quantity and, for chemicals and glassware, the
   * line's expiry date) and the create request the item's fields make.
   */
  newItem: {
    fields: FormField<string>[];
    emptyValues: FormValues<string>;
    request(values: FormValues<string>): NewStockItem;
  };
}

const position: Column<ShipmentLine> = { header: '#', cell: (_line, index) => index + 1 };
const name: Column<ShipmentLine> = { header: 'Name', cell: (line) => stockName(line.item) };
const manufacturer: Column<ShipmentLine> = {
  header: 'Manufacturer',
  cell: (line) => line.item.manufacturer.name,
};
const supplier: Column<ShipmentLine> = { header: 'Supplier', cell: (line) => line.item.supplier.name };

function currentQuantity(kind: StockKind): Column<ShipmentLine> {
  return { header: 'Quantity', cell: (line) => amount(kind, line.item.quantity) };
}

const chemicalView: KindView<'chemical'> = {
  label: 'Chemical',
  placeholder: 'Chemical...',
  describe: ({ chemical, purity, state, quantity, manufacturer, supplier }) =>
    [
      chemical.name,
      chemical.CAS_RN,
      `${purity}%`,
      stateLabels[state],
      amount('chemical', quantity),
      manufacturer.name,
      supplier.name,
    ].join(' - '),
  details: ({ chemical, purity, state, manufacturer, supplier }) => [
    { label: 'Name', value: chemical.name },
    { label: 'CAS RN', value: chemical.CAS_RN },
    { label: 'Molecular Formula', value: chemical.molecular_formula },
    { label: 'Molecular Weight', value: chemical.molecular_weight },
    { label: 'Purity', value: purity },
    { label: 'State', value: stateLabels[state] },
    { label: 'Manufacturer', value: manufacturer.name },
    { label: 'Supplier', value: supplier.name },
  ],
  columns: [
    position,
    name,
    { header: 'CAS RN', cell: (line) => line.item.chemical.CAS_RN },
    { header: 'Purity', cell: (line) => line.item.purity },
    { header: 'State', cell: (line) => stateLabels[line.item.state] },
    currentQuantity('chemical'),
    manufacturer,
    supplier,
  ],
  newItem: {
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'CAS_RN', label: 'CAS RN' },
      { name: 'molecular_formula', label: 'Molecular Formula' },
      { name: 'purity', label: 'Purity', type: 'number', helperText: 'In percent.' },
      { name: 'manufacturer', label: 'Manufacturer' },
      { name: 'supplier', label: 'Supplier' },
      {
        name: 'state',
        label: 'State',
        choices: {
          placeholder: 'Please Choose...',
          options: Object.entries(stateLabels).map(([value, label]) => ({ value, label })),
        },
      },
      { ...newQuantity, helperText: 'In ml.' },
      expiryDateField,
    ],
    emptyValues: {
      name: '',
      CAS_RN: '',
      molecular_formula: '',
      purity: '',
      manufacturer: '',
      supplier: '',
      state: '',
      quantity: '',
      expiry_date: '',
    },
    request: (values) => ({
      kind: 'chemical',
      fields: {
        name: values.name,
        CAS_RN: values.CAS_RN,
        molecular_formula: values.molecular_formula,
        purity: numberOrNull(values.purity),
        manufacturer: values.manufacturer,
        supplier: values.supplier,
        state: values.state as ChemicalState | '',
      },
    }),
  },
};

const instrumentView: KindView<'instrument'> = {
  label: 'Instrument',
  placeholder: 'Instrument...',
  describe: ({ instrument, quantity, manufacturer, supplier }) =>
    [instrument.name, amount('instrument', quantity), manufacturer.name, supplier.name].join(' - '),
  details: ({ instrument, manufacturer, supplier }) => [
    { label: 'Name', value: instrument.name },
    { label: 'Manufacturer', value: manufacturer.name },
    { label: 'Supplier', value: supplier.name },
  ],
  columns: [position, name, currentQuantity('instrument'), manufacturer, supplier],
  newItem: {
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'manufacturer', label: 'Manufacturer' },
      { name: 'supplier', label: 'Supplier' },
      { ...newQuantity, helperText: 'In pieces.' },
    ],
    emptyValues: { name: '', manufacturer: '', supplier: '', quantity: '' },
    request: (values) => ({
      kind: 'instrument',
      fields: { name: values.name, manufacturer: values.manufacturer, supplier: values.supplier },
    }),
  },
};

const glasswareView: KindView<'glassware'> = {
  label: 'Glassware',
  placeholder: 'Glassware...',
  describe: ({ glassware, size, quantity, manufacturer, supplier }) =>
    [size, glassware.name, amount('glassware', quantity), manufacturer.name, supplier.name].join(' - '),
  details: ({ glassware, size, material_type, manufacturer, supplier }) => [
    { label: 'Name', value: glassware.name },
    { label: 'Manufacturer', value: manufacturer.name },
    { label: 'Size', value: size },
    { label: 'Material Type', value: material_type },
    { label: 'Supplier', value: supplier.name },
  ],
  columns: [
    position,
    name,
    { header: 'Size', cell: (line) => line.item.size },
    { header: 'Material Type', cell: (line) => line.item.material_type },
    currentQuantity('glassware'),
    manufacturer,
    supplier,
  ],
  newItem: {
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'size', label: 'Size', type: 'number' },
      { name: 'material_type', label: 'Material Type' },
      { name: 'manufacturer', label: 'Manufacturer' },
      { name: 'supplier', label: 'Supplier' },
      { ...newQuantity, helperText: 'In pieces.' },
      expiryDateField,
    ],
    emptyValues: {
      name: '',
      size: '',
      material_type: '',
      manufacturer: '',
      supplier: '',
      quantity: '',
      expiry_date: '',
    },
    request: (values) => ({
      kind: 'glassware',
      fields: {
        name: values.name,
        size: numberOrNull(values.size),
        material_type: values.material_type,
        manufacturer: values.manufacturer,
        supplier: values.supplier,
      },
    }),
  },
};

export const kindViews: { [K in StockKind]: KindView<K> } = {
  chemical: chemicalView,
  instrument: instrumentView,
  glassware: glasswareView,
};

export const shipmentKinds: StockKind[] = ['chemical', 'instrument', 'glassware'];
