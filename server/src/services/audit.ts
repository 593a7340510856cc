import type { Db } from '../db';
import type { AuditRow } from '../db/repositories/auditLog';
import { normalizeEmail } from '../db/repositories/users';
import {
  actionGroup,
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditTargetType,
} from '../domain/auditActions';
import type { AuditActionInfo, AuditEntry, AuditFilters } from '../contract/audit';
import type { Changes } from '../audit/entries';
import { timeRange } from '../domain/timeRange';
import { notFound } from '../http/errors';
import type { PageRequest } from '../http/paging';
import { messages, ValidationError } from '../validation/errors';
import { commaSeparatedItems, MAX_LIST_ITEMS } from '../validation/validate';
import * as auditLog from '../db/repositories/auditLog';

// Reading the audit log (docs/api.md §6); its entries are written by audit/entries.ts.

// The log's rows are written only by recordAudit, from an AuditAction and an AuditTarget: the texts read back are theirs.
function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at,
    action: row.action as AuditAction,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    authenticated: row.actor_id !== null,
    target_type: row.target_type as AuditTargetType,
    target_id: row.target_id,
    target_label: row.target_label,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as Changes),
    ip: row.ip,
  };
}

/** The actions an `action` filter names: each item an action, or a group that stands for all of its actions. */
function actionsNamed(filter: string): AuditAction[] {
  const items = commaSeparatedItems([filter]);
  if (items === undefined) throw ValidationError.field('action', messages.maxItems(MAX_LIST_ITEMS));
  const actions = new Set<AuditAction>();
  for (const item of items) {
    const named = AUDIT_ACTION_NAMES.filter((action) => action === item || actionGroup(action) === item);
    if (named.length === 0) throw ValidationError.field('action', messages.choice(item));
    named.forEach((action) => actions.add(action));
  }
  return [...actions];
}

const present = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);

function rowFilters(filters: AuditFilters): auditLog.AuditRowFilters {
  const action = present(filters.action);
  const actions = action === undefined ? [] : actionsNamed(action);
  const actor = present(filters.actor);
  const search = present(filters.search);
  return {
    ...(actions.length > 0 && { actions }),
    ...(actor !== undefined && { actorEmailLower: normalizeEmail(actor) }),
    ...(filters.target_type !== undefined && { targetType: filters.target_type }),
    ...(filters.target_id !== undefined && { targetId: filters.target_id }),
    // Validated as time bounds by the route's schema.
    ...timeRange(filters.from, filters.to),
    ...(search !== undefined && { searchText: search.toLowerCase() }),
  };
}

/** One page of the entries matching the filters, newest first, and how many match in all. */
export async function listAuditEntries(
  db: Db,
  filters: AuditFilters,
  page: PageRequest,
): Promise<{ count: number; entries: AuditEntry[] }> {
  const matching = rowFilters(filters);
  const count = await auditLog.countAuditRows(db, matching);
  const rows = count > page.offset ? await auditLog.findAuditRows(db, matching, page) : [];
  return { count, entries: rows.map(toEntry) };
}

export async function getAuditEntry(db: Db, id: number): Promise<AuditEntry> {
  const row = await auditLog.findAuditRow(db, id);
  if (!row) throw notFound();
  return toEntry(row);
}

/** The vocabulary, for a client's action filter. */
export function auditActions(): AuditActionInfo[] {
  return AUDIT_ACTION_NAMES.map((action) => ({
    action,
    label: AUDIT_ACTIONS[action],
    group: actionGroup(action),
  }));
}
