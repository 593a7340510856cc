import type { RequestStatus } from '../db/tables';
import type { AuditAction } from './auditActions';
import { specOf, type PickFact, type StockKind } from './stockKinds';

// What may happen to a lab's request, and who may do it (issue 24): the one table of its statuses' transitions.
// services/requests.ts applies every change through requireTransition; the routes' access classes
// (plugins/auth.ts) admit the roles named in `by`, and the service checks the requester where `by` names one.

/** The most lines a request may have: a month's order of a busy lab is far fewer. */
export const MAX_REQUEST_LINES = 200;

/** The longest note of a request and reason of a decision (characters); the forms stop typing there too. */
export const REQUEST_TEXT_MAX_LENGTH = 1000;

/** The longest note of one line (characters): a grade, a brand, a pack size. */
export const LINE_NOTE_MAX_LENGTH = 200;

export const REQUEST_STATUSES = [
  'submitted',
  'returned',
  'awaiting_store_approval',
  'approved',
  'partly_fulfilled',
  'fulfilled',
  'rejected',
  'cancelled',
] as const satisfies readonly RequestStatus[];

export type RequestAction =
  | 'resubmit'
  | 'approve'
  | 'store_approve'
  | 'reject'
  | 'store_reject'
  | 'return'
  | 'cancel'
  | 'cancel_open'
  | 'fulfil'
  | 'send_back_to_store';

/**
 * Who may take an action: the request's requester, a manager of its lab, either of them, a store manager, or a
 * manager of its lab or a store manager.
 */
export type RequestActor =
  'requester' | 'labManager' | 'requesterOrLabManager' | 'storeManager' | 'labManagerOrStoreManager';

export interface RequestTransition {
  from: readonly RequestStatus[];
  /** The statuses it may lead to; where there are two, the service says which (CMR lines, what is left open). */
  to: readonly RequestStatus[];
  by: RequestActor;
  /** How the 409 says it: `it cannot be <verb>`. */
  verb: string;
  audit: AuditAction;
}

export const REQUEST_TRANSITIONS: Readonly<Record<RequestAction, RequestTransition>> = {
  resubmit: {
    from: ['returned'],
    to: ['submitted'],
    by: 'requester',
    verb: 'edited',
    audit: 'request.resubmitted',
  },
  approve: {
    from: ['submitted'],
    to: ['approved', 'awaiting_store_approval'],
    by: 'labManager',
    verb: 'approved',
    audit: 'request.approved',
  },
  store_approve: {
    from: ['awaiting_store_approval'],
    to: ['approved'],
    by: 'storeManager',
    verb: 'approved by the store',
    audit: 'request.store_approved',
  },
  reject: {
    from: ['submitted', 'awaiting_store_approval'],
    to: ['rejected'],
    by: 'labManager',
    verb: 'rejected',
    audit: 'request.rejected',
  },
  store_reject: {
    from: ['awaiting_store_approval'],
    to: ['rejected'],
    by: 'storeManager',
    verb: 'rejected by the store',
    audit: 'request.rejected',
  },
  return: {
    from: ['submitted'],
    to: ['returned'],
    by: 'labManager',
    verb: 'returned for changes',
    audit: 'request.returned',
  },
  cancel: {
    from: ['submitted', 'returned'],
    to: ['cancelled'],
    by: 'requesterOrLabManager',
    verb: 'cancelled',
    audit: 'request.cancelled',
  },
  // What the store has still to issue of an approved request is given up (the lab found it elsewhere, the store
  // cannot get it): what was issued stays issued and charged; the reason says why.
  cancel_open: {
    from: ['approved', 'partly_fulfilled'],
    to: ['cancelled'],
    by: 'labManagerOrStoreManager',
    verb: 'cancelled',
    audit: 'request.cancelled',
  },
  fulfil: {
    from: ['approved', 'partly_fulfilled'],
    to: ['partly_fulfilled', 'fulfilled'],
    by: 'storeManager',
    verb: 'fulfilled',
    audit: 'request.fulfilled',
  },
  // A fulfilment whose picked records now carry a CMR hazard that a line was not approved for by the store (their
  // substance gained it after approval): nothing is issued and the request goes back to the store's step (issue 33).
  // No route of its own: services/requestFulfilment.ts takes it when a store manager's fulfilment finds such a line.
  send_back_to_store: {
    from: ['approved', 'partly_fulfilled'],
    to: ['awaiting_store_approval'],
    by: 'storeManager',
    verb: "sent back for the store's approval",
    audit: 'request.sent_back_to_store',
  },
};

/** A status as a sentence says it: `awaiting store approval`. */
export const statusText = (status: RequestStatus): string => status.replaceAll('_', ' ');

/** The statuses the store's queue lists by default: what it still has to issue. */
export const OPEN_FOR_THE_STORE = REQUEST_TRANSITIONS.fulfil.from;

/** The statuses in which a request's lines may still be approved or issued: their estimates must stay chargeable. */
export const OPEN_STATUSES = [
  'submitted',
  'returned',
  'awaiting_store_approval',
  'approved',
  'partly_fulfilled',
] as const satisfies readonly RequestStatus[];

/** Whether the table lets `action` happen to a request that is `status`. */
export const allows = (action: RequestAction, status: RequestStatus): boolean =>
  REQUEST_TRANSITIONS[action].from.includes(status);

/** A line's three quantities, in base units (a row) or in the kind's unit (an answer): the rules below hold for both. */
export interface LineQuantities {
  quantity: number;
  approved_quantity: number | null;
  issued_quantity: number;
}

/**
 * The open quantity of a line, in its two meanings: `toIssue` is what the store may still issue (approved − issued;
 * nothing before approval), which fulfilment and the pick list work with; `awaited` is what the lab may still get
 * (approved − issued, or asked − issued before approval), which the pages show.
 */
export const openQuantity = {
  toIssue: (line: LineQuantities): number => (line.approved_quantity ?? 0) - line.issued_quantity,
  awaited: (line: LineQuantities): number => (line.approved_quantity ?? line.quantity) - line.issued_quantity,
};

/**
 * What the pick list says of a record of `kind` (the kind table's `pick` view): its expiry, when it was opened, where
 * it is; null for what the kind has not or the record leaves blank. The server's suggestion and a record the store
 * adds by hand read alike.
 */
export function pickFacts(kind: StockKind, record: object): Record<PickFact, string | null> {
  const fields = record as Record<string, unknown>;
  const facts: Record<PickFact, string | null> = { expiry_date: null, opened_on: null, storage_place: null };
  for (const name of specOf(kind).views.pick) {
    const value = fields[name];
    facts[name] = typeof value === 'string' ? value : null;
  }
  return facts;
}
