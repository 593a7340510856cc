import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { fileName, useSetFileChemicalsMutation, type FileRecord } from '../../api/files';
import type { ChemicalStock } from '../../api/stock';
import { notify } from '../../components/notify';
import { ChemicalSearch, chemicalLabel } from './ChemicalSearch';

/** SPEC §2 'Add Substance Links': links search results to the file one at a time. */
export function AddSubstanceLinksDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const [setChemicals] = useSetFileChemicalsMutation();

  const link = async (record: ChemicalStock) => {
    const linked = file.chemicals.map((chemical) => chemical.id);
    if (linked.includes(record.id)) {
      notify("It's Already Added.", 'warning');
      return;
    }
    const result = await setChemicals({ id: file.id, chemicals: [...linked, record.id] });
    if (result.error === undefined)
      notify(`${chemicalLabel(record)} linked to ${fileName(file)}.`, 'success');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Add Substance Links</DialogTitle>
      <DialogContent>
        <ChemicalSearch actionLabel="Add Link" onPick={link} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
