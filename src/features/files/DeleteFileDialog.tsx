import { fileName, useDeleteFileMutation, type FileRecord } from '../../api/files';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/notify';

export function DeleteFileDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const [deleteFile, { isLoading }] = useDeleteFileMutation();
  const name = fileName(file);

  const confirm = async () => {
    const result = await deleteFile(file.id);
    if (result.error === undefined) {
      notify(`${name} deleted.`, 'success');
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open
      title="Delete File"
      confirmLabel="Delete"
      pending={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete {name}? The file and its substance links will be removed for everyone.
    </ConfirmDialog>
  );
}
