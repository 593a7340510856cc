import * as auditLog from '../db/repositories/auditLog';
import type { CategoryRef } from '../db/repositories/categories';
import type { FileChemical, FileRow, LibraryFile } from '../db/repositories/files';
import type { Location } from '../db/repositories/locations';
import type { StockRecords } from '../db/repositories/stock';
import { normalizeEmail, type User } from '../db/repositories/users';
import type { Executor } from '../db/executor';
import type { AuditAction, AuditTargetType } from '../domain/auditActions';
import { readField, readLineField, stockField, viewItemText } from '../domain/stockKindHelpers';
import { specOf, STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import type { FieldValue } from '../contract/audit';
import type { ChangeAction, ChangeTopic } from '../domain/changeTopics';
import { recordChange } from '../feed/changeLog';

/**
 * The audit log of actions that change no quantity (quantities have the stock ledger). Every audited service
 * writes its entry through `recordAudit`, inside the transaction of its change, so a change that rolls back leaves
 * no entry. Passwords, hashes, tokens and file contents never reach it: entries are built only from the snapshots
 * below, which name what a person reads in the app.
 */

/**
 * Who acts and from which address (`request.ip`, which honours TRUST_PROXY), and from which browser tab (its
 * `X-Client-Id`, the change events' `origin`): routes pass it to services.
 */
export interface Actor {
  id: number;
  email: string;
  ip: string;
  origin: string | null;
}

/** A failed sign-in is no authenticated actor: its id is null, its e-mail the account's (see failedSignIn). */
export type AuditActor = Actor | { id: null; email: string; ip: string; origin?: null };

export interface AuditTarget {
  type: AuditTargetType;
  /** Null when the target never existed (a sign-in with an unknown e-mail). */
  id: number | null;
  /** What the target was called when the action happened, e.g. `Ethanol 99.5% Merck/Daraz (chemical #7)`. */
  label: string;
}

/** The fields a person sees of a target, by their API names. */
export type Snapshot = Record<string, FieldValue>;

/** `{field: [before, after]}`: null before on creation (or a link made), null after on deletion (or a link undone). */
export type Changes = Record<string, [FieldValue, FieldValue]>;

export interface AuditEvent {
  at: Date;
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  changes?: Changes | null;
}

/**
 * The change event an audited action stands for (docs/api.md §27), besides the audit log's own. A fund's and a
 * request's events are their services', since they name the lab, which the target does not; a failed sign-in
 * changes nothing but the log.
 */
const AUDITED_CHANGES: Partial<Record<AuditAction, { topic: ChangeTopic; action: ChangeAction }>> = {
  'user.created': { topic: 'user', action: 'created' },
  'user.updated': { topic: 'user', action: 'updated' },
  'user.deleted': { topic: 'user', action: 'deleted' },
  'user.password_reset': { topic: 'user', action: 'updated' },
  'location.created': { topic: 'location', action: 'created' },
  'location.updated': { topic: 'location', action: 'updated' },
  'location.deleted': { topic: 'location', action: 'deleted' },
  'file.uploaded': { topic: 'file', action: 'created' },
  'file.linked': { topic: 'file', action: 'updated' },
  'file.unlinked': { topic: 'file', action: 'updated' },
  'file.deleted': { topic: 'file', action: 'deleted' },
  'category.created': { topic: 'category', action: 'created' },
  'category.renamed': { topic: 'category', action: 'updated' },
  'category.deleted': { topic: 'category', action: 'deleted' },
  'import.committed': { topic: 'import', action: 'updated' },
  'import.reverted': { topic: 'import', action: 'updated' },
};

/** A stock record's events have the record's kind as their topic. */
const STOCK_ACTIONS: Partial<Record<AuditAction, ChangeAction>> = {
  'stock.created': 'created',
  'stock.updated': 'updated',
  'stock.deleted': 'deleted',
};

const isStockKind = (type: AuditTargetType): type is StockKind =>
  (STOCK_KINDS as readonly string[]).includes(type);

function auditedChange(action: AuditAction, target: AuditTarget) {
  const stockAction = STOCK_ACTIONS[action];
  if (stockAction !== undefined && isStockKind(target.type))
    return { topic: target.type, action: stockAction };
  return AUDITED_CHANGES[action];
}

/** Writes the entry, and notes its change events: the target's and the audit log's own. */
export async function recordAudit(trx: Executor, { at, actor, action, target, changes = null }: AuditEvent) {
  const change = auditedChange(action, target);
  if (change !== undefined && target.id !== null) {
    recordChange(trx, {
      ...change,
      ids: [target.id],
      // An account's events reach the account itself.
      userId: change.topic === 'user' ? target.id : null,
      actor,
    });
  }
  const id = await auditLog.insertAuditRow(trx, {
    created_at: at.toISOString(),
    action,
    actor_id: actor.id,
    actor_email: actor.email,
    actor_email_lower: normalizeEmail(actor.email),
    target_type: target.type,
    target_id: target.id,
    target_label: target.label,
    changes: changes === null ? null : JSON.stringify(changes),
    ip: actor.ip,
    search_text: `${target.label}\n${actor.email}`.toLowerCase(),
  });
  recordChange(trx, { topic: 'audit', action: 'created', ids: [id], actor });
}

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose values differ, as `{field: [before, after]}`; `null` for a side that does not exist (a creation
 * or a deletion). An edit that changes nothing gives `{}`, and then no entry is written.
 */
export function fieldChanges(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!sameValue(old, now)) changes[field] = [old, now];
  }
  return changes;
}

export const hasChanges = (changes: Changes): boolean => Object.keys(changes).length > 0;

/** An edit's entry: the fields that differ between the two snapshots; none at all when nothing differs. */
export async function recordEdit(
  trx: Executor,
  { before, after, ...event }: Omit<AuditEvent, 'changes'> & { before: Snapshot; after: Snapshot },
): Promise<void> {
  const changes = fieldChanges(before, after);
  if (hasChanges(changes)) await recordAudit(trx, { ...event, changes });
}

// ---- Targets and snapshots, one pair per kind of target ----

export const userTarget = (user: Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>): AuditTarget => ({
  type: 'user',
  id: user.id,
  label: `${user.first_name} ${user.last_name} <${user.email}> (user #${user.id})`,
});

/** An e-mail a sign-in tried that no account has, known only by the keyed fingerprint of the text typed. */
export interface UnknownAccount {
  fingerprint: string;
}

/**
 * The actor and target of a failed sign-in. An account is named by its stored e-mail; an e-mail no account has by a
 * short form of its fingerprint, `unknown account · fingerprint 3f2a9c1e`, never by the text typed, which is often
 * a password typed into the e-mail field (and this log is read by every signed-in user).
 */
export function failedSignIn(
  account: User | UnknownAccount,
  ip: string,
): { actor: AuditActor; target: AuditTarget } {
  if ('fingerprint' in account) {
    const label = `unknown account · fingerprint ${account.fingerprint.slice(0, 8)}`;
    return { actor: { id: null, email: label, ip }, target: { type: 'user', id: null, label } };
  }
  return { actor: { id: null, email: account.email, ip }, target: userTarget(account) };
}

export const userSnapshot = (user: Pick<User, 'email' | 'first_name' | 'last_name'>): Snapshot => ({
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
});

/**
 * A stock record's fields as the admin Store's columns show them (the table's `audit` view): names flat,
 * quantities in ml or pieces.
 */
export function stockSnapshot<K extends StockKind>(kind: K, record: StockRecords[K]): Snapshot {
  return Object.fromEntries(
    specOf(kind).views.audit.map((name) => {
      const value = readField(kind, stockField(kind, name), record) as FieldValue;
      // None is no value, like an unset date: a record created without hazard data lists none of it.
      return [name, Array.isArray(value) && value.length === 0 ? null : value];
    }),
  );
}

/** `Ethanol 99.5% Merck/Daraz (chemical #7)`, `Beaker 250 Borosilicate Pyrex/Daraz (glassware #5)`. */
export function stockTarget(kind: StockKind, id: number, fields: Snapshot): AuditTarget {
  const identity = [
    ...specOf(kind).views.auditLabel.map((item) => viewItemText(kind, item, fields, readLineField)),
    `${fields.manufacturer}/${fields.supplier}`,
  ];
  return { type: kind, id, label: `${identity.join(' ')} (${kind} #${id})` };
}

export const locationTarget = (location: Location): AuditTarget => ({
  type: 'location',
  id: location.id,
  label: `${location.name} (location #${location.id})`,
});

export const locationSnapshot = (location: Location): Snapshot => ({
  name: location.name,
  consumer_type: location.consumer_type,
  room_number: location.room_number,
  building_name: location.building_name,
});

export const categoryTarget = (category: CategoryRef): AuditTarget => ({
  type: 'category',
  id: category.id,
  label: `${category.name} (category #${category.id})`,
});

/** A file's row, as an audit entry names it. */
type StoredFile = Omit<FileRow, 'version'>;

export const fileTarget = (file: StoredFile): AuditTarget => ({
  type: 'file',
  id: file.id,
  label: `${file.stored_name} (file #${file.id})`,
});

/** The labels of a file's links, by link list, id ascending. */
export function fileLinkLabels(file: LibraryFile): { categories: string[]; chemicals: string[] } {
  return {
    categories: file.categories.map((category) => categoryTarget(category).label),
    chemicals: file.chemicals.map(
      (chemical: FileChemical) => stockTarget('chemical', chemical.id, { ...chemical }).label,
    ),
  };
}

/** A file's name, size and links (lists left out when empty); never its contents. */
export function fileSnapshot(row: StoredFile, file: LibraryFile): Snapshot {
  const links = Object.entries(fileLinkLabels(file)).filter(([, labels]) => labels.length > 0);
  return { name: row.stored_name, size_bytes: row.size_bytes, ...Object.fromEntries(links) };
}
