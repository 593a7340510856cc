import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeleteIssueCartLineMutation, type CartLine } from '../../api/issueCart';
import { stockKindOf } from '../../api/stock';
import { specOf, STOCK_KINDS } from '../../api/stockKinds';
import { DeleteIcon, EditIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { amount, stockName } from '../../components/stockColumns';

/** The cart's groups, one per kind, titled with the kind's plural: 'Chemicals'. */
const groups = STOCK_KINDS.map((kind) => {
  const { plural } = specOf(kind);
  return { kind, title: `${plural[0].toUpperCase()}${plural.slice(1)}` };
});

interface IssueCartListProps {
  lines: readonly CartLine[];
  onEdit: (line: CartLine) => void;
  onRemoved: (line: CartLine) => void;
}

/** The cart's lines grouped by kind, each with Edit (into the form) and Delete. */
export function IssueCartList({ lines, onEdit, onRemoved }: IssueCartListProps) {
  const [remove, removal] = useDeleteIssueCartLineMutation();

  const removeLine = async (line: CartLine) => {
    const result = await remove(line.id);
    if (result.error === undefined) {
      notify(`${stockName(line.object)} removed from the cart.`, 'success');
      onRemoved(line);
    }
  };

  if (lines.length === 0) return <Typography color="text.secondary">The cart is empty.</Typography>;
  return groups.map(({ kind, title }) => {
    const ofKind = lines.filter((line) => stockKindOf(line.object_type) === kind);
    if (ofKind.length === 0) return null;
    return (
      <Box key={kind}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <List dense disablePadding aria-label={title}>
          {ofKind.map((line) => {
            const name = stockName(line.object);
            return (
              <ListItem
                key={line.id}
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <IconButton size="small" aria-label={`Edit ${name}`} onClick={() => onEdit(line)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={`Delete ${name}`}
                      disabled={removal.isLoading}
                      onClick={() => removeLine(line)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText primary={`${name} — ${amount(kind, line.quantity)}`} />
              </ListItem>
            );
          })}
        </List>
      </Box>
    );
  });
}
