import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFuzzySearchQuery } from '../../api/search';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { StockKind, StockRecord } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { describe, searchPlaceholder } from './kindViews';

/** What the box offers: each record found, then creating a brand-new item of the typed name. */
type SearchChoice<K extends StockKind> = { record: StockRecord<K> } | { create: string };

interface ItemSearchBoxProps<K extends StockKind> {
  kind: K;
  onPick: (record: StockRecord<K>) => void;
  /** Called with the typed text when the last option, Create "<text>", is chosen. */
  onCreate: (name: string) => void;
}

/** The search-or-create box: the kind's fuzzy search results, then an option to create a brand-new item. */
export function ItemSearchBox<K extends StockKind>({ kind, onPick, onCreate }: ItemSearchBoxProps<K>) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const { currentData, isFetching } = useFuzzySearchQuery(query ? { type: kind, query } : skipToken);
  const records = (currentData?.type === kind ? currentData.rows : []) as StockRecord<K>[];
  const typed = text.trim();
  const options: SearchChoice<K>[] = [
    ...records.map((record) => ({ record })),
    ...(typed ? [{ create: typed }] : []),
  ];

  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={text}
      // The server already ranked and filtered the results.
      filterOptions={(all) => all}
      getOptionLabel={(option) =>
        'record' in option ? describe(kind, option.record) : `Create "${option.create}"`
      }
      getOptionKey={(option) => ('record' in option ? option.record.id : 'create')}
      loading={isFetching}
      noOptionsText="Type a name to search"
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setText(value);
      }}
      onChange={(_event, option) => {
        if (!option) return;
        setText('');
        if ('record' in option) onPick(option.record);
        else onCreate(option.create);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`Find or create ${specOf(kind).label.toLowerCase()}`}
          placeholder={searchPlaceholder(kind)}
        />
      )}
    />
  );
}
