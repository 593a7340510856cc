import { apiSlice } from './apiSlice';
import { filterParams, type Page, type PageRequest } from './paging';
import type {
  AuditActionInfo as AuditAction,
  AuditEntry,
  AuditTargetType,
} from '../../server/src/contract/audit';
import { byKind, specOf } from './stockKinds';
import { listTag } from './tags';

// docs/api.md §6: the audit log of actions that change no quantity. Read-only: entries are never changed.

export type {
  AuditActionInfo as AuditAction,
  AuditEntry,
  AuditTargetType,
} from '../../server/src/contract/audit';

/** The targets the log's filter offers. */
export type FilterableTargetType = Exclude<AuditTargetType, 'import' | 'fund' | 'request'>;

export const auditTargetLabels: Record<FilterableTargetType, string> = {
  user: 'User',
  ...byKind((kind) => specOf(kind).label),
  // A chemical entry: its hazards merged from its records (docs/api.md §16).
  substance: 'Substance',
  location: 'Location',
  file: 'File',
  category: 'Category',
  issue: 'Issue',
};

export const auditTargetTypes = Object.keys(auditTargetLabels) as FilterableTargetType[];

export interface AuditFilters {
  /** Actions and groups ('user.created', 'auth.'). */
  actions: string[];
  /** The actor's e-mail, exact. */
  actor: string;
  targetType: FilterableTargetType | '';
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
