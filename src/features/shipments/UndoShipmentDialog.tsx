import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useRevertShipmentMutation, type Shipment } from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/notify';
import { amount } from '../../components/stockColumns';

interface UndoShipmentDialogProps {
  kind: StockKind;
  shipment: Shipment;
  /** How the card names the shipment ('Shipment Date: 2026-11-21'). */
  title: string;
  onClose: () => void;
}

/** Lists what an undo takes back out of stock before it is made (docs/api.md §8); a refusal is toasted by the
 * error-toast middleware and changes nothing. */
export function UndoShipmentDialog({ kind, shipment, title, onClose }: UndoShipmentDialogProps) {
  const [revert, { isLoading }] = useRevertShipmentMutation();
  const confirm = async () => {
    const result = await revert({ kind, id: shipment.id });
    if (result.error === undefined) notify(`Shipment undone: ${title}.`, 'success');
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Undo shipment?"
      confirmLabel="Undo shipment"
      pending={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Typography>This takes back out of stock what the shipment ({title}) added:</Typography>
      <List dense aria-label="Taken back">
        {shipment.lines.map((line, position) => (
          <ListItem key={position}>
            <ListItemText primary={`${line.name} — ${amount(kind, line.added_quantity)}`} />
          </ListItem>
        ))}
      </List>
      <Typography>The shipment stays in the history, marked as reverted.</Typography>
    </ConfirmDialog>
  );
}
