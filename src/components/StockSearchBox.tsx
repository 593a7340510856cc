import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SearchHit } from '../api/search';
import { KIND_OF_TYPE, specOf, viewItemText } from '../api/stockKinds';
import { amount, kindLabels, stockName } from './stockColumns';

/** What tells records of one name apart in a suggestion: the kind's `issueSuggestion` view. */
function details(hit: SearchHit): string {
  const kind = KIND_OF_TYPE[hit.type];
  return specOf(kind)
    .views.issueSuggestion.map((item) => viewItemText(kind, item, hit))
    .join(', ');
}

function Suggestion({ hit }: { hit: SearchHit }) {
  const kind = KIND_OF_TYPE[hit.type];
  return (
    <Box>
      <Typography component="span" sx={{ fontWeight: 700 }}>
        {stockName(hit)}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        ({kindLabels[kind]})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {details(hit)} · {amount(kind, hit.quantity)} available
      </Typography>
    </Box>
  );
}

interface StockSearchBoxProps {
  label: string;
  /** The text typed so far. */
  text: string;
  onTextChange: (text: string) => void;
  /** The server's matches for the text searched, best first. */
  hits: readonly SearchHit[];
  searching: boolean;
  /** Whether a search was made (a text to search for), so no hits means nothing found. */
  searched: boolean;
  /** A chosen record; the box then empties for the next search. */
  onPick: (hit: SearchHit) => void;
}

/**
 * A name search across every kind of stock that only picks: its caller runs the search (the fuzzy search over all
 * kinds) and takes the chosen record; each suggestion shows the name, kind, telling details and what is in stock.
 */
export function StockSearchBox({
  label,
  text,
  onTextChange,
  hits,
  searching,
  searched,
  onPick,
}: StockSearchBoxProps) {
  return (
    <Autocomplete<SearchHit>
      options={hits}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') onTextChange(value);
      }}
      onChange={(_event, hit) => {
        if (!hit) return;
        onPick(hit);
        onTextChange('');
      }}
      // The server matches and ranks; filtering again here would hide its fuzzy matches.
      filterOptions={(options) => options}
      getOptionLabel={stockName}
      getOptionKey={(hit) => `${hit.type}-${hit.id}`}
      isOptionEqualToValue={(option, value) => option.type === value.type && option.id === value.id}
      loading={searching}
      loadingText="Searching…"
      noOptionsText={searched ? 'Nothing Found' : 'Type a name to search.'}
      renderOption={({ key, ...props }, hit) => (
        <li key={key} {...props}>
          <Suggestion hit={hit} />
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Search chemicals, instruments and glassware" />
      )}
    />
  );
}
