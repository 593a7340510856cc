import { findStockRecordsOf, type StockRecords } from '../db/repositories/stock';
import {
  fromBaseQuantity,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  quantityText,
  readField,
  STOCK_UNITS,
  stockField,
  stockKey,
  toBaseQuantity,
} from '../domain/stockKindHelpers';
import type { Updateable } from 'kysely';
import {
  lineOwnFields,
  type ApprovedLine,
  type LabRequest,
  type LabRequestList,
  type LineOwnFields,
  type NewRequest,
  type RequestChanges,
  type RequestLine,
} from '../contract/requests';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { fundError, fundsById } from '../db/repositories/funds';
import { labRoleOf, listLabMembers } from '../db/repositories/labMemberships';
import { findLocation } from '../db/repositories/locations';
import type { RequestRow } from '../db/repositories/requests';
import type { RequestsTable, RequestStatus, StockObjectType } from '../db/tables';
import { dateIn } from '../domain/calendarDate';
import { needsStoreApproval } from '../domain/chemistry/cmr';
import {
  beyondChargeLimitText,
  chargeAmount,
  MAX_LINE_CHARGE_TEXT,
  minorDigits,
  withinChargeLimit,
} from '../domain/money';
import { toUnitPriceE4 } from '../domain/unitPrice';
import {
  allows,
  MAX_REQUEST_LINES,
  OPEN_STATUSES,
  REQUEST_TRANSITIONS,
  type RequestAction,
  type RequestActor,
  statusText,
} from '../domain/requests';
import type { StockKind } from '../domain/stockKinds';
import { conflict, forbidden, notFound } from '../http/errors';
import type { PageRequest } from '../http/paging';
import { FieldErrorCollector, messages, ValidationError } from '../validation/errors';
import { validateObject } from '../validation/validate';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { type Actor, type AuditTarget, fieldChanges, recordAudit, type Snapshot } from '../audit/entries';
import { LINE_QUANTITY } from '../validation/stockQuantity';
import * as requests from '../db/repositories/requests';

// Requests from the labs (docs/api.md §26): a lab's member asks, its manager approves (and for CMR substances a store
// manager too), the store fulfils (services/requestFulfilment.ts). Every change of status goes through `transition`,
// which takes the request's row lock and the one table of domain/requests.ts.

export interface RequestsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** ISO 4217 code of estimated costs (config CURRENCY). */
  currency: string;
  /** What `today` is for needed-by dates and expiry (config LAB_TIME_ZONE). */
  labTimeZone: string;
}

export const requestMessages = {
  pastDate: 'The date may not be in the past.',
  tooManyLines: messages.maxItems(MAX_REQUEST_LINES),
  repeatedRecord: (line: number, first: number) =>
    `Line ${line}: the same record as line ${first}; a request has one line per record.`,
  notRequester: 'Only the requester may edit this request.',
  notRequesterOrManager: 'Only the requester or a manager of the lab may cancel this request.',
  notAllowed: (status: RequestStatus, verb: string) =>
    `This request is ${statusText(status)}; it cannot be ${verb}.`,
  unknownLine: (id: number) => `Line ${id} is not a line of this request.`,
  aboveAsked: (id: number, asked: string) => `Line ${id}: at most the ${asked} asked for.`,
  listedTwice: (id: number) => `Line ${id} is listed twice.`,
  beyondChargeLimit: (line: number, quantity: string, unitPrice: number | null) =>
    `Line ${line}: ${beyondChargeLimitText(quantity, unitPrice)}`,
  priceBeyondChargeLimit: (requestIds: readonly number[]) =>
    `At this price, ${requestIds.map((id) => `request #${id}`).join(', ')} would cost more than one line may be ` +
    `charged (${MAX_LINE_CHARGE_TEXT} of the currency’s major units); lower its quantity or close the request first.`,
  ownRequest:
    'A manager may not approve their own request while the lab has another manager: that manager approves it.',
};

/** Errors of one item of a list, as docs/api.md §21.1 words them: `Line 2: quantity: …`. */
function lineErrors(errors: FieldErrorCollector, line: number, error: unknown): void {
  if (!(error instanceof ValidationError)) throw error;
  for (const [field, texts] of Object.entries(error.fields))
    texts.forEach((text) => errors.add('lines', `Line ${line}: ${field}: ${text}`));
}

/** A line's quantity in base units (the cart's rule: what may be moved out of stock), or its errors under `lines`. */
export function lineQuantity(
  errors: FieldErrorCollector,
  line: number,
  kind: StockKind,
  quantity: number,
): number | undefined {
  try {
    validateObject(LINE_QUANTITY[kind], { quantity });
    return toBaseQuantity(kind, quantity);
  } catch (error) {
    lineErrors(errors, line, error);
    return undefined;
  }
}

export const today = ({ labTimeZone, now }: Pick<RequestsContext, 'labTimeZone' | 'now'>): string =>
  dateIn(labTimeZone, now());

// ---- Reading ----

/** The catalog name of a record, as its §4.1 shape nests it. */
const recordName = (kind: StockKind, record: StockRecords[StockKind]): string =>
  readField(kind, stockField(kind, 'name'), record) as string;

/** Requests in the API's shape, in the order given. */
export async function toRequests(
  db: Db,
  { currency }: Pick<RequestsContext, 'currency'>,
  rows: readonly RequestRow[],
): Promise<LabRequest[]> {
  const lines = await requests.findRequestLines(
    db,
    rows.map((row) => row.id),
  );
  const records = await findStockRecordsOf(db, lines);
  const funds = await fundsById(
    db,
    rows.map((row) => row.fund_id),
  );
  const digits = minorDigits(currency);
  return rows.map((row) => {
    const ownLines = lines
      .filter((line) => line.request_id === row.id)
      .map((line): RequestLine => {
        const kind = KIND_OF_TYPE[line.object_type];
        const key = stockKey(line);
        const record = records.get(key);
        // A stock record named by a request line cannot be deleted (stockReferences).
        if (!record) throw new Error(`request line ${line.id} names a missing record ${key}`);
        const inUnits = (base: number) => fromBaseQuantity(kind, base);
        const unitPrice = readField(kind, stockField(kind, 'unit_price'), record) as number | null;
        const price = toUnitPriceE4(unitPrice);
        const estimated = line.approved_quantity ?? line.quantity;
        // A price written before the limit was checked (or past it some other way) still reads: without an estimate.
        const chargeable = withinChargeLimit(kind, estimated, price);
        return {
          id: line.id,
          object_type: line.object_type,
          object_id: line.object_id,
          name: recordName(kind, record),
          unit: STOCK_UNITS[kind],
          quantity: inUnits(line.quantity),
          approved_quantity: line.approved_quantity === null ? null : inUnits(line.approved_quantity),
          issued_quantity: inUnits(line.issued_quantity),
          unit_price: unitPrice,
          estimated_cost: price === null || !chargeable ? null : chargeAmount(kind, estimated, price, digits),
          cost_beyond_limit: !chargeable,
          needs_store_approval: needsStoreApproval(record as { hazard_statements?: string[] }),
          ...lineOwnFields(line),
        };
      });
    const fund = funds.get(row.fund_id)!;
    const costs = ownLines.flatMap((line) => (line.estimated_cost === null ? [] : [line.estimated_cost]));
    // A total that leaves out a line beyond the limit would understate what the request asks for.
    const beyondLimit = ownLines.some((line) => line.cost_beyond_limit);
    return {
      id: row.id,
      status: row.status,
      location: row.location_id,
      fund: { id: fund.id, code: fund.code, name: fund.name },
      requester: { id: row.requester_id, email: row.requester_email },
      needed_by: row.needed_by,
      note: row.note,
      reason: row.reason,
      created_at: row.created_at,
      updated_at: row.updated_at,
      submitted_at: row.submitted_at,
      approved_at: row.approved_at,
      approved_by: row.approved_by,
      store_approved_at: row.store_approved_at,
      store_approved_by: row.store_approved_by,
      lines: ownLines,
      estimated_total: costs.length === 0 || beyondLimit ? null : costs.reduce((sum, cost) => sum + cost, 0),
      currency,
    };
  });
}

async function readRequest(db: Db, context: RequestsContext, id: number): Promise<LabRequest> {
  const row = await requests.findRequest(db, id);
  if (!row) throw notFound();
  return (await toRequests(db, context, [row]))[0];
}

/** 404 for an unknown request: the lookup of the store's `{id}` routes, before the body. */
export async function requireRequest({ db }: RequestsContext, id: number): Promise<void> {
  if (!(await requests.findRequest(db, id))) throw notFound();
}

export async function getRequest(context: RequestsContext, id: number): Promise<LabRequest> {
  return readRequest(context.db, context, id);
}

/** A lab's requests, newest first, of the given statuses (all when none). */
export async function labRequestList(
  context: RequestsContext,
  locationId: number,
  statuses: readonly RequestStatus[],
  page: PageRequest,
): Promise<LabRequestList> {
  if (!(await findLocation(context.db, locationId))) throw notFound();
  const { count, rows } = await requests.listRequests(context.db, { locationId, statuses }, 'newest', page);
  return { count, results: await toRequests(context.db, context, rows) };
}

/** The store's queue: requests of the given statuses (by default what is still to issue), oldest needed-by first. */
export async function storeRequests(
  context: RequestsContext,
  filter: { locationId?: number; statuses: readonly RequestStatus[] },
  page: PageRequest,
): Promise<LabRequestList> {
  const { count, rows } = await requests.listRequests(context.db, filter, 'queue', page);
  return { count, results: await toRequests(context.db, context, rows) };
}

// ---- Audit ----

const requestTarget = (request: Pick<LabRequest, 'id'>, labName: string): AuditTarget => ({
  type: 'request',
  id: request.id,
  label: `Request from ${labName} (request #${request.id})`,
});

/** A line as the audit log lists it: `Ethanol (chemical #7): 500 ml, approved 250 ml, issued 100 ml`. */
function lineText(line: RequestLine): string {
  const kind = KIND_OF_TYPE[line.object_type];
  const parts = [`${line.name} (${kind} #${line.object_id}): ${line.quantity} ${line.unit}`];
  if (line.approved_quantity !== null) parts.push(`approved ${line.approved_quantity} ${line.unit}`);
  if (line.issued_quantity > 0) parts.push(`issued ${line.issued_quantity} ${line.unit}`);
  return parts.join(', ');
}

const requestSnapshot = (request: LabRequest): Snapshot => ({
  status: request.status,
  fund: `${request.fund.code} (fund #${request.fund.id})`,
  needed_by: request.needed_by,
  note: request.note === '' ? null : request.note,
  reason: request.reason,
  lines: request.lines.map(lineText),
});

// ---- Writing ----

/**
 * The input's lines in base units, with every error of the request at once: the fund one of the lab's active
 * funds, the needed-by date not past, at most MAX_REQUEST_LINES lines, one per record, each record existing and
 * its quantity in the kind's unit.
 */
async function checkedInput(
  trx: Db,
  context: RequestsContext,
  locationId: number,
  input: NewRequest,
): Promise<
  ({ object_type: StockObjectType; object_id: number; quantity: number; position: number } & LineOwnFields)[]
> {
  const errors = new FieldErrorCollector();
  const fund = await fundError(trx, locationId, input.fund);
  if (fund !== undefined) errors.add('fund', fund);
  if (input.needed_by && input.needed_by < today(context)) errors.add('needed_by', requestMessages.pastDate);

  if (input.lines.length > MAX_REQUEST_LINES) {
    errors.add('lines', requestMessages.tooManyLines);
    errors.throwIfAny();
  }
  const records = await findStockRecordsOf(trx, input.lines);
  const firstLineOf = new Map<string, number>();
  const lines = input.lines.map((line, index) => {
    const number = index + 1;
    const kind = KIND_OF_TYPE[line.object_type];
    const key = stockKey(line);
    const first = firstLineOf.get(key);
    if (first !== undefined) errors.add('lines', requestMessages.repeatedRecord(number, first));
    else firstLineOf.set(key, number);
    const record = records.get(key);
    if (!record) errors.add('lines', `Line ${number}: object_id: ${messages.pkMissing(line.object_id)}`);
    const quantity = lineQuantity(errors, number, kind, line.quantity);
    if (record && quantity !== undefined) checkChargeable(errors, number, kind, record, quantity);
    return {
      ...lineOwnFields(line),
      object_type: line.object_type,
      object_id: line.object_id,
      quantity: quantity ?? 0,
      position: index,
    };
  });
  errors.throwIfAny();
  return lines;
}

/** The record's unit price as stored (ten-thousandths), null without one. */
const storedPrice = (kind: StockKind, record: StockRecords[StockKind]): number | null =>
  toUnitPriceE4(readField(kind, stockField(kind, 'unit_price'), record) as number | null);

/**
 * An error under `lines` when `base` of the record at its price costs more than a line may be charged: such a line
 * could never be issued, and its estimate could not be stated (domain/money.ts, MAX_LINE_CHARGE).
 */
function checkChargeable(
  errors: FieldErrorCollector,
  line: number,
  kind: StockKind,
  record: StockRecords[StockKind],
  base: number,
): void {
  const price = storedPrice(kind, record);
  if (!withinChargeLimit(kind, base, price)) {
    const unitPrice = readField(kind, stockField(kind, 'unit_price'), record) as number | null;
    errors.add('lines', requestMessages.beyondChargeLimit(line, quantityText(kind, base), unitPrice));
  }
}

/**
 * 400 under `unit_price` when the record's new price (ten-thousandths) would make a line of an open request (its
 * approved quantity, the asked one until approval) cost more than a line may be charged, naming the requests: their
 * estimates, approval and fulfilment would fail. Every write of a record's price calls it.
 */
export async function refuseUnchargeablePrice(
  trx: Db,
  kind: StockKind,
  recordId: number,
  unitPriceE4: number | null,
): Promise<void> {
  if (unitPriceE4 === null) return;
  const lines = await requests.linesOfRecord(trx, OBJECT_TYPES[kind], recordId, OPEN_STATUSES);
  const beyond = lines.filter(
    (line) => !withinChargeLimit(kind, line.approved_quantity ?? line.quantity, unitPriceE4),
  );
  if (beyond.length > 0) {
    const ids = [...new Set(beyond.map((line) => line.request_id))];
    throw ValidationError.field('unit_price', requestMessages.priceBeyondChargeLimit(ids));
  }
}

/** POST a lab's request: submitted at once. */
export async function createRequest(
  context: RequestsContext,
  actor: Actor,
  locationId: number,
  input: NewRequest,
): Promise<LabRequest> {
  const { db, now } = context;
  return writeTransaction(db, async (trx) => {
    const location = await findLocation(trx, locationId);
    if (!location) throw notFound();
    const lines = await checkedInput(trx, context, locationId, input);
    const at = now();
    const stamp = at.toISOString();
    const row = await requests.insertRequest(trx, {
      location_id: locationId,
      fund_id: input.fund,
      requester_id: actor.id,
      requester_email: actor.email,
      status: 'submitted',
      needed_by: input.needed_by ?? null,
      note: input.note ?? '',
      created_at: stamp,
      updated_at: stamp,
      submitted_at: stamp,
    });
    await requests.replaceRequestLines(trx, row.id, lines);
    recordChange(trx, { topic: 'request', action: 'created', ids: [row.id], labId: locationId, actor });
    const request = await readRequest(trx, context, row.id);
    await recordAudit(trx, {
      at,
      actor,
      action: 'request.submitted',
      target: requestTarget(request, location.name),
      changes: fieldChanges(null, requestSnapshot(request)),
    });
    return request;
  });
}

/** Whether the caller may take an action the route's class let through: the requester's own, where it says so. */
async function requireActor(trx: Db, by: RequestActor, request: RequestRow, actor: Actor): Promise<void> {
  const isRequester = request.requester_id === actor.id;
  if (by === 'requester' && !isRequester) throw forbidden(requestMessages.notRequester);
  if (by === 'requesterOrLabManager' && !isRequester) {
    const role = await labRoleOf(trx, actor.id, request.location_id);
    if (role !== 'manager') throw forbidden(requestMessages.notRequesterOrManager);
  }
}

/**
 * A manager approving their own request: a department wants a second pair of eyes on what is bought, so while the
 * lab has another manager, that one approves it; a lab whose only manager asks may still have its requests approved
 * (else they could never be), and the audit entry shows who approved whose request.
 */
async function requireNotOwnApproval(trx: Db, request: RequestRow, actor: Actor): Promise<void> {
  if (request.requester_id !== actor.id) return;
  const members = await listLabMembers(trx, request.location_id);
  if (members.some((member) => member.role === 'manager' && member.id !== actor.id))
    throw forbidden(requestMessages.ownRequest);
}

export interface TransitionStep {
  /** The request's columns to change, its status among them. */
  changes: Updateable<RequestsTable> & { status: RequestStatus };
  /** What the audit entry says besides the request's own fields (a fulfilment's issue). */
  audited?: Snapshot;
}

/**
 * One action on a request, in one transaction with the request's row locked: 404 for an unknown one, 409 when the
 * table does not let the action happen in its status, 403 when the caller is not whom the action needs, then
 * `step` (which checks its own input and writes what else the action writes), the new status and the audit entry.
 */
export async function transition(
  context: RequestsContext,
  actor: Actor,
  id: number,
  action: RequestAction,
  step: (trx: Db, request: RequestRow, current: LabRequest, at: Date) => Promise<TransitionStep>,
): Promise<LabRequest> {
  const { db, dialect, now } = context;
  const rule = REQUEST_TRANSITIONS[action];
  return writeTransaction(db, async (trx) => {
    const row = await requests.lockRequest(trx, dialect, id);
    if (!row) throw notFound();
    if (!allows(action, row.status)) throw conflict(requestMessages.notAllowed(row.status, rule.verb));
    await requireActor(trx, rule.by, row, actor);
    const before = (await toRequests(trx, context, [row]))[0];
    const at = now();
    const { changes, audited = {} } = await step(trx, row, before, at);
    if (!rule.to.includes(changes.status))
      throw new Error(`${action} may not lead from ${row.status} to ${changes.status}`);
    await requests.updateRequest(trx, id, { ...changes, updated_at: at.toISOString() });
    recordChange(trx, { topic: 'request', action: 'updated', ids: [id], labId: row.location_id, actor });
    const after = await readRequest(trx, context, id);
    const location = await findLocation(trx, row.location_id);
    await recordAudit(trx, {
      at,
      actor,
      action: rule.audit,
      target: requestTarget(after, location!.name),
      changes: {
        ...fieldChanges(requestSnapshot(before), requestSnapshot(after)),
        ...fieldChanges(null, audited),
      },
    });
    return after;
  });
}

/** PATCH by the requester while returned: the given fields replace the request's, which is submitted again. */
export async function resubmitRequest(
  context: RequestsContext,
  actor: Actor,
  id: number,
  input: RequestChanges,
): Promise<LabRequest> {
  return transition(context, actor, id, 'resubmit', async (trx, row, current, at) => {
    const merged: NewRequest = {
      fund: input.fund ?? row.fund_id,
      needed_by: input.needed_by === undefined ? row.needed_by : input.needed_by,
      note: input.note ?? row.note,
      lines:
        input.lines ??
        current.lines.map((line) => ({
          ...lineOwnFields(line),
          object_type: line.object_type,
          object_id: line.object_id,
          quantity: line.quantity,
        })),
    };
    const lines = await checkedInput(trx, context, row.location_id, merged);
    await requests.replaceRequestLines(trx, row.id, lines);
    return {
      changes: {
        status: 'submitted',
        fund_id: merged.fund,
        needed_by: merged.needed_by ?? null,
        note: merged.note ?? '',
        submitted_at: at.toISOString(),
      },
    };
  });
}

/**
 * The lab manager's approval, with some lines' quantities reduced (each 0 < q ≤ asked; the others approved as
 * asked): approved, or awaiting the store's approval when a line's record is a CMR substance.
 */
export async function approveRequest(
  context: RequestsContext,
  actor: Actor,
  id: number,
  reduced: readonly ApprovedLine[] = [],
): Promise<LabRequest> {
  return transition(context, actor, id, 'approve', async (trx, row, current, at) => {
    await requireNotOwnApproval(trx, row, actor);
    const lines = await requests.findRequestLines(trx, [row.id]);
    const errors = new FieldErrorCollector();
    const approved = new Map(lines.map((line) => [line.id, line.quantity]));
    const listed = new Set<number>();
    for (const { id: lineId, quantity } of reduced) {
      const line = lines.find((candidate) => candidate.id === lineId);
      if (!line) {
        errors.add('lines', requestMessages.unknownLine(lineId));
        continue;
      }
      // Which of two quantities for one line the manager meant cannot be told: neither is taken.
      if (listed.has(lineId)) {
        errors.add('lines', requestMessages.listedTwice(lineId));
        continue;
      }
      listed.add(lineId);
      const kind = KIND_OF_TYPE[line.object_type];
      const base = lineQuantity(errors, lineId, kind, quantity);
      if (base === undefined) continue;
      if (base > line.quantity)
        errors.add(
          'lines',
          requestMessages.aboveAsked(lineId, `${fromBaseQuantity(kind, line.quantity)} ${STOCK_UNITS[kind]}`),
        );
      else approved.set(lineId, base);
    }
    errors.throwIfAny();
    const records = await findStockRecordsOf(trx, lines);
    for (const line of lines) {
      const record = records.get(stockKey(line))!;
      checkChargeable(errors, line.id, KIND_OF_TYPE[line.object_type], record, approved.get(line.id)!);
    }
    errors.throwIfAny();
    await requests.setApprovedQuantities(trx, approved);
    const storeApproval = current.lines.some((line) => line.needs_store_approval);
    return {
      changes: {
        status: storeApproval ? 'awaiting_store_approval' : 'approved',
        approved_at: at.toISOString(),
        approved_by: actor.email,
      },
    };
  });
}

/**
 * A store manager's approval of a request with CMR lines: the lines that need it now are marked approved by the
 * store, which fulfilment checks (services/requestFulfilment.ts).
 */
export async function storeApproveRequest(context: RequestsContext, actor: Actor, id: number) {
  return transition(context, actor, id, 'store_approve', async (trx, _row, current, at) => {
    await requests.setStoreApproved(
      trx,
      current.lines.filter((line) => line.needs_store_approval).map((line) => line.id),
    );
    return {
      changes: { status: 'approved', store_approved_at: at.toISOString(), store_approved_by: actor.email },
    };
  });
}

/** Reject (by the lab's manager, or by the store at its step) or return for changes, with the reason. */
export async function closeWithReason(
  context: RequestsContext,
  actor: Actor,
  id: number,
  action: 'reject' | 'store_reject' | 'return',
  reason: string,
): Promise<LabRequest> {
  return transition(context, actor, id, action, async () => ({
    changes: { status: action === 'return' ? 'returned' : 'rejected', reason },
  }));
}

export async function cancelRequest(context: RequestsContext, actor: Actor, id: number) {
  return transition(context, actor, id, 'cancel', async () => ({ changes: { status: 'cancelled' } }));
}

/**
 * Cancel what is still to issue of an approved or partly fulfilled request (by a manager of its lab or the store),
 * with the reason: what was issued stays issued and charged.
 */
export async function cancelOpenRequest(context: RequestsContext, actor: Actor, id: number, reason: string) {
  return transition(context, actor, id, 'cancel_open', async () => ({
    changes: { status: 'cancelled', reason },
  }));
}
