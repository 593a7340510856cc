import IconButton from '@mui/material/IconButton';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { CloseIcon } from './icons';
import { connectToaster, type Toast } from './notify';

let nextKey = 0;

function showToast({ message, variant }: Toast): void {
  nextKey += 1;
  const key = `toast-${nextKey}`;
  enqueueSnackbar(message, {
    key,
    variant,
    SnackbarProps: { onClick: () => closeSnackbar(key) },
    action: (
      <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    ),
  });
}

/** notistack's container; `notify` sends toasts here once it is mounted (its global enqueue works from then on). */
export default function Toaster() {
  useEffect(() => connectToaster(showToast), []);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={5000}
      maxSnack={4}
    />
  );
}
