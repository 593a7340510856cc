import {
  fromUnitPriceE4,
  mergedExpiryDate,
  mergedUnitPriceE4,
  toUnitPriceE4,
  type Lot,
  type ShipmentLine,
} from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { quantityWithUnit, fromBaseQuantity, hasExpiry, specOf, toBaseQuantity } from '../../api/stockKinds';
import { stockName } from '../../components/stockColumns';

// What a merge will change on each record (its confirmation), worked out with the server's own rule
// (domain/shipmentMerge) from the staged lines and the records as the list last read them.

/** A staged price with its unit, '0.0452 per ml' or '3.5 per piece'; none: blank. */
export function unitPriceText(kind: StockKind, price: number | null): string {
  if (price === null) return '';
  return `${price} per ${specOf(kind).unit === 'ml' ? 'ml' : 'piece'}`;
}

function expiryText(held: Lot, merged: string | null, lots: readonly Lot[]): string | null {
  const staged = lots.some((lot) => lot.expiryDate !== null);
  if (merged !== held.expiryDate) return `expiry ${held.expiryDate ?? 'none'} → ${merged}`;
  if (held.expiryDate !== null) return `expiry stays ${held.expiryDate}`;
  return staged ? 'expiry stays unknown: the stock it holds has no date (set it once checked)' : null;
}

function priceText(kind: StockKind, held: Lot, merged: number | null): string | null {
  const [before, after] = [fromUnitPriceE4(held.unitPriceE4), fromUnitPriceE4(merged)];
  if (after === before) return before === null ? null : `unit price stays ${unitPriceText(kind, before)}`;
  return `unit price ${before ?? 'none'} → ${unitPriceText(kind, after)}`;
}

/**
 * One sentence per record the lines add to (by its id), in the order first staged: 'Ethanol: 250.5 ml → 350.5 ml; expiry stays
 * 2027-06-30; unit price 0.02 → 0.0214 per ml'.
 */
export function mergeSummary<K extends StockKind>(
  kind: K,
  lines: readonly ShipmentLine<K>[],
): { id: number; text: string }[] {
  const byRecord = new Map<number, ShipmentLine<K>[]>();
  for (const line of lines) byRecord.set(line.item.id, [...(byRecord.get(line.item.id) ?? []), line]);
  return [...byRecord.values()].map((recordLines) => {
    const { item } = recordLines[0];
    const expiring = hasExpiry(kind);
    const held: Lot = {
      quantity: toBaseQuantity(kind, item.quantity),
      expiryDate: expiring ? ((item as { expiry_date?: string | null }).expiry_date ?? null) : null,
      unitPriceE4: toUnitPriceE4(item.unit_price),
    };
    const lots = recordLines.map((line): Lot => ({
      quantity: toBaseQuantity(kind, line.quantity),
      expiryDate: expiring ? line.expiry_date : null,
      unitPriceE4: toUnitPriceE4(line.unit_price),
    }));
    const total = held.quantity + lots.reduce((sum, lot) => sum + lot.quantity, 0);
    const parts = [
      `${stockName(item)}: ${quantityWithUnit(kind, item.quantity)} → ${quantityWithUnit(kind, fromBaseQuantity(kind, total))}`,
      expiring ? expiryText(held, mergedExpiryDate(held, lots), lots) : null,
      priceText(kind, held, mergedUnitPriceE4(held, lots)),
    ];
    return { id: item.id, text: parts.filter((part): part is string => part !== null).join('; ') };
  });
}
