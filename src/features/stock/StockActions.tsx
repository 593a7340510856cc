import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { DeleteIcon, EditIcon, HistoryIcon, PrintIcon } from '../../components/icons';

interface StockActionsProps {
  /** The record's name, which each button's accessible name carries. */
  name: string;
  onHistory: () => void;
  onPrintLabel: () => void;
  /** Absent for those who may not change the store (auditors): no Edit button. */
  onEdit?: () => void;
  onDelete?: () => void;
}

/** The admin Store's Action cell: what can be done to one record. */
export function StockActions({ name, onHistory, onPrintLabel, onEdit, onDelete }: StockActionsProps) {
  return (
    <Stack direction="row" spacing={0.5}>
      <IconButton size="small" aria-label={`History of ${name}`} onClick={onHistory}>
        <HistoryIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Print label of ${name}`} onClick={onPrintLabel}>
        <PrintIcon fontSize="small" />
      </IconButton>
      {onEdit && (
        <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
