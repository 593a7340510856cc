import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import {
  auditTargetLabels,
  auditTargetTypes,
  useAuditActionsQuery,
  useListAuditQuery,
  type AuditAction,
  type AuditEntry,
  type FilterableTargetType,
} from '../../api/audit';
import { DateRangeFields, anyDay, dayRangeBounds, type DayRange } from '../../components/DateRangeFields';
import { localDateTime } from '../../components/dates';
import { ChoiceFilter, labelledChoices, TextFilter } from '../../components/FilterFields';
import { FilterBar, PagedTable, usePagedFilters } from '../../components/PagedTable';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { Column } from '../../components/VirtualTable';
import { AuditEntryDialog } from './AuditEntryDialog';

const TYPING_PAUSE_MS = 300;

const targetTypeChoices = labelledChoices(auditTargetTypes, auditTargetLabels);

// The groups an action filter may name (docs/api.md §6.2), in words; a group the server adds later reads as its key.
const groupLabels: Record<string, string> = {
  'auth.': 'Sign-in',
  'user.': 'Users',
  'stock.': 'Stock records',
  'location.': 'Locations',
  'file.': 'Files',
  'category.': 'Categories',
};

/** The actions in their groups, in the server's order. */
function groupsOf(actions: readonly AuditAction[]): [string, AuditAction[]][] {
  const groups = new Map<string, AuditAction[]>();
  for (const action of actions) groups.set(action.group, [...(groups.get(action.group) ?? []), action]);
  return [...groups];
}

/** A failed sign-in's actor is only the e-mail that was tried. */
function actorLabel(entry: AuditEntry): string {
  return entry.authenticated ? entry.actor_email : `${entry.actor_email} (not signed in)`;
}

interface FilterInputs {
  /** An action, a group ('user.') or '' for all. */
  action: string;
  actor: string;
  targetType: FilterableTargetType | '';
  days: DayRange;
  search: string;
}

const noFilters: FilterInputs = { action: '', actor: '', targetType: '', days: anyDay, search: '' };

/** Issue 11: the audit log, newest first, filtered and paged by the server; an entry opens in full. */
export function AuditPage() {
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const { inputs, change, field, pages, request } = usePagedFilters(noFilters);
  const actor = useDebouncedValue(inputs.actor, TYPING_PAUSE_MS);
  const search = useDebouncedValue(inputs.search, TYPING_PAUSE_MS);
  const actions = useAuditActionsQuery();
  const list = useListAuditQuery({
    actions: inputs.action ? [inputs.action] : [],
    actor,
    targetType: inputs.targetType,
    search,
    ...dayRangeBounds(inputs.days),
    ...request,
  });

  const labels = useMemo(
    () => new Map((actions.data ?? []).map((action) => [action.action, action.label])),
    [actions.data],
  );
  const actionLabel = (entry: AuditEntry) => labels.get(entry.action) ?? entry.action;

  const columns: Column<AuditEntry>[] = [
    { header: 'Date and time', cell: (entry) => localDateTime(entry.created_at) },
    { header: 'Action', cell: actionLabel },
    { header: 'Who', cell: actorLabel },
    { header: 'Target', cell: (entry) => entry.target_label },
    { header: 'Address', cell: (entry) => entry.ip },
    {
      header: 'Details',
      cell: (entry) => (
        <Button size="small" aria-label={`Details of entry ${entry.id}`} onClick={() => setOpened(entry)}>
          Details
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Audit
      </Typography>
      <FilterBar label="Audit filters">
        <TextField
          select
          label="Action"
          size="small"
          value={inputs.action}
          onChange={(event) => change({ action: event.target.value })}
          disabled={!actions.data}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">All</MenuItem>
          {groupsOf(actions.data ?? []).flatMap(([group, members]) => [
            <ListSubheader key={`${group}-header`}>{groupLabels[group] ?? group}</ListSubheader>,
            <MenuItem key={group} value={group}>
              {`${groupLabels[group] ?? group}: every action`}
            </MenuItem>,
            ...members.map((action) => (
              <MenuItem key={action.action} value={action.action} sx={{ pl: 4 }}>
                {action.label}
              </MenuItem>
            )),
          ])}
        </TextField>
        <TextFilter label="Who" type="email" placeholder="E-mail" {...field('actor')} />
        <ChoiceFilter
          label="Target type"
          all="All"
          choices={targetTypeChoices}
          minWidth={150}
          {...field('targetType')}
        />
        <DateRangeFields {...field('days')} />
        <TextFilter label="Text" type="search" placeholder="Target or e-mail" {...field('search')} />
      </FilterBar>
      <PagedTable label="audit entries" columns={columns} list={list} {...pages} />
      {opened && (
        <AuditEntryDialog
          entry={opened}
          actionLabel={actionLabel(opened)}
          actorLabel={actorLabel(opened)}
          onClose={() => setOpened(null)}
        />
      )}
    </Stack>
  );
}
