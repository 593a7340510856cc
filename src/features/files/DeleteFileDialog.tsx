import { fileName, useDeleteFileMutation, type FileRecord } from '../../api/files';
import { DeleteDialog } from '../../components/ConfirmDialog';

export function DeleteFileDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const [deleteFile, { isLoading }] = useDeleteFileMutation();
  const name = fileName(file);
  return (
    <DeleteDialog
      title="Delete File"
      pending={isLoading}
      onDelete={() => deleteFile(file.id)}
      deletedNotice={`${name} deleted.`}
      onClose={onClose}
    >
      Delete {name}? The file and its substance links will be removed for everyone.
    </DeleteDialog>
  );
}
