import type { ConsumersTree } from '../../api/locations';
import type { LabRequest, RequestLine } from '../../api/requests';
import { stockKindOf } from '../../api/stock';
import { amountNumber, amountText, minorDigits } from '../../api/statements';
import { exactQuantity } from '../../components/quantities';
import { amount } from '../../components/stockColumns';

// How a request reads in the store's queue and its dialogs.

/** What the lab may still get of a line: what was approved (or asked, before approval) less what was issued. */
export function openQuantity(line: RequestLine): number {
  return exactQuantity((line.approved_quantity ?? line.quantity) - line.issued_quantity);
}

/** 'Ethanol 50 ml', with what is still open once part of it was issued: 'Ethanol 50 ml (30 ml open)'. */
export function lineSummary(line: RequestLine): string {
  const kind = stockKindOf(line.object_type);
  const text = `${line.name} ${amount(kind, line.approved_quantity ?? line.quantity)}`;
  if (line.issued_quantity === 0) return text;
  const open = openQuantity(line);
  return open > 0 ? `${text} (${amount(kind, open)} open)` : `${text} (issued)`;
}

/** Minor units of the request's currency with its code: '11.32 EUR'. */
export function moneyText(amountInMinorUnits: number, currency: string): string {
  return `${amountText(amountInMinorUnits, minorDigits(currency))} ${currency}`;
}

/** The estimated total as a file holds it: a number of major units (a spreadsheet adds it up); none without a price. */
export function estimatedTotalNumber(request: LabRequest): number | null {
  return request.estimated_total === null
    ? null
    : amountNumber(request.estimated_total, minorDigits(request.currency));
}

export function estimatedTotalText(request: LabRequest): string {
  return request.estimated_total === null ? 'No price' : moneyText(request.estimated_total, request.currency);
}

/** The labs' names by location id: a request names its lab by id only. */
export function labNames(tree: ConsumersTree | undefined): Map<number, string> {
  return new Map(
    Object.values(tree ?? {}).flatMap((group) => group.map(({ id, name }) => [id, name] as const)),
  );
}

export const fundText = ({ fund }: LabRequest) => `${fund.code} ${fund.name}`;
