import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type Key, type ReactNode } from 'react';
import type { Card as CardAnswer } from '../../api/dashboard';
import { ColumnTable } from '../../components/ColumnTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import type { CardColumn } from './cardColumns';

interface DashboardCardProps<Row> {
  title: string;
  /** The file name's subject: 'below-minimum' → labstore-below-minimum-2026-03-10.csv. */
  subject: string;
  /** Undefined while the dashboard loads: the card shows placeholders. */
  card: CardAnswer<Row> | undefined;
  columns: readonly CardColumn<Row>[];
  /** Columns only the file has, after the first (what the screen shows under an item's name, say). */
  fileColumns?: readonly CardColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** Shown instead of the table when the card holds nothing: 'Nothing below minimum.' */
  empty: string;
  /** Controls above the rows (the expiring window's switch). */
  controls?: ReactNode;
  /** Buttons beside Export CSV (the reorder list, a link to the page the rows belong to). */
  actions?: ReactNode;
  /** While another answer for the card is on its way. */
  busy?: boolean;
}

/** One dashboard card: its title and count, its first rows in a table, and an export of those rows. */
export function DashboardCard<Row>({
  title,
  subject,
  card,
  columns,
  fileColumns = [],
  rowKey,
  empty,
  controls,
  actions,
  busy = false,
}: DashboardCardProps<Row>) {
  const titleId = useId();
  const [first, ...rest] = columns;
  const exported = [first, ...fileColumns, ...rest];
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={card === undefined || busy}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {title}
            </Typography>
            {card ? (
              <Typography variant="h4" component="p" aria-label={`${title}: ${card.count}`}>
                {card.count}
              </Typography>
            ) : (
              <Skeleton variant="text" width={32} sx={{ fontSize: '2rem' }} />
            )}
          </Stack>
          {controls}
          {!card ? (
            <Stack spacing={0.5} aria-hidden>
              {[0, 1, 2].map((line) => (
                <Skeleton key={line} variant="rectangular" height={28} />
              ))}
            </Stack>
          ) : card.count === 0 ? (
            <Typography color="text.secondary">{empty}</Typography>
          ) : (
            <>
              <ColumnTable
                label={title}
                columns={columns}
                rows={card.results}
                rowKey={(row) => rowKey(row)}
              />
              {card.count > card.results.length && (
                <Typography variant="body2" color="text.secondary">
                  {`The first ${card.results.length} of ${card.count}.`}
                </Typography>
              )}
            </>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
            <ExportCsvButton
              subject={subject}
              columns={exported}
              rows={card?.results ?? []}
              label={`Export CSV of ${title}`}
            />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
