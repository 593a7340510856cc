import { Suspense, lazy, useState } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { errorDialogClosed, selectErrorDialog } from './uiSlice';

// Only failed admin mutations open this dialog: its code loads with the first one, not with every first load.
const ErrorDialog = lazy(() =>
  import(/* webpackChunkName: "error-dialog" */ '../components/ErrorDialog').then((m) => ({
    default: m.ErrorDialog,
  })),
);

/** Shows the failures errorToasts routes to a dialog, wherever in the app they happened. */
export function MutationErrorDialog() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectErrorDialog);
  // Once shown, the dialog stays mounted so that it can animate closed.
  const [needed, setNeeded] = useState(false);
  if (message !== undefined && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog message={message} onClose={() => dispatch(errorDialogClosed())} />
    </Suspense>
  );
}
