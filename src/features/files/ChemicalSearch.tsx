import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useFuzzySearchQuery } from '../../api/search';
import type { ChemicalStock } from '../../api/stock';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const SEARCH_DELAY_MS = 300;

/** How a chemical stock record is told apart from other records of the same substance. */
export function chemicalLabel({ chemical, purity, manufacturer }: ChemicalStock): string {
  return `${chemical.name} (${purity}%, ${manufacturer.name})`;
}

interface ChemicalSearchProps {
  /** The text of the button beside each result. */
  actionLabel: string;
  onPick: (record: ChemicalStock) => void;
}

/** Search-as-you-type over chemical stock (SERVER.md §11) with one action per result. */
export function ChemicalSearch({ actionLabel, onPick }: ChemicalSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const { currentData, isFetching, isError } = useFuzzySearchQuery(
    query ? { type: 'chemical', query } : skipToken,
  );
  const rows = currentData?.type === 'chemical' ? currentData.rows : [];

  return (
    <Stack spacing={1}>
      <TextField
        label="Search substances"
        type="search"
        autoComplete="off"
        helperText="Name, CAS RN or molecular formula"
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Results appear as you type; Enter must not submit a form this search sits in.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {isFetching && currentData === undefined && <LinearProgress aria-label="Searching" />}
      {isError && <Alert severity="error">{GENERIC_ERROR}</Alert>}
      {query && currentData && rows.length === 0 && <Typography>Nothing Found</Typography>}
      {rows.length > 0 && (
        <List dense aria-label="Substances found" sx={{ maxHeight: 280, overflow: 'auto' }}>
          {rows.map((record) => (
            <ListItem
              key={record.id}
              secondaryAction={
                <Button size="small" aria-describedby={`${id}-${record.id}`} onClick={() => onPick(record)}>
                  {actionLabel}
                </Button>
              }
            >
              <ListItemText
                id={`${id}-${record.id}`}
                primary={record.chemical.name}
                secondary={`${record.chemical.CAS_RN} · ${record.purity}% · ${record.manufacturer.name} · ${record.supplier.name}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
