import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** SPEC §8's error dialog: the failure's message until the user acknowledges it. */
export function ErrorDialog({ message, onClose }: { message: string | undefined; onClose: () => void }) {
  return (
    <Dialog open={message !== undefined} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Error</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
