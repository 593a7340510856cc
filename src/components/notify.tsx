import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack';
import { CloseIcon } from './icons';

let nextKey = 0;

/** Shows a toast that closes when clicked (SPEC §9) and has a dismiss button for keyboard users. */
export function notify(message: string, variant: VariantType = 'default'): SnackbarKey {
  nextKey += 1;
  const key = `toast-${nextKey}`;
  return enqueueSnackbar(message, {
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
