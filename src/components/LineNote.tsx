import Typography from '@mui/material/Typography';

/**
 * A request line's note from the lab (docs/api.md §26.3), on its own row under the item's name: the lab's and the
 * store's views of a line show it the same way.
 */
export function LineNote({ note }: { note: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%', fontStyle: 'italic' }}>
      Note: {note}
    </Typography>
  );
}
