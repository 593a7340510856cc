import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { stockApi, type ChemicalStock } from '../../api/stock';
import { HazardSummary } from '../../components/HazardSummary';
import { useDebouncedValue } from '../../components/useDebouncedValue';

/** Records read to find the substance by the name typed: ordered by name, the exact name comes before longer ones. */
const LOOKED_UP = 20;

/**
 * On a new chemical's form: the hazards of the substance its name names, when the store has it already. They are the
 * substance's (docs/api.md §16), so the new record shows them whatever its hazard block says; the block sends only
 * what the person enters, which replaces them for every record of the substance.
 */
export function SubstanceHazardsNote({ name }: { name: string }) {
  const typed = useDebouncedValue(name.trim(), 300);
  const { data } = stockApi.endpoints.stockPage.useQuery(
    { kind: 'chemical', offset: 0, limit: LOOKED_UP, ordering: 'name', search: typed },
    { skip: typed.length < 2 },
  );
  const substance = (data?.results as ChemicalStock[] | undefined)?.find(
    (record) => record.chemical.name.trim().toLowerCase() === typed.toLowerCase(),
  );
  if (!substance || (substance.hazard_statements.length === 0 && substance.signal_word === null)) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} aria-label={`Hazards of ${substance.chemical.name}`}>
      <AlertTitle>{`${substance.chemical.name} is in the store with these hazards`}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        This record will show them too. Leave the hazard fields below empty to keep them: what you enter there
        replaces them for every record of {substance.chemical.name}.
      </Typography>
      <HazardSummary hazards={substance} pictogramSize={32} />
    </Alert>
  );
}
