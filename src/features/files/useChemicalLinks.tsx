import { useState } from 'react';
import { useSetFileChemicalsMutation, type FileRecord, type LinkedChemical } from '../../api/files';
import { shownValue, useEditConflict } from '../../components/EditConflict';

/** A chemical as a file's links name it. */
export type ChemicalLink = Pick<LinkedChemical, 'id' | 'name' | 'purity' | 'manufacturer'>;

export const linkLabel = ({ name, purity, manufacturer }: ChemicalLink): string =>
  `${name} (${purity}%, ${manufacturer})`;

/**
 * Changes a file's linked chemicals, naming the version of the file the dialog shows (docs/api.md §28). A change
 * refused because the links changed meanwhile leaves `notice` to show in the dialog: who changed them and when, the
 * links asked for and the current ones, and Reapply (the links asked for, over the current version) or Use current
 * values (the dialog shows the current links, which the refusal has refetched).
 */
export function useChemicalLinks(file: FileRecord) {
  const [setChemicals, { isLoading }] = useSetFileChemicalsMutation();
  const conflicts = useEditConflict<FileRecord>(file.version);
  const [wanted, setWanted] = useState<ChemicalLink[]>([]);

  /** Resolves to whether the links were saved. */
  const save = async (chemicals: ChemicalLink[], version = file.version): Promise<boolean> => {
    const result = await setChemicals({ id: file.id, chemicals: chemicals.map(({ id }) => id), version });
    if (conflicts.refused(result.error)) {
      setWanted(chemicals);
      return false;
    }
    return result.error === undefined;
  };

  const notice = conflicts.notice({
    fields: (current) => [
      {
        label: 'Linked substances',
        yours: shownValue(wanted.map(linkLabel)),
        current: shownValue(current.chemicals.map(linkLabel)),
      },
    ],
    pending: isLoading,
    // Over the version the refusal named, which the conflict has taken on.
    onReapply: () => void save(wanted, conflicts.version()),
    onUseCurrent: () => undefined,
  });
  return { save, notice, pending: isLoading };
}
