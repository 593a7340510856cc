import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CartLine } from '../../api/issueCart';
import { objectTypes } from '../../api/stock';
import { useStorageConflictsQuery, type StorageConflict } from '../../api/storageConflicts';

const describe = ({ chemical, conflicts_with: other }: StorageConflict) =>
  `${chemical.name} (${chemical.purity}%) and ${other.name} (${other.purity}%)` +
  (other.already_issued ? ', which is already there' : ', both in the cart');

/**
 * The storage-compatibility warning of Create an Issue: the cart's chemicals against those already at the chosen
 * location, and against each other. It warns; Submit stays as it is.
 */
export function StorageConflictWarning({
  locationId,
  lines,
}: {
  locationId: number | null;
  lines: CartLine[];
}) {
  const chemicalIds = [
    ...new Set(
      lines.filter((line) => line.object_type === objectTypes.chemical).map((line) => line.object_id),
    ),
  ].sort((a, b) => a - b);
  const conflicts = useStorageConflictsQuery(
    locationId === null || chemicalIds.length === 0 ? skipToken : { locationId, chemicalIds },
  );
  // A failed check says nothing rather than blocking the page: the issue never depended on it.
  if (locationId === null || chemicalIds.length === 0 || !conflicts.data?.conflicts.length) return null;
  const { more_conflicts: more } = conflicts.data;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>Storage conflict at this location</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
        {conflicts.data.conflicts.map((conflict, index) => (
          <li key={index}>
            {describe(conflict)}: {conflict.reason}
          </li>
        ))}
        {more > 0 && (
          <li>and {more === 1 ? '1 more conflict' : `${more.toLocaleString('en')} more conflicts`}</li>
        )}
      </ul>
    </Alert>
  );
}
