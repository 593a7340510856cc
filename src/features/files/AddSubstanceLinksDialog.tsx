import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { fileName, type FileRecord } from '../../api/files';
import type { ChemicalStock } from '../../api/stock';
import { notify } from '../../components/notify';
import { ChemicalSearch, chemicalLabel } from './ChemicalSearch';
import { useChemicalLinks } from './useChemicalLinks';

/** SPEC §2 'Add Substance Links': links search results to the file one at a time. */
export function AddSubstanceLinksDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const links = useChemicalLinks(file);

  const link = async (record: ChemicalStock) => {
    if (file.chemicals.some((chemical) => chemical.id === record.id)) {
      notify("It's Already Added.", 'warning');
      return;
    }
    const added = {
      id: record.id,
      name: record.chemical.name,
      purity: record.purity,
      manufacturer: record.manufacturer.name,
    };
    if (await links.save([...file.chemicals, added]))
      notify(`${chemicalLabel(record)} linked to ${fileName(file)}.`, 'success');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Add Substance Links</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {links.notice}
          <ChemicalSearch actionLabel="Add Link" onPick={link} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
