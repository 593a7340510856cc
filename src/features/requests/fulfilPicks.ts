import type { ApiError } from '../../api/errorMessage';
import { formErrors } from '../../api/fieldMessages';
import type { PickSuggestion, SuggestedPick } from '../../api/requests';
import type { StockKind, StockRecord } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { numberOrNull } from '../../components/StockFormDialog';

// What the fulfil dialog holds while the store picks: the records chosen for each open line, as typed.

/**
 * A record chosen for a request line, with what the store takes of it as typed, and what the pick list says of it
 * (the kind table's `pick` view: pickFacts).
 */
export interface ChosenPick extends Omit<SuggestedPick, 'name' | 'quantity'> {
  quantity: string;
  /** What the record holds, when known (a record added by hand). */
  stock?: number;
}

/** The picks by request line id. */
export type Picks = Record<number, ChosenPick[]>;

export function suggestedPicks(suggestion: PickSuggestion): Picks {
  return Object.fromEntries(
    suggestion.lines.map((line) => [
      line.request_line,
      line.picks.map(({ name: _name, quantity, ...facts }) => ({ ...facts, quantity: String(quantity) })),
    ]),
  );
}

export const takenOf = (pick: ChosenPick) => numberOrNull(pick.quantity) ?? 0;

/** What the server said was wrong: each of a 400's per-pick messages ('Line 2: …'), or the one message of a 409. */
export function fulfilErrors(error: ApiError): string[] {
  return formErrors(error, [], { withRefusal: true }).others;
}

/** The id of a record's catalog entry (its chemical, instrument or glassware name): the pick rule's "same item". */
export function catalogIdOf(kind: StockKind, record: StockRecord): number | undefined {
  const entry = (record as unknown as Record<string, { id?: number } | undefined>)[specOf(kind).catalog.key];
  return entry?.id;
}
