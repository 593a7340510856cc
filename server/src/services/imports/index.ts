// Spreadsheet imports (docs/api.md §13): upload → column mapping → preview of every row → commit in one
// transaction → undo. Rows are checked by the stock POST's own validator, so they fail with its messages.

export { MAX_IMPORT_ROWS, MAX_PENDING_IMPORTS, type ImportsContext } from './context';
export { autoMapping, importFields } from './mapping';
export {
  createImport,
  getImport,
  listImports,
  pageImports,
  previewImport,
  prunePendingImports,
} from './sessions';
export { commitImport, revertImport, WRITES_PER_SLICE } from './commit';
