import { createTheme } from '@mui/material/styles';

const focusRing = { outline: '3px solid #f59e0b', outlineOffset: 2 };

// Shared lab terminals are read from a step away, often with gloves on: larger type, strong contrast,
// a focus ring that is obvious, and generous targets.
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f8a' },
    secondary: { main: '#6b3fa0' },
    error: { main: '#b3261e' },
    text: { primary: '#111827', secondary: '#374151' },
    background: { default: '#f4f6f8' },
  },
  typography: {
    htmlFontSize: 16,
    fontSize: 15,
    body2: { fontSize: '1rem' },
    button: { fontSize: '1rem', fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiLink: {
      styleOverrides: { root: { '&:focus-visible': focusRing } },
    },
    MuiTableCell: {
      styleOverrides: { head: { fontWeight: 700 } },
    },
    MuiDialog: {
      defaultProps: {
        transitionDuration: 300,
        slotProps: { backdrop: { transitionDuration: 150 } },
      },
    },
  },
});

/** At least 48 px, the smallest touch target WCAG 2.5.5 and Material's guidance recommend. */
const TOUCH_TARGET = 48;

// Terminal mode (app/terminal.ts): the same theme, read from further away and used by touch.
export const terminalTheme = createTheme(theme, {
  typography: {
    fontSize: 18,
    body1: { fontSize: '1.2rem' },
    body2: { fontSize: '1.125rem' },
    button: { fontSize: '1.2rem' },
  },
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET, paddingInline: 20 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } } },
    MuiTab: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
    MuiInputBase: { styleOverrides: { root: { minHeight: TOUCH_TARGET + 8 } } },
    MuiLink: {
      styleOverrides: { root: { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_TARGET } },
    },
  },
});
