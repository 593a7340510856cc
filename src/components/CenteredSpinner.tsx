import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function CenteredSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, width: '100%' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
