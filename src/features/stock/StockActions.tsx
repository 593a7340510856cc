import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { DeleteIcon, EditIcon } from '../../components/icons';

interface StockActionsProps {
  /** The record's name, which each button's accessible name carries. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The admin Store's Action cell: what can be done to one record. */
export function StockActions({ name, onEdit, onDelete }: StockActionsProps) {
  return (
    <Stack direction="row" spacing={0.5}>
      <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
