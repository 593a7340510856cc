import { KIND_OF_TYPE, OBJECT_TYPES, type StockKind, type StockObjectType } from './stockKinds';
import { kindTagTypes, type TagType } from './tags';

// How the API names a kind in the records of several kinds (the issue cart, issues, the search across kinds) and
// the cache tags of each kind's records. Apart from the stock endpoints (./stock, which re-exports them), so that
// the public area's first screen, whose search reads them, does not carry the Store's endpoints.

/** How the issue cart, issues and the search across kinds name a kind (SERVER.md §9, §11). */
export const objectTypes = OBJECT_TYPES;

export type ObjectType = StockObjectType;

/** SPEC §3: an object type other than CHEMICAL or INSTRUMENT is treated as glassware. */
export function stockKindOf(objectType: string): StockKind {
  return Object.hasOwn(KIND_OF_TYPE, objectType) ? KIND_OF_TYPE[objectType as ObjectType] : 'glassware';
}

export const stockTags = kindTagTypes('Stock') satisfies Record<StockKind, TagType>;
