import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useFuzzySearchAllKindsQuery, type SearchHit } from '../../api/search';
import { stockKindOf } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { recordPath } from '../../components/recordUrls';
import { amount, kindLabels, stockName } from '../../components/stockColumns';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const TYPING_PAUSE_MS = 300;

function hitSummary(hit: SearchHit): string {
  const kind = stockKindOf(hit.type);
  return `${kindLabels[kind]} · ${hit.manufacturer.name} · ${amount(kind, hit.quantity)} in the store`;
}

/**
 * The terminal's home screen: one box that searches every kind as you type (SERVER.md §11, best match first); a
 * result opens the record's page. A scanned label opens it too (the shell's scanner).
 */
export function TerminalSearchPage() {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData: hits, isError } = useFuzzySearchAllKindsQuery(query || skipToken);

  return (
    <Stack spacing={3} sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Find a chemical, instrument or glassware
      </Typography>
      <TextField
        label="Search"
        type="search"
        autoComplete="off"
        autoFocus
        placeholder="Name, CAS RN or formula — or scan a label"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { style: { fontSize: '1.5rem' } } }}
      />
      {!query ? (
        <Typography color="text.secondary">Type a few letters: results appear as you type.</Typography>
      ) : isError ? (
        <Alert severity="error">{GENERIC_ERROR}</Alert>
      ) : hits === undefined ? (
        <CenteredSpinner label="Searching" />
      ) : hits.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
      ) : (
        <List aria-label="Search results">
          {hits.map((hit) => (
            <ListItemButton
              key={`${hit.type}-${hit.id}`}
              component={RouterLink}
              to={recordPath({ kind: stockKindOf(hit.type), id: hit.id })}
              divider
            >
              <ListItemText
                primary={stockName(hit)}
                secondary={hitSummary(hit)}
                slotProps={{ primary: { sx: { fontSize: '1.4rem', fontWeight: 700 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Stack>
  );
}
