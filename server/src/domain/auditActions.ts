/**
 * The audit log's fixed vocabulary: every action it records, with the label a person reads. The part before the
 * dot groups them (`user.`), and a filter may name a group instead of listing its actions.
 */
export const AUDIT_ACTIONS = {
  'auth.login_failed': 'Sign-in failed',
  'auth.locked_out': 'Sign-in locked after too many failures',
  'user.created': 'User created',
  'user.updated': 'User edited',
  'user.deleted': 'User deleted',
  'user.password_reset': 'Password reset',
  'stock.created': 'Stock record created',
  'stock.updated': 'Stock record edited',
  'stock.deleted': 'Stock record deleted',
  // Written once, by migration 0020, where the records of one substance showed different signal words.
  'substance.hazards_merged': "Substance's hazards merged from its records",
  'location.created': 'Location created',
  'location.updated': 'Location edited',
  'location.deleted': 'Location deleted',
  'file.uploaded': 'File uploaded',
  'file.linked': 'File linked',
  'file.unlinked': 'File unlinked',
  'file.deleted': 'File deleted',
  'category.created': 'Category created',
  'category.renamed': 'Category renamed',
  'category.deleted': 'Category deleted',
  'import.committed': 'Spreadsheet import committed',
  'import.reverted': 'Spreadsheet import undone',
  'fund.created': 'Lab fund created',
  'fund.updated': 'Lab fund edited',
  'request.submitted': 'Request submitted',
  'request.resubmitted': 'Request edited and resubmitted',
  'request.approved': 'Request approved',
  'request.store_approved': 'Request approved by the store',
  'request.rejected': 'Request rejected',
  'request.returned': 'Request returned for changes',
  'request.cancelled': 'Request cancelled',
  'request.fulfilled': 'Request fulfilled (in part or whole)',
  'request.sent_back_to_store':
    "Request sent back for the store's approval: a CMR hazard it was not approved for",
  'issue.cmr_confirmed': 'CMR issue confirmed by the store',
  'issue.cmr_unconfirmed': 'CMR issue made without confirmation',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** `user.` for `user.created`: the group a filter may name. */
export function actionGroup(action: AuditAction): string {
  return action.slice(0, action.indexOf('.') + 1);
}

/** What an audit entry is about; stock records by their kind, since each kind numbers its own ids. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'chemical',
  'instrument',
  'glassware',
  /** A chemical catalog entry (the substance), by its id: `substance.hazards_merged`. */
  'substance',
  'location',
  'file',
  'category',
  'import',
  'fund',
  'request',
  'issue',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
