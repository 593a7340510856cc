import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fileName, useListFilesQuery, type FileRecord, type LinkedChemical } from '../../api/files';
import { AddIcon, CloseIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { PanelDialog } from '../../components/PanelDialog';
import { AddSubstanceLinksDialog } from './AddSubstanceLinksDialog';
import { useChemicalLinks } from './useChemicalLinks';

function LinkedChemicalsTable({
  file,
  onRemove,
}: {
  file: FileRecord;
  /** Absent when read-only. */
  onRemove?: (chemical: LinkedChemical) => void;
}) {
  if (file.chemicals.length === 0) return <Typography>No substances are linked to this file.</Typography>;
  return (
    <Table size="small" aria-label="Linked substances">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>CAS RN</TableCell>
          <TableCell>Purity</TableCell>
          <TableCell>Manufacturer</TableCell>
          <TableCell>Supplier</TableCell>
          {onRemove && <TableCell>Action</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {file.chemicals.map((chemical) => (
          <TableRow key={chemical.id}>
            <TableCell>{chemical.name}</TableCell>
            <TableCell>{chemical.CAS_RN}</TableCell>
            <TableCell>{chemical.purity}%</TableCell>
            <TableCell>{chemical.manufacturer}</TableCell>
            <TableCell>{chemical.supplier}</TableCell>
            {onRemove && (
              <TableCell>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Remove ${chemical.name}`}
                  onClick={() => onRemove(chemical)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface LinkedSubstancesDialogProps {
  fileId: number;
  /** Admins may remove links and add new ones; the public sees the list only. */
  admin: boolean;
  onClose: () => void;
}

/** SPEC §2 'Link File to Substances'. It reads the file from the live list, so each change shows at once. */
export function LinkedSubstancesDialog({ fileId, admin, onClose }: LinkedSubstancesDialogProps) {
  const { file } = useListFilesQuery(undefined, {
    selectFromResult: ({ data }) => ({ file: data?.find((row) => row.id === fileId) }),
  });
  const [adding, setAdding] = useState(false);
  if (!file) return null;
  return (
    <>
      <LinkedSubstances file={file} admin={admin} onAdd={() => setAdding(true)} onClose={onClose} />
      {adding && <AddSubstanceLinksDialog file={file} onClose={() => setAdding(false)} />}
    </>
  );
}

interface LinkedSubstancesProps {
  file: FileRecord;
  admin: boolean;
  onAdd: () => void;
  onClose: () => void;
}

function LinkedSubstances({ file, admin, onAdd, onClose }: LinkedSubstancesProps) {
  const links = useChemicalLinks(file);

  const unlink = async (removed: LinkedChemical) => {
    const chemicals = file.chemicals.filter((chemical) => chemical.id !== removed.id);
    if (await links.save(chemicals)) notify(`${removed.name} unlinked from ${fileName(file)}.`, 'success');
  };

  return (
    <PanelDialog title="Link File to Substances" maxWidth="md" onClose={onClose}>
      {links.notice}
      <Typography color="text.secondary">{fileName(file)}</Typography>
      <LinkedChemicalsTable file={file} onRemove={admin ? unlink : undefined} />
      {admin && (
        <div>
          <Button startIcon={<AddIcon />} onClick={onAdd}>
            Add Links
          </Button>
        </div>
      )}
    </PanelDialog>
  );
}
