import Stack from '@mui/material/Stack';
import type { StockKind, StockRecord } from '../../api/stock';
import { GhsPictogram } from '../../components/GhsPictogram';
import type { LabelContent } from '../../components/labels/LabelSheet';
import { recordUrl } from '../../components/recordUrls';
import { stateLabels, stockName } from '../../components/stockColumns';

/** The fields that tell a record apart from others of its name, as short label lines. */
function identifyingLines(record: StockRecord): string[] {
  const trade = `${record.manufacturer.name} · ${record.supplier.name}`;
  if ('chemical' in record) {
    const { CAS_RN, molecular_formula } = record.chemical;
    return [
      `CAS ${CAS_RN} · ${molecular_formula}`,
      `${record.purity}% · ${stateLabels[record.state]}`,
      trade,
      `Chemical no. ${record.id}`,
    ];
  }
  if ('instrument' in record) return [trade, `Instrument no. ${record.id}`];
  return [`${record.size} · ${record.material_type}`, trade, `Glassware no. ${record.id}`];
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
    lines: identifyingLines(record),
    url: recordUrl({ kind, id: record.id }),
    hazards: labelPictograms(record),
  };
}
