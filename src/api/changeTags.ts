import type { ChangeEventData, ChangeTopic } from '../../server/src/domain/changeTopics';
import { STOCK_KINDS, type StockKind } from './stockKinds';
import { idTag, kindTagTypes, listTag, pagesTag, recordTag, tagTypes, wholeTag, type TagType } from './tags';

export type { ChangeEventData, ChangeTopic };

type Tag = Parameters<typeof import('./apiSlice').apiSlice.util.invalidateTags>[0][number];

// Spelled here rather than imported from stock.ts and shipments.ts, which would pull their endpoints into the first
// load of the public area; `satisfies` holds them to the tag types.
const stockTags = kindTagTypes('Stock') satisfies Record<StockKind, TagType>;
const stagingTags = kindTagTypes('ShipmentLine') satisfies Record<StockKind, TagType>;

/** The tag type of each topic's lists and reads, beside the stock and staging topics (one per kind). */
const topicTags: Record<Exclude<ChangeTopic, StockKind | `${StockKind}_staging`>, TagType> = {
  cart: 'IssueCartLine',
  shipment: 'Shipment',
  issue: 'Issue',
  location: 'Location',
  file: 'File',
  category: 'Category',
  user: 'User',
  membership: 'User',
  import: 'Import',
  request: 'Request',
  fund: 'Fund',
  charge: 'Statement',
  ledger: 'Ledger',
  audit: 'Audit',
};

/** Topics whose lists the dashboard also summarises (what is low or expiring, the newest shipments and issues, your own lists). */
const DASHBOARD_TOPICS = new Set<ChangeTopic>([...STOCK_KINDS, 'shipment', 'issue', 'cart']);

function isStockKind(topic: ChangeTopic): topic is StockKind {
  return (STOCK_KINDS as readonly string[]).includes(topic);
}

function stagingKind(topic: ChangeTopic): StockKind | undefined {
  return STOCK_KINDS.find((kind) => topic === `${kind}_staging`);
}

/**
 * Tags of a stock record's change. An amount changes the rows that show it in place, and each record's history; an
 * edit may also move its row in an ordered or searched page, and a create or delete moves every row after it, so
 * those refetch the shown pages too (as the Store's own mutations do).
 */
function stockChangeTags(kind: StockKind, { action, ids }: ChangeEventData): Tag[] {
  const type = stockTags[kind];
  if (ids.length === 0) return [type, { type: 'StockLedger' as const }];
  const rows = ids.map((id) => idTag(type, id));
  const histories = ids.map((id) => recordTag('StockLedger', kind, id));
  if (action === 'created') return [listTag(type), pagesTag(type)];
  if (action === 'quantity') return [...rows, ...histories];
  return [...rows, ...histories, pagesTag(type), ...(action === 'updated' ? [listTag('Request')] : [])];
}

/**
 * The cache tags a change made elsewhere invalidates: exactly the lists and reads that show what changed, so every
 * open page refetches what it shows of it and nothing else. `myId` is the signed-in person, whose `me` changes with
 * their account and labs.
 */
export function tagsForChange(event: ChangeEventData, myId: number | undefined): Tag[] {
  const { topic, ids, lab_id, user_id } = event;
  const dashboard = DASHBOARD_TOPICS.has(topic) ? [listTag('Dashboard')] : [];
  if (isStockKind(topic)) return [...stockChangeTags(topic, event), ...dashboard];
  const staged = stagingKind(topic);
  if (staged !== undefined) return [listTag(stagingTags[staged]), listTag('Dashboard')];

  const type = topicTags[topic as keyof typeof topicTags];
  const own = (topic === 'user' || topic === 'membership') && user_id !== null && user_id === myId;
  const me = own ? [wholeTag('Me')] : [];
  // Issues are cached per location: the issue history and holdings of the lab they went to.
  if (topic === 'issue') return [lab_id === null ? type : idTag('Issue', lab_id), ...dashboard];
  // The shipment history is cached per kind, which the event does not name: the kinds' histories shown refetch.
  if (topic === 'shipment') return [type, ...dashboard];
  // These lists are short, and filtered (a request's status, a fund's state): a change may move a row into a list
  // that did not show it, so the lists refetch with the reads of the rows.
  const files = topic === 'category' ? [listTag('File')] : [];
  return [listTag(type), ...ids.map((id) => idTag(type, id)), ...files, ...me, ...dashboard];
}

/** Every tag type: what a `reload` (events were missed) or the fallback's periodic refetch invalidates. */
export const EVERY_TAG: Tag[] = [...tagTypes];
