import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hazardStatementLabel, SIGNAL_WORD_TEXT, type HazardLabel } from '../api/ghs';
import { GhsPictogram } from './GhsPictogram';

export interface HazardSummaryProps {
  /** A chemical record, or any object with its hazard read fields. */
  hazards: HazardLabel;
  /** Pictogram size in pixels (default 48). */
  pictogramSize?: number;
}

/** A chemical's label at a glance: its pictograms, signal word and hazard statements with their texts. */
export function HazardSummary({ hazards, pictogramSize = 48 }: HazardSummaryProps) {
  const { pictograms, signal_word: signalWord, hazard_statements: codes } = hazards;
  if (codes.length === 0 && signalWord === null) {
    return <Typography color="text.secondary">No hazard data.</Typography>;
  }
  return (
    <Stack spacing={1}>
      {pictograms.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap' }}
          aria-label="Hazard pictograms"
          role="list"
        >
          {pictograms.map((code) => (
            <span key={code} role="listitem">
              <GhsPictogram code={code} size={pictogramSize} />
            </span>
          ))}
        </Stack>
      )}
      {signalWord && (
        <Typography sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
          Signal word: {SIGNAL_WORD_TEXT[signalWord]}
        </Typography>
      )}
      {codes.length > 0 && (
        <ul aria-label="Hazard statements" style={{ margin: 0, paddingLeft: '1.25em' }}>
          {codes.map((code) => (
            <li key={code}>
              <Typography variant="body2">{hazardStatementLabel(code)}</Typography>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
