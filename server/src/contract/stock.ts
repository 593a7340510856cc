import { Type, type TProperties, type TSchema } from '@fastify/type-provider-typebox';
import { HAZARD_CODES } from '../domain/chemistry/ghs';
import { STORAGE_CLASSES } from '../domain/chemistry/storageCompatibility';
import { specOf, type FieldInput, type StockField, type StockKind } from '../domain/stockKinds';
import { byKind, writeFields } from '../domain/stockKindHelpers';
import { HAZARD_FILTERS, HAZARD_GROUPS } from '../domain/chemistry/hazardGroups';
import { MAX_SEARCH_LENGTH, STOCK_ORDERING_FIELDS } from '../domain/stockListing';
import { PagingQuery } from '../http/paging';
import {
  blankIsAbsent,
  choiceList,
  orderingList,
  casNumber,
  choice,
  choiceIgnoringCase,
  codeList,
  decimal,
  fallbackTo,
  integer,
  molecularFormula,
  named,
  nullable,
  number,
  stockDate,
  text,
} from '../validation/fields';

// ---- Read shapes (the §4.1 records themselves: STOCK_RECORD_SCHEMAS, domain/stockRecords.ts) ----

// ---- §4.3 write fields, from the stock-kind table ----

/** The codes a `codes` input takes, and what the API documentation says of them. */
const CODE_LISTS = {
  'hazard-statements': {
    codes: HAZARD_CODES,
    description:
      "GHS H-codes (any case that tells no two apart: H360FD and H360Fd differ; duplicates dropped); null or [] clears them. The substance's: written for every record of its chemical entry (docs/api.md §16)",
  },
  'storage-classes': { codes: STORAGE_CLASSES, description: 'ACID, BASE, AQUEOUS; null or [] clears them' },
} as const;

/** The numeric rules of a number input, only those it has (validate.ts reads a present key as a rule). */
function numberRange({ minimum, maximum, exclusiveMinimum }: Extract<FieldInput, { type: 'number' }>) {
  return {
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
    ...(exclusiveMinimum !== undefined && { exclusiveMinimum }),
  };
}

/**
 * A value as the field's input takes it, before it may be null, named or nested; `description` where another
 * write takes it with another meaning (a staged line's price).
 */
export function valueSchema(field: StockField, description = field.description ?? field.unit): TSchema {
  const { input } = field;
  switch (input.type) {
    case 'text':
      if (input.format === 'cas-number') return casNumber();
      if (input.format === 'molecular-formula') return molecularFormula({ maxLength: input.maxLength });
      return text({ maxLength: input.maxLength });
    case 'number': {
      const range = { ...numberRange(input), ...(description !== undefined && { description }) };
      if (input.decimals === undefined) return number(range);
      if (input.decimals === 0) return integer(range);
      return decimal({ maxDecimals: input.decimals, ...range });
    }
    case 'date':
      return stockDate(`YYYY-MM-DD, from 1900-01-01${field.nullable ? '; null clears it' : ''}`);
    case 'choice':
      return input.ignoreCase
        ? choiceIgnoringCase([...input.choices], description)
        : choice([...input.choices], description);
    case 'codes': {
      const list = CODE_LISTS[input.list];
      return codeList([...list.codes], list.description);
    }
  }
}

/**
 * A write field's schema: manufacturers, suppliers and instrument and glassware names may come as `{"name": …}`,
 * as read; fields of the catalog entry also nested as read, `{"chemical": {"name", "CAS_RN", …}}`, or, where the
 * entry is only its name, `{"instrument": "…"}` and `{"instrument": {"name": "…"}}`. A computed field counts a
 * blank as left out (the original SPA's form sends the molecular weight as `""`).
 */
function writeSchema(kind: StockKind, field: StockField): TSchema {
  const { catalog } = specOf(kind);
  const inCatalog = field.home.on === 'catalog' || field.home.on === 'substance';
  const nameOnly = catalog.entry.length === 1;
  let schema = valueSchema(field);
  if (field.home.on === 'trade' || (inCatalog && nameOnly)) schema = named(schema);
  if (field.nullable) schema = nullable(schema);
  if (field.computed) schema = blankIsAbsent(schema);
  if (inCatalog) schema = fallbackTo(nameOnly ? [catalog.key] : [catalog.key, field.name], schema);
  return schema;
}

/**
 * POST: the required fields, the others optional (absent: none, or the quantity 0). PUT: the quantity too, the
 * other optional fields keeping their values when left out. PATCH: any subset.
 */
function writeBodies(kind: StockKind) {
  const createFields: TProperties = {};
  const replaceFields: TProperties = {};
  for (const field of writeFields(kind)) {
    const schema = writeSchema(kind, field);
    createFields[field.name] = field.required ? schema : Type.Optional(schema);
    replaceFields[field.name] =
      field.required || field.home.on === 'quantity' ? schema : Type.Optional(schema);
  }
  return {
    create: Type.Object(createFields),
    replace: Type.Object(replaceFields),
    patch: Type.Partial(Type.Object(replaceFields)),
  };
}

/** The §4.3 write bodies of each kind. */
export const STOCK_WRITE_BODIES = byKind(writeBodies);

// ---- The lists' and exports' queries (§4.2, docs/api.md) ----

const hazardParameter = Type.Optional(
  choiceList(
    [...HAZARD_FILTERS],
    `Comma-separated hazard groups (${HAZARD_GROUPS.join(', ')}) and GHS H-codes: only the chemicals that carry ` +
      'a code of one of them. hazardous: any hazard statement.',
  ),
);

/**
 * `hazard`: the hazard groups and H-codes a chemical must carry one of (docs/api.md, 'Hazard filter'). Kinds without
 * hazard data leave it out of their schema, so it is ignored there as any unknown parameter is (§1.1); typed as
 * present for every kind, since the handlers are written once for all.
 */
const hazardQuery = (kind: StockKind) =>
  (specOf(kind).hazards ? { hazard: hazardParameter } : {}) as { hazard: typeof hazardParameter };

/** `ordering`, `search` and (chemicals) `hazard` of a list and of its export; see docs/api.md. */
const listingQuery = <K extends StockKind>(kind: K) => ({
  ordering: Type.Optional(
    orderingList(
      STOCK_ORDERING_FIELDS[kind],
      `Comma-separated fields, \`-\` for descending: ${STOCK_ORDERING_FIELDS[kind].join(', ')}. ` +
        'Text compares case-insensitively; ties end in id order, in the direction of the last field.',
    ),
  ),
  search: Type.Optional(
    text({
      allowBlank: true,
      maxLength: MAX_SEARCH_LENGTH,
      description:
        'Words separated by spaces; a record must contain each (case-insensitively) in a searched column.',
    }),
  ),
  ...hazardQuery(kind),
});

/** `?limit&offset` (paging), `ordering` and `search`. Unknown parameters are ignored (§1.1). */
export const stockListQuery = <K extends StockKind>(kind: K) =>
  Type.Object({ ...PagingQuery, ...listingQuery(kind) });

/** An export: the list's `ordering` and `search`, and the file format. */
export const stockExportQuery = <K extends StockKind>(kind: K) =>
  Type.Object({
    ...listingQuery(kind),
    format: Type.Optional(choice(['csv', 'xlsx'], 'csv (default) or xlsx')),
  });
