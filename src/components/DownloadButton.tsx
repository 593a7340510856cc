import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { DownloadIcon } from './icons';
import { notify } from './notify';

/**
 * The button of a file the server writes (the ledger's export, the hazard register): while the file comes it spins
 * and cannot be pressed again, so one press makes one file.
 */
export function DownloadButton({
  busy,
  ...props
}: Omit<ButtonProps, 'variant' | 'startIcon' | 'disabled'> & { busy: boolean }) {
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
      disabled={busy}
      {...props}
    />
  );
}

/** Tells where a downloaded file was saved; nothing when the download failed (its error shows elsewhere). */
export function notifySaved(fileName: string | undefined) {
  if (fileName) notify(`Saved ${fileName}.`, 'success');
}
