import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useExportHazardRegisterMutation, type RegisterFormat } from '../../api/hazardRegister';
import { DownloadButton, notifySaved } from '../../components/DownloadButton';

const formats: { format: RegisterFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

/**
 * The hazard register's download (docs/api.md §16.3): every hazardous substance in stock with its label, amount and
 * storage places, for the store's managers and auditors. Read through the API (it needs the sign-in), so the
 * button says it is busy until the file is saved.
 */
export function HazardRegisterButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exportRegister, { isLoading }] = useExportHazardRegisterMutation();
  const download = async (format: RegisterFormat) => {
    setAnchor(null);
    notifySaved((await exportRegister(format)).data);
  };
  return (
    <>
      <DownloadButton
        busy={isLoading}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {isLoading ? 'Exporting…' : 'Hazard register'}
      </DownloadButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {formats.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
