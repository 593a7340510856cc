import { findStockRecordsOf } from '../db/repositories/stock';
import {
  fromBaseQuantity,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  readField,
  STOCK_UNITS,
  stockField,
  stockKey,
} from '../domain/stockKindHelpers';
import type {
  FulfilPick,
  LabRequest,
  LineSuggestion,
  PickSuggestion,
  SuggestedPick,
} from '../contract/requests';
import type { Db } from '../db';
import {
  addIssuedQuantities,
  findRequest,
  findRequestLines,
  type RequestLineRow,
} from '../db/repositories/requests';
import {
  type PickCandidate,
  pickCandidates,
  recordFacts,
  type RecordFacts,
} from '../db/repositories/requestStock';
import type { StockObjectType } from '../db/tables';
import { cmrStatements } from '../domain/chemistry/cmr';
import { openQuantity } from '../domain/requests';
import { STOCK_KINDS } from '../domain/stockKinds';
import { conflict, notFound } from '../http/errors';
import { FieldErrorCollector, messages } from '../validation/errors';
import type { Actor } from '../audit/entries';
import { writeIssue } from './issues';
import type { Issue } from '../contract/issues';
import { lineQuantity, type RequestsContext, today, transition } from './requests';

// The store's side of a request (docs/api.md §26.7–26.8): which records to take for each open line, and the issue
// that fulfils lines in part or in full. What is not issued stays open on the request, a back-order.

/**
 * For each open line (approved − issued > 0), in line order: the records of the same catalog entry that hold
 * something and have not expired, opened ones first, then the earliest expiry, then id, taken until the open quantity
 * is covered. Lines of one catalog entry share its records: what an earlier line takes is not offered again.
 */
export async function pickSuggestion(context: RequestsContext, id: number): Promise<PickSuggestion> {
  const { db } = context;
  if (!(await findRequest(db, id))) throw notFound();
  const open = (await findRequestLines(db, [id])).filter((line) => openQuantity.toIssue(line) > 0);
  const day = today(context);
  const candidatesOf = new Map<string, PickCandidate[]>();
  const catalogOf = new Map<number, number>();
  for (const kind of STOCK_KINDS) {
    const type = OBJECT_TYPES[kind];
    const ofKind = open.filter((line) => line.object_type === type);
    const facts = await recordFacts(
      db,
      kind,
      ofKind.map((line) => line.object_id),
    );
    const needed = new Map<number, number>();
    for (const line of ofKind) {
      const catalogId = facts.get(line.object_id)!.catalog_id;
      catalogOf.set(line.id, catalogId);
      needed.set(catalogId, (needed.get(catalogId) ?? 0) + openQuantity.toIssue(line));
    }
    const candidates = await pickCandidates(db, kind, needed, day);
    for (const candidate of candidates) {
      const key = `${type}:${candidate.catalog_id}`;
      candidatesOf.set(key, [...(candidatesOf.get(key) ?? []), candidate]);
    }
  }

  const left = new Map<string, number>();
  const lines = open.map((line): LineSuggestion => {
    const kind = KIND_OF_TYPE[line.object_type];
    const inUnits = (base: number) => fromBaseQuantity(kind, base);
    let needed = openQuantity.toIssue(line);
    const picks: SuggestedPick[] = [];
    for (const candidate of candidatesOf.get(`${line.object_type}:${catalogOf.get(line.id)}`) ?? []) {
      if (needed === 0) break;
      const key = stockKey({ object_type: line.object_type, object_id: candidate.id });
      const available = left.get(key) ?? candidate.quantity;
      const taken = Math.min(available, needed);
      if (taken === 0) continue;
      left.set(key, available - taken);
      needed -= taken;
      const { id: objectId, catalog_id: _catalog, quantity: _held, ...named } = candidate;
      picks.push({ object_id: objectId, ...named, quantity: inUnits(taken) });
    }
    return {
      request_line: line.id,
      open_quantity: inUnits(openQuantity.toIssue(line)),
      picks,
      short: inUnits(needed),
    };
  });
  return { lines };
}

export const fulfilMessages = {
  unknownLine: (pick: number, id: number) =>
    `Line ${pick}: request_line: ${id} is not a line of this request.`,
  otherEntry: (pick: number, type: StockObjectType, id: number) =>
    `Line ${pick}: object_id: ${KIND_OF_TYPE[type]} #${id} is not a record of what the request line asks for.`,
  expired: (pick: number, date: string) => `Line ${pick}: object_id: the record expired on ${date}.`,
  aboveOpen: (line: number, picked: string, open: string) =>
    `Request line ${line}: ${picked} picked, but only ${open} is open.`,
  sentBack: (reasons: readonly string[]) =>
    `${reasons.join(' ')} Nothing was issued: the request is back awaiting store approval. Approve it for the ` +
    'store (or reject it), then fulfil it again.',
  changedMeanwhile: 'The request changed meanwhile: fulfil it again.',
};

/** A line of the issue a fulfilment would make. */
interface IssueLine {
  object_type: StockObjectType;
  object_id: number;
  quantity: number;
  request_line_id: number;
}

/**
 * Why picked records may not be issued without the store's approval: each record that now carries a CMR hazard
 * statement (its substance's, docs/api.md §16) for a line the store has not approved as a CMR line. The rule is
 * checked on what is issued, not only on the record asked for when the lab approved: the substance may have been
 * classified since (issue 33).
 */
async function unapprovedCmrPicks(
  trx: Db,
  lines: readonly RequestLineRow[],
  picks: readonly IssueLine[],
): Promise<string[]> {
  const records = await findStockRecordsOf(trx, picks);
  const reasons: string[] = [];
  const named = new Set<string>();
  for (const pick of picks) {
    const line = lines.find((candidate) => candidate.id === pick.request_line_id)!;
    const key = stockKey(pick);
    const record = records.get(key);
    // Deleted since the fulfilment checked it (sendBackToStore's second look): nothing of it is issued.
    if (record === undefined) continue;
    const codes = cmrStatements(record as { hazard_statements?: string[] });
    if (line.store_approved || codes.length === 0 || named.has(key)) continue;
    named.add(key);
    const kind = KIND_OF_TYPE[pick.object_type];
    const name = readField(kind, stockField(kind, 'name'), record) as string;
    reasons.push(
      `${name} (${kind} #${pick.object_id}) now carries ${codes.join(', ')}, a CMR hazard the store has not ` +
        `approved for request line ${line.id}.`,
    );
  }
  return reasons;
}

/** A fulfilment stopped by unapprovedCmrPicks, with its reasons. */
class UnapprovedCmr extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}

/**
 * Issues the picks to the request's lab, charged to its fund, in one transaction with the request locked: each pick a
 * record of its line's catalog entry, not expired, in the kind's unit (the route's schema wants at least one); per
 * line at most what is open. A short record
 * → 409 naming it and nothing written (writeIssue). Then `fulfilled` when every line has all it was approved,
 * else `partly_fulfilled`. A picked record that now needs the store's approval its line has not had → nothing
 * issued, the request sent back to `awaiting_store_approval` (audited), and a 409 that says why.
 */
export async function fulfilRequest(
  context: RequestsContext,
  actor: Actor,
  id: number,
  picks: readonly FulfilPick[],
): Promise<{ issue: Issue; request: LabRequest }> {
  try {
    return await issuePicks(context, actor, id, picks);
  } catch (error) {
    if (!(error instanceof UnapprovedCmr)) throw error;
    throw conflict(fulfilMessages.sentBack(await sendBackToStore(context, actor, id, picks)));
  }
}

/**
 * The request back at the store's step, in a transaction of its own after the fulfilment's was rolled back: its
 * picks checked again (the records may have changed in between), the reasons in the audit entry and answered.
 */
async function sendBackToStore(
  context: RequestsContext,
  actor: Actor,
  id: number,
  picks: readonly FulfilPick[],
): Promise<string[]> {
  let reasons: string[] = [];
  await transition(context, actor, id, 'send_back_to_store', async (trx, row) => {
    const lines = await findRequestLines(trx, [row.id]);
    const issueLines = picks.flatMap((pick): IssueLine[] => {
      const line = lines.find((candidate) => candidate.id === pick.request_line);
      return line
        ? [
            {
              object_type: line.object_type,
              object_id: pick.object_id,
              quantity: 0,
              request_line_id: line.id,
            },
          ]
        : [];
    });
    reasons = await unapprovedCmrPicks(trx, lines, issueLines);
    if (reasons.length === 0) throw conflict(fulfilMessages.changedMeanwhile);
    return { changes: { status: 'awaiting_store_approval' }, audited: { cmr: reasons.join(' ') } };
  });
  return reasons;
}

async function issuePicks(
  context: RequestsContext,
  actor: Actor,
  id: number,
  picks: readonly FulfilPick[],
): Promise<{ issue: Issue; request: LabRequest }> {
  let issue: Issue | undefined;
  const request = await transition(context, actor, id, 'fulfil', async (trx, row, _current, at) => {
    const lines = await findRequestLines(trx, [row.id]);
    const errors = new FieldErrorCollector();
    const day = today({ ...context, now: () => at });
    const toIssue: IssueLine[] = [];
    // The records of the lines and of the picks, one query per kind.
    const facts = new Map<string, RecordFacts>();
    for (const kind of STOCK_KINDS) {
      const type = OBJECT_TYPES[kind];
      const ofKind = lines.filter((line) => line.object_type === type);
      const ids = [
        ...ofKind.map((line) => line.object_id),
        ...picks
          .filter((pick) => ofKind.some((line) => line.id === pick.request_line))
          .map((pick) => pick.object_id),
      ];
      for (const [recordId, fact] of await recordFacts(trx, kind, ids))
        facts.set(stockKey({ object_type: type, object_id: recordId }), fact);
    }
    const picked = new Map<number, number>();
    for (const [index, pick] of picks.entries()) {
      const number = index + 1;
      const line = lines.find((candidate) => candidate.id === pick.request_line);
      if (!line) {
        errors.add('lines', fulfilMessages.unknownLine(number, pick.request_line));
        continue;
      }
      const record = facts.get(stockKey({ object_type: line.object_type, object_id: pick.object_id }));
      const problem = !record
        ? `Line ${number}: object_id: ${messages.pkMissing(pick.object_id)}`
        : record.catalog_id !== facts.get(stockKey(line))!.catalog_id
          ? fulfilMessages.otherEntry(number, line.object_type, pick.object_id)
          : record.expiry_date !== null && record.expiry_date < day
            ? fulfilMessages.expired(number, record.expiry_date)
            : undefined;
      if (problem) errors.add('lines', problem);
      const quantity = lineQuantity(errors, number, KIND_OF_TYPE[line.object_type], pick.quantity);
      if (quantity === undefined || problem) continue;
      picked.set(line.id, (picked.get(line.id) ?? 0) + quantity);
      toIssue.push({
        object_type: line.object_type,
        object_id: pick.object_id,
        quantity,
        request_line_id: line.id,
      });
    }
    for (const line of lines) {
      const total = picked.get(line.id) ?? 0;
      if (total <= openQuantity.toIssue(line)) continue;
      const kind = KIND_OF_TYPE[line.object_type];
      const text = (base: number) => `${fromBaseQuantity(kind, base)} ${STOCK_UNITS[kind]}`;
      errors.add('lines', fulfilMessages.aboveOpen(line.id, text(total), text(openQuantity.toIssue(line))));
    }
    errors.throwIfAny();
    const unapproved = await unapprovedCmrPicks(trx, lines, toIssue);
    if (unapproved.length > 0) throw new UnapprovedCmr(unapproved);

    issue = await writeIssue(trx, context.dialect, {
      locationId: row.location_id,
      lines: toIssue,
      requestId: row.id,
      fundId: row.fund_id,
      actor,
      now: context.now,
      currency: context.currency,
    });
    await addIssuedQuantities(trx, picked);
    const complete = lines.every((line) => openQuantity.toIssue(line) - (picked.get(line.id) ?? 0) === 0);
    return {
      changes: { status: complete ? 'fulfilled' : 'partly_fulfilled' },
      audited: { issue: issue.id },
    };
  });
  return { issue: issue!, request };
}
