/**
 * The change feed's vocabulary (docs/api.md §27): what kinds of change there are, and who may hear of each. The
 * server writes one event per topic, action and scope of a committed change; `GET /api/events/` streams each event
 * only to the callers its audience admits; the SPA turns each topic into the cache tags it refetches. Pure data, so
 * the SPA imports it too.
 *
 * Audiences name the access classes of the routes that read what the topic changes (plugins/auth.ts):
 * - `public`: anyone, signed in or not (stock, locations, files, categories, a location's issues: SERVER.md's
 *   public reads);
 * - `storeRead`: store managers and auditors;
 * - `lab`: the members and managers of the event's lab (`lab_id`), besides store managers and auditors;
 * - `labManager`: that lab's managers, besides store managers and auditors;
 * - `owner`: the person the event names (`user_id`): a person's own staging list, issue cart and account. An owner
 *   topic also listing `storeRead` reaches store managers and auditors besides (an account); without it, only its
 *   owner (a staging list is one store manager's own).
 */
export const CHANGE_AUDIENCES = ['public', 'storeRead', 'lab', 'labManager', 'owner'] as const;
export type ChangeAudience = (typeof CHANGE_AUDIENCES)[number];

export const CHANGE_TOPICS = {
  /** A stock record: created, edited, deleted, or its quantity changed (`ids`: the kind's record ids). */
  chemical: ['public'],
  instrument: ['public'],
  glassware: ['public'],
  /** A store manager's staged shipment lines of a kind (`user_id`: whose list). */
  chemical_staging: ['owner'],
  instrument_staging: ['owner'],
  glassware_staging: ['owner'],
  /** A store manager's issue cart (`user_id`: whose cart). */
  cart: ['owner'],
  /** Merged or undone shipments (the shipment history). */
  shipment: ['storeRead'],
  /** Issues to a location (`lab_id`: the location), made or returned from; SERVER.md reads them publicly. */
  issue: ['public'],
  location: ['public'],
  file: ['public'],
  category: ['public'],
  /** An account (`user_id`: the account, which hears of its own changes: its role and labs). */
  user: ['storeRead', 'owner'],
  /** A lab's members (`lab_id`; `user_id`: the member). */
  membership: ['storeRead', 'labManager', 'owner'],
  import: ['storeRead'],
  /** A lab's requests (`lab_id`). */
  request: ['storeRead', 'lab'],
  /** A lab's funds (`lab_id`). */
  fund: ['storeRead', 'lab'],
  /** Charges and with them statements (`lab_id`). */
  charge: ['storeRead', 'labManager'],
  /** Derived views: new stock ledger entries (with every quantity change) and new audit entries. */
  ledger: ['storeRead'],
  audit: ['storeRead'],
} as const satisfies Record<string, readonly ChangeAudience[]>;

export type ChangeTopic = keyof typeof CHANGE_TOPICS;
export const CHANGE_TOPIC_NAMES = Object.keys(CHANGE_TOPICS) as ChangeTopic[];

/** What happened to the rows an event names. `quantity` is a stock change of amount only (a ledger entry). */
export const CHANGE_ACTIONS = ['created', 'updated', 'deleted', 'quantity'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** An event's data on the wire (`data:` of the server-sent event whose `event:` is the topic and `id:` its seq). */
export interface ChangeEventData {
  topic: ChangeTopic;
  action: ChangeAction;
  /** The changed rows' ids; empty when there were too many to list: refetch every list of the topic. */
  ids: number[];
  lab_id: number | null;
  user_id: number | null;
  actor_id: number | null;
  /** The browser tab whose request made the change (its `X-Client-Id` header), so that tab can skip its own. */
  origin: string | null;
}

/** More ids than this in one event are sent as "many" (`ids: []`). */
export const MAX_EVENT_IDS = 1000;

/** Control events beside the topics: the stream's start, a resume too old to replay, a token no longer valid. */
export const FEED_CONTROL_EVENTS = ['ready', 'reload', 'signed-out'] as const;
export type FeedControlEvent = (typeof FEED_CONTROL_EVENTS)[number];
