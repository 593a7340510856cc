// Every cache tag the app uses; endpoints write tags only through the helpers below.
export const tagTypes = [
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
  'File',
  'Category',
] as const;

export type TagType = (typeof tagTypes)[number];

export function listTag<T extends TagType>(type: T) {
  return { type, id: 'LIST' } as const;
}

export function idTag<T extends TagType>(type: T, id: number) {
  return { type, id } as const;
}

/** Tags for a list response: the list itself plus one per row, so a change to any row refetches it. */
export function listTags<T extends TagType>(type: T, rows: readonly { id: number }[] | undefined) {
  return [listTag(type), ...(rows ?? []).map((row) => idTag(type, row.id))];
}

/** The list of one stock kind under a tag type the kinds share (the shipment history of chemicals, say). */
export function kindListTag<T extends TagType>(type: T, kind: string) {
  return { type, id: `LIST-${kind}` } as const;
}

/** One stock record under a tag type the kinds share (a record's ledger, say): ids repeat across kinds. */
export function recordTag<T extends TagType>(type: T, kind: string, id: number) {
  return { type, id: `${kind}-${id}` } as const;
}

type Tag =
  | ReturnType<typeof listTag>
  | ReturnType<typeof idTag>
  | ReturnType<typeof kindListTag>
  | ReturnType<typeof recordTag>;

/**
 * invalidatesTags for a mutation: a failed mutation changed nothing on the server, so it invalidates nothing.
 * `tags` may read the response when what changed is only known from it.
 */
export function onSuccess<Result, Arg>(tags: (arg: Arg, result: Result | undefined) => Tag[]) {
  return (result: Result | undefined, error: unknown, arg: Arg): Tag[] => (error ? [] : tags(arg, result));
}
