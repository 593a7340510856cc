import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { hazardStatementLabel, type HazardLabel } from '../api/ghs';
import { GhsPictogram } from './GhsPictogram';
import { HazardCodes } from './HazardCodes';

/** Pictograms small enough for a table row, which they should not make taller. */
const PICTOGRAM_SIZE = 22;

/**
 * A chemical's hazards in a table cell (the Store, the Search results): its pictograms, small, each with its
 * accessible name, and its H-codes under them, clipped in a narrow column; the codes with their texts on hover.
 * Nothing for a chemical without hazard statements.
 */
export function HazardCell({ hazards }: { hazards: HazardLabel }) {
  const codes = hazards.hazard_statements;
  if (codes.length === 0) return null;
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {codes.map((code) => (
            <li key={code}>{hazardStatementLabel(code)}</li>
          ))}
        </Box>
      }
    >
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        {hazards.pictograms.length > 0 && (
          <Stack direction="row" spacing={0.25} role="list" aria-label="Hazard pictograms">
            {hazards.pictograms.map((code) => (
              <span key={code} role="listitem" style={{ display: 'inline-flex' }}>
                <GhsPictogram code={code} size={PICTOGRAM_SIZE} />
              </span>
            ))}
          </Stack>
        )}
        <HazardCodes hazards={hazards} />
      </Stack>
    </Tooltip>
  );
}
