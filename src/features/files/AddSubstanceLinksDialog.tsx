import { fileName, type FileRecord } from '../../api/files';
import type { ChemicalStock } from '../../api/stock';
import { notify } from '../../components/notify';
import { PanelDialog } from '../../components/PanelDialog';
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
    <PanelDialog title="Add Substance Links" onClose={onClose}>
      {links.notice}
      <ChemicalSearch actionLabel="Add Link" onPick={link} />
    </PanelDialog>
  );
}
