import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFuzzySearchAllKindsQuery, type SearchHit } from '../../api/search';
import { stockKindOf, type StockKind, type StockRecord } from '../../api/stock';
import { specOf, viewItemText } from '../../api/stockKinds';
import { amount, kindLabels, stockName } from '../../components/stockColumns';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { CartItem } from './CartItemForm';

const TYPING_PAUSE_MS = 300;

/** What tells records of one name apart in a suggestion. */
function details(kind: StockKind, record: StockRecord): string {
  return specOf(kind)
    .views.issueSuggestion.map((item) => viewItemText(kind, item, record))
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
        {details(kind, hit)} · {amount(kind, hit.quantity)} available
      </Typography>
    </Box>
  );
}

/** The name search across all kinds; choosing a suggestion hands the item to the form. */
export function ItemSearch({ onPick }: { onPick: (item: CartItem) => void }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData, isFetching } = useFuzzySearchAllKindsQuery(query || skipToken);
  const hits = query ? (currentData ?? []) : [];

  return (
    <Autocomplete<SearchHit>
      options={hits}
      // The box only picks: the chosen item moves to the form and the box is ready for the next search.
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, hit) => {
        if (!hit) return;
        onPick({ kind: stockKindOf(hit.type), record: hit });
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
        <TextField {...params} label="Name" placeholder="Search chemicals, instruments and glassware" />
      )}
    />
  );
}
