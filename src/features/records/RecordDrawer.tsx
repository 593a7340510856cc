import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import type { RecordRef } from '../../components/recordUrls';
import { CloseIcon } from '../../components/icons';
import { RecordDetails } from './RecordDetails';

/** The admin area's record page: the admin pages are chosen by index (SPEC §2), so a record opens beside them. */
export function RecordDrawer({ record, onClose }: { record: RecordRef; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 3 }, 'aria-label': 'Record' } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <RecordDetails key={`${record.kind}-${record.id}`} record={record} admin />
    </Drawer>
  );
}
