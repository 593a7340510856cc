import { ErrorDialog } from '../components/ErrorDialog';
import { useAppDispatch, useAppSelector } from './hooks';
import { errorDialogClosed, selectErrorDialog } from './uiSlice';

/** Shows the failures errorToasts routes to a dialog, wherever in the app they happened. */
export function MutationErrorDialog() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectErrorDialog);
  return <ErrorDialog message={message} onClose={() => dispatch(errorDialogClosed())} />;
}
