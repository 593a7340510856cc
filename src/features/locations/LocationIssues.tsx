import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import {
  useIssuesForLocationQuery,
  type Issue,
  type IssuedItem,
  type LocationEntry,
} from '../../api/locations';
import { stockKindOf, type StockKind } from '../../api/stock';
import { STOCK_KINDS } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { longUsDate } from '../../components/dates';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { RecordLink } from '../../components/RecordLink';
import { byKind } from '../../api/stockKinds';
import { amount, kindLabels, units } from '../../components/stockColumns';
import { outstanding, ReturnItemDialog } from './ReturnItemDialog';

/** SPEC §2's card sections, in order, as they read there: 'Chemical items (ml)'. */
const sectionHeadings = byKind((kind) => `${kindLabels[kind]} items (${units[kind]})`);
const sectionOrder = STOCK_KINDS;

/** An issued line as a card shows it: what went out (its name opens its page), and how much of it came back. */
function IssuedLine({ kind, item }: { kind: StockKind; item: IssuedItem }) {
  const returned = item.returned_quantity > 0 ? ` (${item.returned_quantity} returned)` : '';
  return (
    <>
      <RecordLink record={{ kind, id: item.id }}>{item.name}</RecordLink> — {amount(kind, item.quantity)}
      {returned}
    </>
  );
}

interface IssueCardProps {
  issue: Issue;
  /** The admin Location page's: lines can be returned into stock; absent, the card is read-only. */
  returnsTo?: number;
}

function IssueCard({ issue, returnsTo }: IssueCardProps) {
  const headingId = useId();
  const [returning, setReturning] = useState<IssuedItem | null>(null);
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3">
          {longUsDate(issue.created_at)}
        </Typography>
        {sectionOrder.map((kind) => {
          const items = issue.objects.filter((item) => stockKindOf(item.object_type) === kind);
          if (items.length === 0) return null;
          return (
            <Box key={kind} sx={{ mt: 1 }}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                {sectionHeadings[kind]}
              </Typography>
              <List dense disablePadding aria-label={sectionHeadings[kind]}>
                {items.map((item, position) => (
                  <ListItem
                    key={position}
                    secondaryAction={
                      returnsTo !== undefined && outstanding(item) > 0 ? (
                        <Button aria-label={`Return ${item.name}`} onClick={() => setReturning(item)}>
                          Return
                        </Button>
                      ) : undefined
                    }
                  >
                    <ListItemText primary={<IssuedLine kind={kind} item={item} />} />
                  </ListItem>
                ))}
              </List>
            </Box>
          );
        })}
      </CardContent>
      {returnsTo !== undefined && returning && (
        <ReturnItemDialog
          locationId={returnsTo}
          issueId={issue.id}
          item={returning}
          onClose={() => setReturning(null)}
        />
      )}
    </Card>
  );
}

/** A line of the export: an issued item with its issue and kind. */
interface IssuedLineRow {
  issue: Issue;
  kind: StockKind;
  item: IssuedItem;
}

/** What the cards show, one line per issued item; kinds mix in one file, so the unit is a column. */
const exportColumns: Column<IssuedLineRow>[] = [
  { header: 'Date', unit: 'UTC', value: ({ issue }) => issue.created_at },
  { header: 'Kind', value: ({ kind }) => kindLabels[kind] },
  { header: 'Name', value: ({ item }) => item.name },
  { header: 'Quantity', value: ({ item }) => item.quantity },
  { header: 'Returned', value: ({ item }) => item.returned_quantity },
  { header: 'Unit', value: ({ kind }) => units[kind] },
];

/** The lines in the cards' order: issues newest first, then each card's sections in order. */
function issuedLines(issues: readonly Issue[]): IssuedLineRow[] {
  return issues.flatMap((issue) =>
    sectionOrder.flatMap((kind) =>
      issue.objects
        .filter((item) => stockKindOf(item.object_type) === kind)
        .map((item) => ({ issue, kind, item })),
    ),
  );
}

interface LocationIssuesProps {
  location: LocationEntry;
  /** The admin page's: issued lines can be returned into stock. */
  admin: boolean;
  /** The heading over the cards; the location's name unless the page already shows it (a lab's own page). */
  title?: string;
}

/** What was issued to one location, newest first. */
export function LocationIssues({ location, admin, title = location.name }: LocationIssuesProps) {
  // currentData: choosing another location shows the spinner, not the previous location's issues.
  const { currentData: issues, isFetching, isError } = useIssuesForLocationQuery(location.id);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {/* A location's issues come whole from the server and are all on screen: the file is written from them. */}
        <ExportCsvButton
          subject={`${location.name} issues`}
          columns={exportColumns}
          rows={issuedLines(issues ?? [])}
          label={`Export CSV of the issues of ${location.name}`}
        />
      </Stack>
      {isError ? (
        <Alert severity="error">{GENERIC_ERROR}</Alert>
      ) : issues === undefined && isFetching ? (
        <CenteredSpinner label="Loading issues" />
      ) : issues && issues.length > 0 ? (
        issues.map((issue) => (
          <IssueCard key={issue.id} issue={issue} returnsTo={admin ? location.id : undefined} />
        ))
      ) : (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
      )}
    </Stack>
  );
}
