import Stack from '@mui/material/Stack';
import type { StockKind, StockRecord } from '../../api/stock';
import { GhsPictogram } from '../../components/GhsPictogram';
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

/** A chemical's GHS pictograms in a row small enough for a 37 mm label; nothing for a record without any. */
function labelPictograms(record: StockRecord) {
  if (!('pictograms' in record) || record.pictograms.length === 0) return undefined;
  return (
    <Stack direction="row" spacing={0.5} aria-label="Hazard pictograms">
      {record.pictograms.map((code) => (
        <GhsPictogram key={code} code={code} size={28} />
      ))}
    </Stack>
  );
}

/**
 * A record's label: name, identifying fields, a chemical's hazard pictograms and the QR code of its public page
 * (components/recordUrls.ts).
 */
export function labelOf(kind: StockKind, record: StockRecord): LabelContent {
  return {
    key: `${kind}-${record.id}`,
    title: stockName(record),
    lines: identifyingLines(kind, record),
    url: recordUrl({ kind, id: record.id }),
    hazards: labelPictograms(record),
  };
}
