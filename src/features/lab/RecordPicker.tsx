import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFuzzySearchAllKindsQuery, type SearchHit } from '../../api/search';
import { stockKindOf } from '../../api/stock';
import { specOf, viewItemText } from '../../api/stockKinds';
import { amount, kindLabels, stockName } from '../../components/stockColumns';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const TYPING_PAUSE_MS = 300;

/** What tells records of one name apart: the same details the store's issue search shows. */
function details(hit: SearchHit): string {
  const kind = stockKindOf(hit.type);
  return specOf(kind)
    .views.issueSuggestion.map((item) => viewItemText(kind, item, hit))
    .join(', ');
}

function Suggestion({ hit }: { hit: SearchHit }) {
  const kind = stockKindOf(hit.type);
  return (
    <Box>
      <Typography component="span" sx={{ fontWeight: 700 }}>
        {stockName(hit)}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        ({kindLabels[kind]})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {details(hit)} · {amount(kind, hit.quantity)} in the store
      </Typography>
    </Box>
  );
}

/**
 * The catalogue search across every kind (the public fuzzy search) for a request's lines: choosing a record hands it
 * to the form and empties the box for the next one.
 */
export function RecordPicker({ onPick }: { onPick: (hit: SearchHit) => void }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData, isFetching } = useFuzzySearchAllKindsQuery(query || skipToken);
  const hits = query ? (currentData ?? []) : [];

  return (
    <Autocomplete<SearchHit>
      options={hits}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, hit) => {
        if (!hit) return;
        onPick(hit);
        setText('');
      }}
      // The server matches and ranks; filtering again here would hide its fuzzy matches.
      filterOptions={(options) => options}
      getOptionLabel={stockName}
      getOptionKey={(hit) => `${hit.type}-${hit.id}`}
      isOptionEqualToValue={(option, value) => option.type === value.type && option.id === value.id}
      loading={isFetching}
      loadingText="Searching…"
      noOptionsText={query ? 'Nothing Found' : 'Type a name to search.'}
      renderOption={({ key, ...props }, hit) => (
        <li key={key} {...props}>
          <Suggestion hit={hit} />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add an item"
          placeholder="Search chemicals, instruments and glassware"
        />
      )}
    />
  );
}
