import { isRejected, type Middleware } from '@reduxjs/toolkit';
import { errorMessage, hasFieldErrors, type ApiError } from '../api/errorMessage';
import { editConflictOf } from '../api/versions';
import { notify } from '../components/notify';
import { errorDialogOpened } from './uiSlice';

type MessageFor = (error: ApiError) => string;

/** SPEC §8: what a failed mutation tells the user, per endpoint. Query failures render in place instead. */
const mutationErrorMessages: Record<string, MessageFor> = {
  login: () => 'Invalid Email or Password.',
  updateUser: () => 'Something went wrong',
  createUser: (error) => errorMessage(error),
  setPassword: (error) => errorMessage(error),
  deleteUser: (error) => errorMessage(error),
  createStock: (error) => errorMessage(error),
  updateStock: (error) => errorMessage(error),
  deleteStock: (error) => errorMessage(error),
  createLocation: (error) => errorMessage(error),
  updateLocation: (error) => errorMessage(error),
  addToIssueCart: (error) => errorMessage(error),
  updateIssueCartLine: (error) => errorMessage(error),
  deleteIssueCartLine: (error) => errorMessage(error),
  mergeIssueCart: (error) => errorMessage(error),
  deleteFile: (error) => errorMessage(error),
  exportLedger: (error) => errorMessage(error),
  revertShipment: (error) => errorMessage(error),
  revertImport: (error) => errorMessage(error),
  downloadImportTemplate: (error) => errorMessage(error),
  returnIssueLine: (error) => errorMessage(error),
};

/** SPEC §8: shipment, upload, link and category failures show the shared-rule message in an error dialog
 * instead of a toast. */
const mutationErrorDialogs = new Set([
  'addShipmentLine',
  'updateShipmentLine',
  'deleteShipmentLine',
  'mergeShipment',
  'createNewStockItem',
  'uploadFile',
  'setFileChemicals',
  'createCategory',
  'renameCategory',
  'deleteCategory',
]);

/**
 * Mutations sent from a form that shows the server's field messages itself, beside each field in a person's words
 * (api/errorMessage.ts's formErrors): a refusal of fields is said there, once, not also by the shared rule's toast or
 * dialog (`CAS_RN: This field may not be blank.`). Other failures (a 409's detail, a network error) still go to the
 * toast or dialog. SPEC's own texts (the user edit's 'Something went wrong') stay as they are.
 */
const formMutations = new Set([
  'createUser',
  'setPassword',
  'createStock',
  'updateStock',
  'createLocation',
  'updateLocation',
  'addToIssueCart',
  'updateIssueCartLine',
  'returnIssueLine',
  'addShipmentLine',
  'updateShipmentLine',
  'createNewStockItem',
  'uploadFile',
  'createCategory',
  'renameCategory',
]);

function mutationEndpoint(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { type, endpointName } = arg as { type?: unknown; endpointName?: unknown };
  return type === 'mutation' && typeof endpointName === 'string' ? endpointName : undefined;
}

/**
 * The one place that turns failed mutations into error toasts or dialogs; success toasts stay at the call site. An
 * edit refused because the record changed meanwhile (412) is the form's to show, with the current values, not a
 * toast's (components/EditConflict.tsx).
 */
export const errorToasts: Middleware = (api) => (next) => (action) => {
  if (isRejected(action)) {
    const endpoint = mutationEndpoint(action.meta.arg);
    const error = (action.payload as ApiError | undefined) ?? action.error;
    if (editConflictOf(error)) return next(action);
    if (endpoint && formMutations.has(endpoint) && hasFieldErrors(error)) return next(action);
    const messageFor = endpoint ? mutationErrorMessages[endpoint] : undefined;
    if (messageFor) notify(messageFor(error), 'error');
    else if (endpoint && mutationErrorDialogs.has(endpoint))
      api.dispatch(errorDialogOpened(errorMessage(error)));
  }
  return next(action);
};
