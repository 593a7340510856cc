import { useState } from 'react';
import { useSetFileChemicalsMutation, type FileRecord, type LinkedChemical } from '../../api/files';
import { shownValue, useEditConflict } from '../../components/EditConflict';

/** A chemical as a file's links name it. */
export type ChemicalLink = Pick<LinkedChemical, 'id' | 'name' | 'purity' | 'manufacturer'>;

export const linkLabel = ({ name, purity, manufacturer }: ChemicalLink): string =>
  `${name} (${purity}%, ${manufacturer})`;

/**
 * The links a reapplied change asks for: the current ones, with what the person linked added and what they unlinked
 * taken away, so links someone else made or removed meanwhile stay as they are now.
 */
export function reappliedLinks(
  started: readonly ChemicalLink[],
  wanted: readonly ChemicalLink[],
  current: readonly ChemicalLink[],
): ChemicalLink[] {
  const ids = (links: readonly ChemicalLink[]) => new Set(links.map(({ id }) => id));
  const [before, after, now] = [ids(started), ids(wanted), ids(current)];
  return [
    ...current.filter(({ id }) => after.has(id) || !before.has(id)),
    ...wanted.filter(({ id }) => !before.has(id) && !now.has(id)),
  ];
}

/**
 * Changes a file's linked chemicals, naming the version of the file the dialog shows (docs/api.md §28). A change
 * refused because the links changed meanwhile leaves `notice` to show in the dialog: who changed them and when, the
 * links asked for and the current ones, and Reapply (the link made or removed, over the current links and version)
 * or Use current values (the dialog shows the current links, which the refusal has refetched).
 */
export function useChemicalLinks(file: FileRecord) {
  const [setChemicals, { isLoading }] = useSetFileChemicalsMutation();
  const conflicts = useEditConflict<FileRecord>(file.version);
  // The refused change: the links it asked for, and the ones it was a change of.
  const [refused, setRefused] = useState<{ wanted: ChemicalLink[]; started: ChemicalLink[] }>({
    wanted: [],
    started: [],
  });
  const wanted = refused.wanted;

  /** Resolves to whether the links were saved; `started` are the links `chemicals` is a change of. */
  const save = async (
    chemicals: ChemicalLink[],
    version = file.version,
    started: ChemicalLink[] = file.chemicals,
  ): Promise<boolean> => {
    const result = await setChemicals({ id: file.id, chemicals: chemicals.map(({ id }) => id), version });
    if (conflicts.refused(result.error)) {
      setRefused({ wanted: chemicals, started });
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
    // Over the current links and the version the refusal named, which the conflict has taken on.
    onReapply: (current) =>
      void save(
        reappliedLinks(refused.started, refused.wanted, current.chemicals),
        conflicts.version(),
        current.chemicals,
      ),
    onUseCurrent: () => undefined,
  });
  return { save, notice, pending: isLoading };
}
