import Link from '@mui/material/Link';
import { createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { recordPath, type RecordRef } from './recordUrls';

/**
 * How the area around a record name opens its record: the public area links to the record's own page; the admin
 * area, whose pages are chosen by index rather than by route (SPEC §2), provides `open` to show it in a drawer.
 */
export const RecordOpener = createContext<((record: RecordRef) => void) | null>(null);

/** A record's name that opens its page (public) or its drawer (admin). */
export function RecordLink({ record, children }: { record: RecordRef; children: ReactNode }) {
  const open = useContext(RecordOpener);
  if (open)
    return (
      <Link component="button" type="button" onClick={() => open(record)} sx={{ verticalAlign: 'baseline' }}>
        {children}
      </Link>
    );
  return (
    <Link component={RouterLink} to={recordPath(record)}>
      {children}
    </Link>
  );
}
