import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFuzzySearchAllKindsQuery } from '../../api/search';
import { stockKindOf } from '../../api/stock';
import { StockSearchBox } from '../../components/StockSearchBox';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { CartItem } from './CartItemForm';

const TYPING_PAUSE_MS = 300;

/** The name search across all kinds; choosing a suggestion hands the item to the form. */
export function ItemSearch({ onPick }: { onPick: (item: CartItem) => void }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData, isFetching } = useFuzzySearchAllKindsQuery(query || skipToken);
  return (
    <StockSearchBox
      label="Name"
      text={text}
      onTextChange={setText}
      hits={query ? (currentData ?? []) : []}
      searching={isFetching}
      searched={query !== ''}
      // The box only picks: the chosen item moves to the form and the box is ready for the next search.
      onPick={(hit) => onPick({ kind: stockKindOf(hit.type), record: hit })}
    />
  );
}
