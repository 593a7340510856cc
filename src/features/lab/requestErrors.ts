import { errorMessage, formErrors, hasFieldErrors, type ApiError } from '../../api/errorMessage';

// A refused request form: the server names every failing field at once, and the lines' errors by their place
// (`Line 2: quantity: …`), so the dialog shows each field's message beside it and every other message above. No
// toast reports these calls, so a refusal that names no field (a 409's detail) shows above the fields too.

export interface RequestFormErrors {
  /** The message of each field the form shows itself. */
  fields: Record<string, string>;
  /** Messages the form has no field for: every line's, any other field's, or the refusal itself. */
  general: string[];
}

/** A failed submit's messages, split between the form's own fields (`fieldNames`) and the rest. */
export function requestFormErrors(error: ApiError | undefined, fieldNames: readonly string[]): RequestFormErrors {
  if (!error) return { fields: {}, general: [] };
  const { fields, others } = formErrors(error, fieldNames);
  return { fields, general: hasFieldErrors(error) ? others : [errorMessage(error)] };
}
