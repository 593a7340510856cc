import type { ChangeAction, ChangeEventData, ChangeTopic } from '../../server/src/domain/changeTopics';
import { STOCK_KINDS, type StockKind } from './stockKinds';
import { idTag, kindTagTypes, listTag, pagesTag, recordTag, wholeTag, type TagType } from './tags';

export type { ChangeEventData, ChangeTopic };

type Tag = Parameters<typeof import('./apiSlice').apiSlice.util.invalidateTags>[0][number];

// Spelled here rather than imported from stock.ts and shipments.ts, which would pull their endpoints into the first
// load of the public area; `satisfies` holds them to the tag types.
const stockTags = kindTagTypes('Stock') satisfies Record<StockKind, TagType>;
const stagingTags = kindTagTypes('ShipmentLine') satisfies Record<StockKind, TagType>;

/** The views built from a topic's rows besides its own lists: on any change of it (`any`), or on one action. */
type DerivedViews = Partial<Record<ChangeAction | 'any', readonly TagType[]>>;

// The dashboard summarises stock (what is low or expiring), the staging lists, the newest shipments and issues and
// the cart; a request's lines show the name of the stock record they ask for.
const DASHBOARD: TagType[] = ['Dashboard'];
const STOCK_VIEWS: DerivedViews = { any: DASHBOARD, updated: ['Request'] };

/**
 * Each topic beside the stock and staging ones (one per kind): the tag type of its lists and reads, and the views
 * derived from its rows, which a change of it refreshes too. The audit log, the ledger and the statements are
 * written only beside another change, as events of their own topics (`audit`, `ledger`, `charge`): a mutation names
 * them among the topics it writes, and their lists are the views those topics derive.
 */
const TOPICS: Record<
  Exclude<ChangeTopic, StockKind | `${StockKind}_staging`>,
  { type: TagType } & DerivedViews
> = {
  cart: { type: 'IssueCartLine', any: DASHBOARD },
  shipment: { type: 'Shipment', any: DASHBOARD },
  issue: { type: 'Issue', any: DASHBOARD },
  location: { type: 'Location' },
  file: { type: 'File' },
  // Files show their categories' names, and a deleted category drops off every file; a new one is on no file yet.
  category: { type: 'Category', updated: ['File'], deleted: ['File'] },
  user: { type: 'User' },
  membership: { type: 'User' },
  import: { type: 'Import' },
  request: { type: 'Request' },
  // Requests and statements name a fund by its code and name.
  fund: { type: 'Fund', updated: ['Request', 'Statement'] },
  charge: { type: 'Statement', any: ['Statement'] },
  ledger: { type: 'Ledger', any: ['Ledger'] },
  audit: { type: 'Audit', any: ['Audit'] },
};

function isStockKind(topic: ChangeTopic): topic is StockKind {
  return (STOCK_KINDS as readonly string[]).includes(topic);
}

function stagingKind(topic: ChangeTopic): StockKind | undefined {
  return STOCK_KINDS.find((kind) => topic === `${kind}_staging`);
}

/**
 * A change a mutation makes, as the feed will tell it: a topic alone stands for the views every change of it
 * refreshes (a new row, a ledger or audit entry, a charge); with its action, also those of that action (an edit).
 */
export type WrittenChange = ChangeTopic | { topic: ChangeTopic; action: ChangeAction };

/**
 * The derived views the changes refresh: their topics' lists in the dashboard, the audit log, the ledger, the
 * statements and the like. The feed adds them to each event's tags; a mutation adds them to its own resource's for
 * each topic the server writes with it (docs/api.md §27), so this tab and every other one refresh the same views.
 */
export function derivedTags(...changes: WrittenChange[]) {
  const types = changes.flatMap((change) => {
    const { topic, action = 'any' } = typeof change === 'string' ? { topic: change } : change;
    // The stock and staging topics are those the table does not name.
    const views: DerivedViews =
      TOPICS[topic as keyof typeof TOPICS] ?? (isStockKind(topic) ? STOCK_VIEWS : { any: DASHBOARD });
    return [...(views.any ?? []), ...(views[action] ?? [])];
  });
  // Each view once.
  return [...new Set(types)].map((type) => listTag(type));
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
  return [...rows, ...histories, pagesTag(type)];
}

/**
 * The cache tags a change made elsewhere invalidates: exactly the lists and reads that show what changed, so every
 * open page refetches what it shows of it and nothing else. `myId` is the signed-in person, whose `me` changes with
 * their account and labs.
 */
export function tagsForChange(event: ChangeEventData, myId: number | undefined): Tag[] {
  return [...ownTags(event, myId), ...derivedTags(event)];
}

/** The lists and reads of the changed rows themselves. */
function ownTags(event: ChangeEventData, myId: number | undefined): Tag[] {
  const { topic, ids, lab_id, user_id } = event;
  if (isStockKind(topic)) return stockChangeTags(topic, event);
  const staged = stagingKind(topic);
  if (staged !== undefined) return [listTag(stagingTags[staged])];

  const { type } = TOPICS[topic as keyof typeof TOPICS];
  const own = (topic === 'user' || topic === 'membership') && user_id === myId;
  const me = own ? [wholeTag('Me')] : [];
  // Issues are cached per location: the issue history and holdings of the lab they went to.
  if (topic === 'issue') return [lab_id === null ? type : idTag('Issue', lab_id)];
  // The shipment history is cached per kind, which the event does not name: the kinds' histories shown refetch.
  if (topic === 'shipment') return [type];
  // These lists are short, and filtered (a request's status, a fund's state): a change may move a row into a list
  // that did not show it, so the lists refetch with the reads of the rows.
  return [listTag(type), ...ids.map((id) => idTag(type, id)), ...me];
}
