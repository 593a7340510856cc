import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { StockKind, StockRecord } from '../../api/stock';
import { GhsPictogram } from '../../components/GhsPictogram';
import { hazardCodesText } from '../../components/HazardCodes';
import type { LabelContent } from '../../components/labels/LabelSheet';
import { recordUrl } from '../../components/recordUrls';
import { specOf, viewItemText } from '../../api/stockKinds';
import { stockName } from '../../components/stockColumns';

/** The fields that tell a record apart from others of its name, as short label lines, then its number. */
function identifyingLines(kind: StockKind, record: StockRecord): string[] {
  const spec = specOf(kind);
  const lines = spec.views.label.map((line) =>
    line.map((item) => viewItemText(kind, item, record)).join(' · '),
  );
  return [...lines, `${spec.label} no. ${record.id}`];
}

/**
 * A chemical's hazards, small enough for a 37 mm label: its GHS pictograms in a row and its H-codes (issue 33,
 * item 6); nothing for a record without any.
 */
function labelHazards(record: StockRecord) {
  if (!('hazard_statements' in record) || record.hazard_statements.length === 0) return undefined;
  return (
    <Stack spacing={0.25}>
      {record.pictograms.length > 0 && (
        <Stack direction="row" spacing={0.5} aria-label="Hazard pictograms">
          {record.pictograms.map((code) => (
            <GhsPictogram key={code} code={code} size={28} />
          ))}
        </Stack>
      )}
      <Box component="span" aria-label="Hazard statements" sx={{ fontSize: '0.7em' }}>
        {hazardCodesText(record)}
      </Box>
    </Stack>
  );
}

/**
 * A record's label: name, identifying fields, a chemical's hazard pictograms and codes and the QR code of its public
 * page (components/recordUrls.ts).
 */
export function labelOf(kind: StockKind, record: StockRecord): LabelContent {
  return {
    key: `${kind}-${record.id}`,
    title: stockName(record),
    lines: identifyingLines(kind, record),
    url: recordUrl({ kind, id: record.id }),
    hazards: labelHazards(record),
  };
}
