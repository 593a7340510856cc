import type { ChangeAction, ChangeEventData, ChangeTopic } from '../../server/src/domain/changeTopics';
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

/** The views built from a topic's rows besides its own lists: on any change of it (`any`), or on one action. */
type DerivedViews = Partial<Record<ChangeAction | 'any', readonly TagType[]>>;

// The dashboard summarises stock (what is low or expiring), the staging lists, the newest shipments and issues and
// the cart; a request's lines show the name of the stock record they ask for.
const STOCK_VIEWS: DerivedViews = { any: ['Dashboard'], updated: ['Request'] };
const STAGING_VIEWS: DerivedViews = { any: ['Dashboard'] };

/**
 * The derived views of each topic: what a change of it refreshes beyond its own rows. The audit log, the ledger and
 * the statements are written only beside another change, as events of their own topics (`audit`, `ledger`,
 * `charge`): a mutation names them among the topics it writes, and their lists come from here too.
 */
const TOPIC_VIEWS: Record<Exclude<ChangeTopic, StockKind | `${StockKind}_staging`>, DerivedViews> = {
  cart: { any: ['Dashboard'] },
  shipment: { any: ['Dashboard'] },
  issue: { any: ['Dashboard'] },
  location: {},
  file: {},
  // Files show their categories' names, and a deleted category drops off every file; a new one is on no file yet.
  category: { updated: ['File'], deleted: ['File'] },
  user: {},
  membership: {},
  import: {},
  request: {},
  // Requests and statements name a fund by its code and name.
  fund: { updated: ['Request', 'Statement'] },
  charge: { any: ['Statement'] },
  ledger: { any: ['Ledger'] },
  audit: { any: ['Audit'] },
};

function isStockKind(topic: ChangeTopic): topic is StockKind {
  return (STOCK_KINDS as readonly string[]).includes(topic);
}

function stagingKind(topic: ChangeTopic): StockKind | undefined {
  return STOCK_KINDS.find((kind) => topic === `${kind}_staging`);
}

function viewsOf(topic: ChangeTopic): DerivedViews {
  if (isStockKind(topic)) return STOCK_VIEWS;
  if (stagingKind(topic) !== undefined) return STAGING_VIEWS;
  return TOPIC_VIEWS[topic as keyof typeof TOPIC_VIEWS];
}

/**
 * A change a mutation makes, as the feed will tell it: a topic alone stands for the views every change of it
 * refreshes (a new row, a ledger or audit entry, a charge); with its action, also those of that action (an edit).
 */
export type WrittenChange = ChangeTopic | { topic: ChangeTopic; action: ChangeAction };

/** Each tag once, in the order first given. */
function unique<T extends Tag>(tags: readonly T[]): T[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = JSON.stringify(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The derived views the changes refresh: their topics' lists in the dashboard, the audit log, the ledger, the
 * statements and the like. The feed adds them to each event's tags; a mutation adds them to its own resource's for
 * each topic the server writes with it (docs/api.md §27), so this tab and every other one refresh the same views.
 */
export function derivedTags(...changes: WrittenChange[]) {
  return unique(
    changes.flatMap((change) => {
      const { topic, action }: { topic: ChangeTopic; action?: ChangeAction } =
        typeof change === 'string' ? { topic: change } : change;
      const views = viewsOf(topic);
      return [...(views.any ?? []), ...((action && views[action]) ?? [])].map((type) => listTag(type));
    }),
  );
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
  return unique([...ownTags(event, myId), ...derivedTags(event)]);
}

/** The lists and reads of the changed rows themselves. */
function ownTags(event: ChangeEventData, myId: number | undefined): Tag[] {
  const { topic, ids, lab_id, user_id } = event;
  if (isStockKind(topic)) return stockChangeTags(topic, event);
  const staged = stagingKind(topic);
  if (staged !== undefined) return [listTag(stagingTags[staged])];

  const type = topicTags[topic as keyof typeof topicTags];
  const own = (topic === 'user' || topic === 'membership') && user_id !== null && user_id === myId;
  const me = own ? [wholeTag('Me')] : [];
  // Issues are cached per location: the issue history and holdings of the lab they went to.
  if (topic === 'issue') return [lab_id === null ? type : idTag('Issue', lab_id)];
  // The shipment history is cached per kind, which the event does not name: the kinds' histories shown refetch.
  if (topic === 'shipment') return [type];
  // These lists are short, and filtered (a request's status, a fund's state): a change may move a row into a list
  // that did not show it, so the lists refetch with the reads of the rows.
  return [listTag(type), ...ids.map((id) => idTag(type, id)), ...me];
}

/** Every tag type: what a `reload` (events were missed) or the fallback's periodic refetch invalidates. */
export const EVERY_TAG: Tag[] = [...tagTypes];
