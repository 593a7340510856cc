import { errorMessage, fieldErrors, type ApiError } from '../../api/errorMessage';

// A refused request form: the server names every failing field at once, and the lines' errors by their place
// (`Line 2: quantity: …`), so the dialog shows each field's first message beside it and every line message above.

function messagesOf(error: ApiError | undefined, field: string): string[] {
  if (!error || !('status' in error) || typeof error.data !== 'object' || error.data === null) return [];
  const value = (error.data as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.map(String) : [];
}

export interface FormErrors {
  /** The first message of each field, for the fields the form shows itself. */
  fields: Record<string, string>;
  /** Messages the form has no field for: every line's, any other field's, or the refusal itself (a 409's detail). */
  general: string[];
}

/** A failed submit's messages, split between the form's own fields (`fieldNames`) and the rest. */
export function formErrors(error: ApiError | undefined, fieldNames: readonly string[]): FormErrors {
  if (!error) return { fields: {}, general: [] };
  const all = fieldErrors(error);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [field, message] of Object.entries(all)) {
    if (fieldNames.includes(field)) fields[field] = message;
    // A line's own message names it; one about the whole list names the items.
    else if (field === 'lines')
      general.push(
        ...messagesOf(error, 'lines').map((text) => (text.startsWith('Line ') ? text : `Items: ${text}`)),
      );
    else general.push(`${field}: ${message}`);
  }
  if (Object.keys(all).length === 0) general.push(errorMessage(error));
  return { fields, general };
}
