import Typography from '@mui/material/Typography';
import { useRevertImportMutation, type ImportSummary } from '../../api/imports';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/notify';
import { count } from './count';

interface UndoImportDialogProps {
  session: ImportSummary;
  onClose: () => void;
}

/** Asks before an import is undone (docs/api.md §13.6); a refusal is toasted by the error-toast middleware and
 * changes nothing. */
export function UndoImportDialog({ session, onClose }: UndoImportDialogProps) {
  const [revert, { isLoading }] = useRevertImportMutation();
  const confirm = async () => {
    const result = await revert({ kind: session.type, id: session.id });
    if (result.error === undefined) notify(`Import undone: ${session.file_name}.`, 'success');
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Undo import?"
      confirmLabel="Undo import"
      pending={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Typography>
        This takes back out of stock what {session.file_name} added to{' '}
        {count(session.created_count + session.added_count, 'record')}.
      </Typography>
      <Typography>
        The records it created stay, and the import stays in the list, marked as undone.
      </Typography>
    </ConfirmDialog>
  );
}
