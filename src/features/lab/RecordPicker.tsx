import { useCatalogueSearch, type SearchHit } from '../../api/search';
import { StockSearchBox } from '../../components/StockSearchBox';

/**
 * The catalogue search across every kind (the public fuzzy search) for a request's lines: choosing a record hands it
 * to the form and empties the box for the next one.
 */
export function RecordPicker({ onPick }: { onPick: (hit: SearchHit) => void }) {
  const search = useCatalogueSearch();
  return <StockSearchBox label="Add an item" {...search} onPick={onPick} />;
}
