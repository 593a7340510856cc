import { useCatalogueSearch } from '../../api/search';
import { stockKindOf } from '../../api/stock';
import { StockSearchBox } from '../../components/StockSearchBox';
import type { CartItem } from './CartItemForm';

/** The name search across all kinds; choosing a suggestion hands the item to the form. */
export function ItemSearch({ onPick }: { onPick: (item: CartItem) => void }) {
  const search = useCatalogueSearch();
  return (
    <StockSearchBox
      label="Name"
      {...search}
      // The box only picks: the chosen item moves to the form and the box is ready for the next search.
      onPick={(hit) => onPick({ kind: stockKindOf(hit.type), record: hit })}
    />
  );
}
