import { apiSlice } from './apiSlice';
import { filterParams, type Page, type PageRequest } from './paging';
import { byKind, specOf, type StockKind } from './stockKinds';
import { listTag } from './tags';

// docs/api.md §6: the audit log of actions that change no quantity. Read-only: entries are never changed.

export type AuditTargetType = 'user' | StockKind | 'substance' | 'location' | 'file' | 'category' | 'issue';

export const auditTargetLabels: Record<AuditTargetType, string> = {
  user: 'User',
  ...byKind((kind) => specOf(kind).label),
  // A chemical entry: its hazards merged from its records (docs/api.md §16).
  substance: 'Substance',
  location: 'Location',
  file: 'File',
  category: 'Category',
  issue: 'Issue',
};

export const auditTargetTypes = Object.keys(auditTargetLabels) as AuditTargetType[];

export interface AuditEntry {
  id: number;
  created_at: string;
  /** One of the actions `/audit/actions/` lists, e.g. 'stock.updated'. */
  action: string;
  /** null for a failed sign-in. */
  actor_id: number | null;
  /** For a failed sign-in, the e-mail that was tried. */
  actor_email: string;
  authenticated: boolean;
  target_type: AuditTargetType;
  target_id: number | null;
  /** What the target was called when the action happened. */
  target_label: string;
  /** `{field: [before, after]}`; a creation has null befores, a deletion null afters. */
  changes: Record<string, [unknown, unknown]> | null;
  ip: string;
}

export interface AuditAction {
  action: string;
  label: string;
  /** The action's prefix up to and including the dot ('user.'), which a filter may name instead. */
  group: string;
}

export interface AuditFilters {
  /** Actions and groups ('user.created', 'auth.'). */
  actions: string[];
  /** The actor's e-mail, exact. */
  actor: string;
  targetType: AuditTargetType | '';
  /** Instants (ISO 8601 with an offset), both included. */
  from: string;
  to: string;
  /** Text in the target's label or the actor's e-mail. */
  search: string;
}

export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // Newest first; every audited write adds an entry.
    listAudit: build.query<Page<AuditEntry>, AuditFilters & PageRequest>({
      query: ({ actions, actor, targetType, from, to, search, limit, offset }) => ({
        url: '/api/management/audit/',
        params: {
          ...filterParams({
            action: actions.join(','),
            actor: actor.trim(),
            target_type: targetType,
            from,
            to,
            search: search.trim(),
          }),
          limit,
          offset,
        },
      }),
      providesTags: () => [listTag('Audit')],
    }),
    auditActions: build.query<AuditAction[], void>({
      query: () => '/api/management/audit/actions/',
    }),
  }),
});

export const { useListAuditQuery, useAuditActionsQuery } = auditApi;
