import Box from '@mui/material/Box';

// A chemical's H-codes without the GHS table (api/ghs.ts), which comes with the pictograms in their own chunk: the
// Search page, whose columns show hazards, is the first screen of `/`, and its first load has a budget
// (bench/firstLoad.ts).

/** A chemical's hazards as the H-codes read in a cell, on a label and in a file: `H225, H350`. */
export const hazardCodesText = (hazards: { hazard_statements: readonly string[] }): string =>
  hazards.hazard_statements.join(', ');

/** A hazard cell's line of H-codes, clipped in a narrow column; alone while the pictograms' chunk loads. */
export function HazardCodes({ hazards }: { hazards: { hazard_statements: readonly string[] } }) {
  return (
    <Box
      component="span"
      aria-label="Hazard statements"
      sx={{
        fontSize: '0.75rem',
        color: 'text.secondary',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        maxWidth: '9rem',
      }}
    >
      {hazardCodesText(hazards)}
    </Box>
  );
}
