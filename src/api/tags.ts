import { byKind, specOf, type SpecTable, type StockKind } from './stockKinds';

// Every cache tag the app uses; endpoints write tags only through the helpers below.
export const tagTypes = [
  'Me',
  'User',
  'ChemicalStock',
  'InstrumentStock',
  'GlasswareStock',
  'ChemicalShipmentLine',
  'InstrumentShipmentLine',
  'GlasswareShipmentLine',
  'Shipment',
  'Location',
  'Issue',
  'IssueCartLine',
  'StockLedger',
  'Ledger',
  'Audit',
  'File',
  'Category',
  'Dashboard',
  'Import',
  'Fund',
  'Request',
  'Statement',
] as const;

export type TagType = (typeof tagTypes)[number];

/**
 * Each kind's tag type for a list of its own, named after the kind's label: `ChemicalStock`, `GlasswareShipmentLine`.
 * Its callers hold the names to tagTypes with `satisfies Record<StockKind, TagType>`.
 */
export function kindTagTypes<const Suffix extends string>(suffix: Suffix) {
  return byKind((kind) => `${specOf(kind).label}${suffix}`) as {
    [K in StockKind]: `${SpecTable[K]['label']}${Suffix}`;
  };
}

export function listTag<T extends TagType>(type: T) {
  return { type, id: 'LIST' } as const;
}

export function idTag<T extends TagType>(type: T, id: number) {
  return { type, id } as const;
}

/** A resource without rows of its own: the signed-in person's account. */
export function wholeTag<T extends TagType>(type: T) {
  return { type, id: 'WHOLE' } as const;
}

/** Tags for a list response: the list itself plus one per row, so a change to any row refetches it. */
export function listTags<T extends TagType>(type: T, rows: readonly { id: number }[] | undefined) {
  return [listTag(type), ...(rows ?? []).map((row) => idTag(type, row.id))];
}

/** The list of one stock kind under a tag type the kinds share (the shipment history of chemicals, say). */
export function kindListTag<T extends TagType>(type: T, kind: string) {
  return { type, id: `LIST-${kind}` } as const;
}

/** One stock record under a tag type the kinds share: each kind numbers its own records (a record's history, say). */
export function recordTag<T extends TagType>(type: T, kind: string, id: number) {
  return { type, id: `${kind}-${id}` } as const;
}

/**
 * Every page of a paged list. An edit or delete of one record can move rows across pages (another row number, a
 * new place in the order, in or out of a search), so it refetches the shown pages, while lists showing the record
 * unpaged (a search) still refetch only when it is on them.
 */
export function pagesTag<T extends TagType>(type: T) {
  return { type, id: 'PAGES' } as const;
}

export type Tag =
  | ReturnType<typeof wholeTag>
  | ReturnType<typeof listTag>
  | ReturnType<typeof idTag>
  | ReturnType<typeof kindListTag>
  | ReturnType<typeof recordTag>
  | ReturnType<typeof pagesTag>;

/**
 * invalidatesTags for a mutation: a failed mutation changed nothing on the server, so it invalidates nothing.
 * `tags` may read the response when what changed is only known from it.
 */
export function onSuccess<Result, Arg>(tags: (arg: Arg, result: Result | undefined) => Tag[]) {
  return (result: Result | undefined, error: unknown, arg: Arg): Tag[] => (error ? [] : tags(arg, result));
}
