import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastHost } from '../components/notify';
import { MutationErrorDialog } from './MutationErrorDialog';
import type { AppStore } from './store';
import { theme } from './theme';

/** Everything around the router: shared by the app and the tests so both run the same wiring. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <MutationErrorDialog />
        <ToastHost />
      </ThemeProvider>
    </Provider>
  );
}
