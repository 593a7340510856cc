import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { useFuzzySearchQuery, type SearchArgs } from '../../api/search';
import type { StockKind } from '../../api/stock';
import { STOCK_KINDS } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { notify } from '../../components/notify';

// The public area opens on this page: the results table (and its virtualizer) loads with the first results, not
// with the page.
const SearchResultsTable = lazy(() =>
  import(/* webpackChunkName: "search-results" */ './SearchResultsTable').then((m) => ({
    default: m.SearchResultsTable,
  })),
);

export function SearchPage() {
  const [type, setType] = useState<StockKind>('chemical');
  const [text, setText] = useState('');
  const [search, setSearch] = useState<SearchArgs | null>(null);
  // currentData: a new search shows the spinner, while a refetch after an edit keeps the old rows in view.
  const { currentData, isFetching, isError } = useFuzzySearchQuery(search ?? skipToken);

  // SPEC §8 gives this (odd) text for a failed search. errorToasts covers mutations only, so the page says it.
  useEffect(() => {
    if (isError) notify('Please Provide Email and Password', 'error');
  }, [isError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) setSearch({ type, query });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Search
      </Typography>
      <Stack
        component="form"
        role="search"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as StockKind)}
          sx={{ minWidth: 160 }}
        >
          {STOCK_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {kind}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Search"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" size="large">
          Search
        </Button>
      </Stack>
      {search === null ? (
        <Typography color="text.secondary">
          Choose a type and enter a name (for chemicals also a CAS RN or formula), then press Search.
        </Typography>
      ) : currentData === undefined && isFetching ? (
        <CenteredSpinner label="Searching" />
      ) : currentData && currentData.rows.length > 0 ? (
        <Suspense fallback={<CenteredSpinner label="Searching" />}>
          <SearchResultsTable results={currentData} />
        </Suspense>
      ) : (
        !isError && <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
      )}
    </Stack>
  );
}
