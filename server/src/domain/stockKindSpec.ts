import { MAX_QUANTITY } from './quantity';
import { MAX_UNIT_PRICE, UNIT_PRICE_DECIMALS } from './unitPrice';

// What a chemical, an instrument and a glassware item are, said once: their fields (API name, screen labels, how
// each is entered and checked, where it is stored) and, per page, which fields it shows in what order. The server
// (schemas, storage, ordering, search, exports, imports, audit and history descriptions) and the SPA (forms, tabs,
// columns, labels, record pages) derive what they list of a kind from the table (stockKinds.ts, an entry per kind
// in chemicalKind.ts and labwareKinds.ts), so a new field is one entry in its kind's file, its migration and its
// tests. This file holds the table's types and the fields every kind shares. Pure: no I/O, no library, so the SPA
// imports it (src/api/stockKinds.ts) as it is.

/** The three kinds of stock record, as the API names them in paths and query parameters. */
export const STOCK_KINDS = ['chemical', 'instrument', 'glassware'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

/** How the ledger, the issue cart, issues and the search log name a kind (SERVER.md §9–§11). */
export type StockObjectType = 'CHEMICAL' | 'INSTRUMENT' | 'GLASSWARE';

/** A chemical stock record's state codes (§4.3). */
export const CHEMICAL_STATES = ['SOLID', 'LIQUID', 'GAS'] as const;
export type ChemicalState = (typeof CHEMICAL_STATES)[number];

/** SPEC §2's labels of the state codes ('Please Choose...' is the select's placeholder). */
export const CHEMICAL_STATE_LABELS: Record<ChemicalState, string> = {
  SOLID: 'Solid',
  LIQUID: 'Liquid',
  GAS: 'Gas',
};

// ---- Fields ----

/** How a field is entered and checked: the §4.3 write rules the server validates and the forms offer. */
export type FieldInput =
  | {
      type: 'text';
      maxLength?: number;
      /** A text of a set form, checked by the server: a CAS number (§4.5) or a molecular formula (§4.6). */
      format?: 'cas-number' | 'molecular-formula';
    }
  | {
      type: 'number';
      /** Decimal places it may have (0: whole numbers only); absent: any, rounded where it is stored. */
      decimals?: number;
      minimum?: number;
      maximum?: number;
      exclusiveMinimum?: number;
    }
  /** A calendar day, `YYYY-MM-DD`, from 1900-01-01 (domain/calendarDate.ts). */
  | { type: 'date' }
  | {
      type: 'choice';
      choices: readonly string[];
      labels: Readonly<Record<string, string>>;
      placeholder: string;
      /** Compared without case (the listed spelling is what is stored). */
      ignoreCase?: boolean;
    }
  /**
   * Codes of one of the domain's lists, any number of them (any case that tells no two apart; each once): a
   * chemical's GHS H-codes (domain/chemistry/ghs.ts) or its marked storage classes
   * (domain/chemistry/storageCompatibility.ts). Named, not listed here, so that what needs only the table does not
   * load the GHS list.
   */
  | { type: 'codes'; list: 'hazard-statements' | 'storage-classes' };

/** Where a field's value is kept, which decides how it is stored, read, ordered and searched. */
export type FieldHome =
  /** The name of the kind's catalog entry (`chemical.name`, `instrument.name`, `glassware.name`). */
  | { on: 'catalog' }
  /** A column of the chemical's catalog entry: what describes the substance (§4.4). */
  | { on: 'substance'; column: 'cas_rn' | 'molecular_formula' | 'molecular_weight' }
  /** A manufacturer or supplier entry, found or created by name; `foreignKey`: the stock row's column naming it. */
  | { on: 'trade'; table: 'manufacturers' | 'suppliers'; foreignKey: 'manufacturer_id' | 'supplier_id' }
  /**
   * A column of the stock row. `scale`: stored as hundredths (purity), ten-thousandths (a unit price, domain/unitPrice)
   * or in the kind's base units (a minimum); `key`: the column holding the text trimmed and lower-cased, for identity,
   * ordering and search.
   */
  | { on: 'record'; column: string; scale?: 'hundredths' | 'ten-thousandths' | 'base'; key?: string }
  /** The record's quantity, in base units on the row (thousandths of a ml, or pieces). */
  | { on: 'quantity' }
  /**
   * A chemical's hazard data (docs/api.md §16): stored codes and a signal-word override, from which a read derives
   * the label (pictograms, signal word); the forms enter it in a block of its own. `kept`: where it is stored. The
   * H-codes and the signal word are the substance's (columns of its catalog entry, like `{on: 'substance'}`), so
   * every record of it shows them and a write to one record writes them for all (issue 33); they are read flat on
   * the record all the same (SERVER.md's and docs/api.md's shapes). The storage classes are the record's own:
   * whether what a bottle holds is stored as an acid or as aqueous depends on the bottle.
   */
  | { on: 'hazards'; kept: 'substance' | 'record' };

export interface StockField {
  /** The API name: the §4.3 write field, the flat name of history lines, audit snapshots and imports. */
  readonly name: string;
  /** The screen label (the stock form's; SPEC.md's wording where it names the field). */
  readonly label: string;
  /** Where a page of SPEC.md labels the field otherwise (the Store's glassware 'Type'). */
  readonly labels?: Partial<Record<LabelledView, string>>;
  readonly input: FieldInput;
  /** The unit of a number (`%`, `g/mol`), shown in headers and file columns: 'Purity (%)'. */
  readonly unit?: string;
  /** Under the input in the forms. */
  readonly helperText?: string;
  /** What the API's documentation (OpenAPI) says of a written value where its input and unit do not tell. */
  readonly description?: string;
  /** What it says of a read value beyond its unit or date format (what null means, what the value implies). */
  readonly readDescription?: string;
  /** Needed on create (a PUT needs every field all the same). */
  readonly required: boolean;
  /** Answers null when unset, and null clears it on a write. */
  readonly nullable: boolean;
  /**
   * Computed by the server when left out (a chemical's molecular weight, from its formula); a blank sent
   * for it counts as left out (SERVER.md §4.3).
   */
  readonly computed?: boolean;
  readonly home: FieldHome;
  /** One of the fields that identify a record (§4.4): another record with the same ones is the same record. */
  readonly identity?: boolean;
  /** Looked up by the fuzzy search (SERVER.md §11). */
  readonly fuzzy?: boolean;
  /** Looked up by the Store's filter (`search=`, docs/api.md §5). */
  readonly filtered?: boolean;
  /** A Store column the list can be ordered by (`ordering=`). */
  readonly sortable?: boolean;
  /** Other names a file's header may give the field (imports), besides its API name and its labels. */
  readonly aliases?: readonly string[];
}

/** The pages and lines that list a kind's fields, each in its own order (SPEC.md's columns differ by page). */
export interface StockViews {
  /** The stock form (create and edit, admin Store): its inputs, in order. */
  readonly form: readonly string[];
  /** The Store's columns (public and admin) and the Store files' columns. */
  readonly store: readonly string[];
  /** A record page's fields after its name: those that may be unset (nullable) only when set. */
  readonly recordPage: readonly string[];
  /** The Search page's result columns. */
  readonly search: readonly string[];
  /** Add Shipment: a brand-new item's inputs (then the staged quantity and, where it expires, its expiry date). */
  readonly stagingForm: readonly string[];
  /** Add Shipment: an existing item's read-only fields. */
  readonly stagingDetails: readonly string[];
  /** Add Shipment: the staging table's columns after # and Name, before New Quantity. */
  readonly stagingTable: readonly string[];
  /** Add Shipment: one search suggestion, its parts joined by ' - ' (SPEC: size - name - quantity pieces - …). */
  readonly suggestion: readonly ViewItem[];
  /** Shipment history: a card's columns; `old_total`, `added_quantity` and `new_total` are the line's own. */
  readonly history: readonly string[];
  /** What a history line and a ledger entry's item carry of the record (besides `stock_id`): SPEC §3's lines. */
  readonly line: readonly string[];
  /**
   * What the store's pick list says of a record it may take for a request line, besides its name and quantity: which
   * to take first and where to find it (`expiry_date`, `opened_on`, `storage_place`; a kind without one says null).
   */
  readonly pick: readonly PickFact[];
  /** An audit entry's snapshot of a record: the fields it lists old → new, in this order. */
  readonly audit: readonly string[];
  /** An audit entry's target label, `Ethanol 99.5% Merck/Daraz (chemical #7)`: these, then manufacturer/supplier. */
  readonly auditLabel: readonly ViewItem[];
  /** The Ledger page's item line: what tells the record apart from others of its name, then manufacturer/supplier. */
  readonly identifying: readonly ViewItem[];
  /** Create an Issue's search suggestion, after the name; its parts joined by ', '. */
  readonly issueSuggestion: readonly ViewItem[];
  /** A printed label's lines between the name and the record number; the items of one line joined by ' · '. */
  readonly label: readonly (readonly ViewItem[])[];
}

/** The views whose headers may label a field otherwise than its form; `ledger`: the ledger export's columns. */
export type LabelledView =
  'store' | 'search' | 'stagingDetails' | 'stagingTable' | 'history' | 'recordPage' | 'ledger';

/** The facts a pick list may name of a record (StockViews' `pick`). */
export type PickFact = 'expiry_date' | 'opened_on' | 'storage_place';

/**
 * An item of a view: a field's API name, or (in the lines of text: suggestions, labels) a template naming fields in
 * braces, `Size {size}`, `{purity} pure`, each field written as fieldText writes it.
 */
export type ViewItem = string;

export interface StockKindSpec<K extends StockKind = StockKind> {
  readonly kind: K;
  readonly objectType: StockObjectType;
  /** The kind on screen: tabs, kind columns ('Chemical'). */
  readonly label: string;
  /** Its records on screen ('chemicals'). */
  readonly plural: string;
  /** The unit of quantities (SPEC §1). */
  readonly unit: 'ml' | 'pieces';
  /** Decimals a quantity may have: ml to the thousandth, pieces whole. */
  readonly decimals: number;
  /**
   * The kind's catalog of names: its table, the key its records nest the entry under, the stock row's column, and
   * the fields the nested entry holds besides its id, in SERVER.md §4.1's order (a chemical's describe the substance).
   */
  readonly catalog: {
    readonly table: 'chemicals' | 'instruments' | 'glasswares';
    readonly key: K;
    readonly foreignKey: 'chemical_id' | 'instrument_id' | 'glassware_id';
    readonly entry: readonly string[];
  };
  readonly stockTable: 'chemical_stock' | 'instrument_stock' | 'glassware_stock';
  /** URL segments: `/api/storeobjects/<store>/`, `/api/management/<management>/`, `/<page>/12` (record pages). */
  readonly segments: { readonly store: string; readonly management: string; readonly page: string };
  /** The key of a shipment's lines (SERVER.md §7: `chemicals`, `instruments`, `glasswares`). */
  readonly shipmentLinesKey: 'chemicals' | 'instruments' | 'glasswares';
  /** The Store tab and its file number their rows (SPEC: the chemical table's `#`). */
  readonly numbered: boolean;
  /** Its records may carry an expiry date, and staged lines the date on what arrives (docs/api.md §11). */
  readonly expires: boolean;
  /** Its records carry GHS hazard data (docs/api.md §16), entered in its own block of the form. */
  readonly hazards: boolean;
  /** What the Store's filter box suggests typing. */
  readonly filterHint: string;
  readonly fields: readonly StockField[];
  readonly views: StockViews;
}

// Fields every kind shares. A kind's fields are listed in SERVER.md §4.3's order of its write fields, the quantity
// last (the import template's columns).

/**
 * What every field that tells records apart has in common (§4.4: another value is another record): every write
 * gives it, and the Store filters and sorts by it. Spread into each kind's identity fields.
 */
export const IDENTITY_FIELD = {
  required: true,
  nullable: false,
  identity: true,
  filtered: true,
  sortable: true,
} as const satisfies Partial<StockField>;

export const manufacturer = {
  name: 'manufacturer',
  label: 'Manufacturer',
  input: { type: 'text', maxLength: 100 },
  home: { on: 'trade', table: 'manufacturers', foreignKey: 'manufacturer_id' },
  ...IDENTITY_FIELD,
} as const satisfies StockField;

export const supplier = {
  ...manufacturer,
  name: 'supplier',
  label: 'Supplier',
  home: { on: 'trade', table: 'suppliers', foreignKey: 'supplier_id' },
} as const satisfies StockField;

/** The name of the record's catalog entry. */
export const catalogName = {
  name: 'name',
  label: 'Name',
  input: { type: 'text', maxLength: 300 },
  home: { on: 'catalog' },
  ...IDENTITY_FIELD,
  fuzzy: true,
} as const satisfies StockField;

/** The quantity: optional on create (0), required by a PUT like every field. */
export const quantity = <const U extends 'ml' | 'pieces', const D extends number>(unit: U, decimals: D) =>
  ({
    name: 'quantity',
    label: 'Quantity',
    // What the Store's chemical column says, and a file may say for any kind.
    aliases: ['Amount'],
    input: { type: 'number', decimals, minimum: 0, maximum: MAX_QUANTITY },
    unit,
    helperText: `In ${unit}.`,
    required: false,
    nullable: false,
    home: { on: 'quantity' },
    sortable: true,
  }) as const satisfies StockField;

export const expiryDate = {
  name: 'expiry_date',
  label: 'Expiry date',
  labels: { store: 'Expires' },
  input: { type: 'date' },
  required: false,
  nullable: true,
  home: { on: 'record', column: 'expiry_date' },
  readDescription: 'null: no expiry date',
} as const satisfies StockField;

export const minimumQuantity = <const U extends 'ml' | 'pieces', const D extends number>(
  unit: U,
  decimals: D,
) =>
  ({
    name: 'minimum_quantity',
    label: 'Minimum quantity',
    labels: { store: 'Minimum' },
    input: { type: 'number', decimals, minimum: 0, maximum: MAX_QUANTITY },
    unit,
    helperText: `In ${unit}. Below it, the Store shows the record as low.`,
    required: false,
    nullable: true,
    home: { on: 'record', column: 'minimum_quantity', scale: 'base' },
    readDescription: 'below it the record is low on stock; null: no minimum',
  }) as const satisfies StockField;

export const storagePlace = {
  name: 'storage_place',
  label: 'Storage place',
  input: { type: 'text', maxLength: 100 },
  helperText: 'Where it is kept, e.g. Cabinet B2, shelf 3.',
  required: false,
  nullable: true,
  home: { on: 'record', column: 'storage_place' },
} as const satisfies StockField;

/** What a ml or a piece costs the store (issue 24): the price a lab is charged at when it is issued. */
export const unitPrice = <const U extends 'ml' | 'piece'>(per: U) =>
  ({
    name: 'unit_price',
    label: 'Unit price',
    input: { type: 'number', decimals: UNIT_PRICE_DECIMALS, minimum: 0, maximum: MAX_UNIT_PRICE },
    helperText: `Per ${per}, in the store's currency. Issues are charged at it.`,
    description: `per ${per}, in the currency's major units (config CURRENCY), up to ${UNIT_PRICE_DECIMALS} decimals; null: no price (issues charged 0)`,
    readDescription: `per ${per}, in the currency's major units; null: no price`,
    required: false,
    nullable: true,
    home: { on: 'record', column: 'unit_price_e4', scale: 'ten-thousandths' },
  }) as const satisfies StockField;

/** What every hazard field is: optional, none until given, kept with the substance or with the record. */
const hazardData = <const K extends 'substance' | 'record'>(kept: K) =>
  ({ required: false, nullable: true, home: { on: 'hazards', kept } }) as const;

/** A chemical's hazard data, entered in the form's hazard block (docs/api.md §16); none until given. */
export const HAZARD_FIELDS = [
  {
    name: 'hazard_statements',
    label: 'Hazard statements',
    input: { type: 'codes', list: 'hazard-statements' },
    ...hazardData('substance'),
  },
  {
    name: 'signal_word',
    label: 'Signal word',
    input: {
      type: 'choice',
      choices: ['DANGER', 'WARNING', 'DERIVED'],
      labels: { DANGER: 'Danger', WARNING: 'Warning', DERIVED: 'From the hazard statements' },
      placeholder: 'From the hazard statements',
      ignoreCase: true,
    },
    description:
      "DANGER or WARNING overrides the derived signal word, null sets none, DERIVED derives it again; the substance's, as the H-codes",
    ...hazardData('substance'),
  },
  {
    name: 'storage_classes',
    label: 'Storage classes',
    input: { type: 'codes', list: 'storage-classes' },
    ...hazardData('record'),
  },
] as const satisfies readonly StockField[];
