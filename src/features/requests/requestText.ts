import type { ConsumersTree } from '../../api/locations';
import { openQuantity, type LabRequest, type RequestLine } from '../../api/requests';
import { stockKindOf } from '../../api/stock';
import { amountNumber, minorDigits } from '../../api/statements';
import { digitsOf, moneyText } from '../../components/money';
import { exactQuantity } from '../../components/quantities';
import { amount } from '../../components/stockColumns';

// How a request reads in the store's queue and its dialogs.

/** What the lab may still get of a line, in its unit, without the float's noise. */
const awaitedQuantity = (line: RequestLine): number => exactQuantity(openQuantity.awaited(line));

/** 'Ethanol 50 ml', with what is still open once part of it was issued: 'Ethanol 50 ml (30 ml open)'. */
export function lineSummary(line: RequestLine): string {
  const kind = stockKindOf(line.object_type);
  const text = `${line.name} ${amount(kind, line.approved_quantity ?? line.quantity)}`;
  if (line.issued_quantity === 0) return text;
  const open = awaitedQuantity(line);
  return open > 0 ? `${text} (${amount(kind, open)} open)` : `${text} (issued)`;
}

/** The estimated total as a file holds it: a number of major units (a spreadsheet adds it up); none without a price. */
export function estimatedTotalNumber(request: LabRequest): number | null {
  return request.estimated_total === null
    ? null
    : amountNumber(request.estimated_total, minorDigits(request.currency));
}

export function estimatedTotalText(request: LabRequest): string {
  return request.estimated_total === null
    ? 'No price'
    : moneyText(request.estimated_total, digitsOf(request.currency), request.currency);
}

/** The labs' names by location id: a request names its lab by id only. */
export function labNames(tree: ConsumersTree | undefined): Map<number, string> {
  return new Map(
    Object.values(tree ?? {}).flatMap((group) => group.map(({ id, name }) => [id, name] as const)),
  );
}
