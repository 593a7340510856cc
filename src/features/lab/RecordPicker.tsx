import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFuzzySearchAllKindsQuery, type SearchHit } from '../../api/search';
import { StockSearchBox } from '../../components/StockSearchBox';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const TYPING_PAUSE_MS = 300;

/**
 * The catalogue search across every kind (the public fuzzy search) for a request's lines: choosing a record hands it
 * to the form and empties the box for the next one.
 */
export function RecordPicker({ onPick }: { onPick: (hit: SearchHit) => void }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData, isFetching } = useFuzzySearchAllKindsQuery(query || skipToken);
  return (
    <StockSearchBox
      label="Add an item"
      text={text}
      onTextChange={setText}
      hits={query ? (currentData ?? []) : []}
      searching={isFetching}
      searched={query !== ''}
      onPick={onPick}
    />
  );
}
