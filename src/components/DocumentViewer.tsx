import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';

// Here rather than in icons.tsx, which the first load carries: only the record page's chunk needs it.
const ArrowBackIcon = createSvgIcon(
  <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />,
  'ArrowBack',
);

interface DocumentViewerProps {
  /** The document's URL (an uploaded file: same origin, which the media answers allow to frame). */
  url: string;
  /** What it is, as its heading and the frame's accessible name say: 'Safety data sheet of Ethanol'. */
  title: string;
  onClose: () => void;
}

/**
 * A document shown over the whole screen inside the app, with one large Back (or Escape) to where it was opened: on a
 * shared terminal a new tab or the bare file would leave no way back, and the terminal's idle reset would not reach
 * it. The browser draws the file itself (its PDF viewer).
 */
export function DocumentViewer({ url, title, onClose }: DocumentViewerProps) {
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="document-viewer-title">
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<ArrowBackIcon />}
            onClick={onClose}
            autoFocus
            sx={{ fontSize: '1.25rem', px: 4, py: 1.5 }}
          >
            Back
          </Button>
          <Typography id="document-viewer-title" variant="h6" component="h2" noWrap>
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="iframe" src={url} title={title} sx={{ flex: 1, width: '100%', border: 0 }} />
    </Dialog>
  );
}
