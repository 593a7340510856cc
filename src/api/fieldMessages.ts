import { errorMessage, fieldMessageLists, hasFieldErrors, type ApiError } from './errorMessage';

// The server's field messages are Django REST framework's (SERVER.md §1.4: `This field may not be blank.`,
// `"" is not a valid choice.`), written for programs. A form shows each beside its field in a person's words, naming
// the field as the form's label does; this is the one place that says how. A message the table below does not know
// is shown as it is, without a `FIELD:` prefix.

interface FieldWords {
  /** The field as a sentence names it, with its article: 'a CAS number'. */
  noun: string;
  /** Picked from a list rather than typed: its missing value reads 'Choose …'. */
  chosen?: boolean;
}

/** Every form field the API names in its 400s, by its API name, as the forms label it. */
const FIELD_WORDS: Record<string, FieldWords> = {
  // Stock records (the kind table's fields) and their staging and issue lines.
  name: { noun: 'a name' },
  CAS_RN: { noun: 'a CAS number' },
  molecular_formula: { noun: 'a molecular formula' },
  molecular_weight: { noun: 'the molecular weight' },
  purity: { noun: 'the purity' },
  manufacturer: { noun: 'a manufacturer' },
  supplier: { noun: 'a supplier' },
  state: { noun: 'a state', chosen: true },
  size: { noun: 'a size' },
  material_type: { noun: 'a material type' },
  quantity: { noun: 'a quantity' },
  expiry_date: { noun: 'an expiry date' },
  opened_on: { noun: 'the date it was opened' },
  minimum_quantity: { noun: 'a minimum quantity' },
  storage_place: { noun: 'a storage place' },
  unit_price: { noun: 'a unit price' },
  hazard_statements: { noun: 'hazard statements', chosen: true },
  signal_word: { noun: 'a signal word', chosen: true },
  storage_classes: { noun: 'storage classes', chosen: true },
  unit: { noun: 'a unit', chosen: true },
  // Locations.
  building_name: { noun: 'a building name' },
  room_number: { noun: 'a room number' },
  consumer_type: { noun: 'a type', chosen: true },
  // Users.
  email: { noun: 'an email address' },
  first_name: { noun: 'a first name' },
  last_name: { noun: 'a last name' },
  password: { noun: 'a password' },
  confirm_password: { noun: 'the password again' },
  role: { noun: 'a role', chosen: true },
  labs: { noun: 'a lab', chosen: true },
  // Files and categories.
  file: { noun: 'a file', chosen: true },
  categories: { noun: 'a category', chosen: true },
  chemicals: { noun: 'a substance', chosen: true },
  // Funds and requests (`lines`: the whole list of a request's items).
  lines: { noun: 'at least one item', chosen: true },
  code: { noun: 'a code' },
  fund: { noun: 'a fund', chosen: true },
  needed_by: { noun: 'the date it is needed by' },
  note: { noun: 'a note' },
  reason: { noun: 'a reason' },
};

/** How a field the table does not list is named: its API name in words, `room_number` as 'the room number'. */
function wordsOf(field: string): FieldWords {
  return FIELD_WORDS[field] ?? { noun: `the ${field.replaceAll('_', ' ').toLowerCase()}` };
}

/** A message without the field names some texts start with (`CAS_RN: …`, `room_number: …`). */
function withoutFieldPrefix(field: string, message: string): string {
  let text = message;
  for (;;) {
    const match = /^([A-Za-z][A-Za-z0-9_]*): (.+)$/s.exec(text);
    if (!match || (match[1].toLowerCase() !== field.toLowerCase() && !(match[1] in FIELD_WORDS))) return text;
    text = match[2];
  }
}

const missing = ({ noun, chosen }: FieldWords) => (chosen ? `Choose ${noun}.` : `Enter ${noun}.`);

/** The server's messages (server/src/validation/errors.ts) a form rewords, each with its words. */
const REWORDED: readonly [RegExp, (match: RegExpExecArray, words: FieldWords) => string][] = [
  [/^This field (is required|may not be (blank|null|empty))\.$/, (_, words) => missing(words)],
  [/^This list may not be empty\.$/, (_, words) => missing(words)],
  [
    /^"(.*)" is not a valid choice\.$/s,
    ([, value], { noun }) => (value === '' ? `Choose ${noun}.` : `Choose ${noun} from the list.`),
  ],
  [/^A valid number is required\.$/, () => 'Enter a number.'],
  [/^A valid integer is required\.$/, () => 'Enter a whole number.'],
  [/^Ensure this value is greater than or equal to (.+)\.$/, ([, n]) => `Enter ${n} or more.`],
  [/^Ensure this value is greater than (.+)\.$/, ([, n]) => `Enter more than ${n}.`],
  [/^Ensure this value is less than or equal to (.+)\.$/, ([, n]) => `Enter ${n} or less.`],
  [
    /^Ensure that there are no more than (\d+) decimal places\.$/,
    ([, n]) => (n === '0' ? 'Enter a whole number.' : `Use at most ${n} decimal places.`),
  ],
  [/^Ensure this field has no more than (\d+) characters\.$/, ([, n]) => `Use at most ${n} characters.`],
  [/^Ensure this field has at least (\d+) characters\.$/, ([, n]) => `Use at least ${n} characters.`],
  [/^Ensure this number has no more than (\d+) characters\.$/, ([, n]) => `Use at most ${n} digits.`],
  [/^Ensure this field has no more than (\d+) elements\.$/, ([, n]) => `Choose at most ${n}.`],
  [
    /^Invalid pk ".*" - object does not exist\.$/s,
    (_, { noun }) => `Choose ${noun} again: the one chosen no longer exists.`,
  ],
  // A unique field (Django's wording): `user with this email already exists.`
  [
    /^(\w[\w ]*) with this (.+) already exists\.$/,
    ([, thing, field]) => `Another ${thing.toLowerCase()} already has this ${field}.`,
  ],
  [/^This field (.+)$/s, ([, rest], { noun }) => `${capitalised(noun)} ${rest}`],
];

/** The server's message about a field, as the form says it beside the field. */
export function fieldHelperText(field: string, message: string): string {
  const words = wordsOf(field);
  const text = withoutFieldPrefix(field, message.trim());
  for (const [pattern, reworded] of REWORDED) {
    const match = pattern.exec(text);
    if (match) return reworded(match, words);
  }
  return text;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The server's per-field validation messages (SERVER.md §1.4), the first per field in a person's words
 * (fieldHelperText), for the helper texts under a form's fields.
 */
export function fieldErrors(error: ApiError | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldMessageLists(error)).map(([field, [first]]) => [
      field,
      fieldHelperText(field, first),
    ]),
  );
}

export interface FormErrors {
  /** Beside each of the form's own fields: the server's first message about it, in a person's words. */
  fields: Record<string, string>;
  /**
   * The server's messages about fields the form does not show, each starting with what it is about: a request's
   * lines by their place (`Line 2: …`), any other field by its name in words.
   */
  others: string[];
}

/** A request line's message (`Line 2: quantity: …`) in words, by its place; one about the whole list, by the items. */
function lineMessage(text: string): string {
  const match = /^(Line \d+): ([A-Za-z_]+): (.+)$/s.exec(text);
  if (match) return `${match[1]}: ${fieldHelperText(match[2], match[3])}`;
  return text.startsWith('Line ') ? text : `Items: ${fieldHelperText('lines', text)}`;
}

/**
 * A refused form's field messages, split between the form's own fields (`fieldNames`) and the rest. `withRefusal`: for
 * a call no toast or dialog reports (errorToasts), a failure that names no field (a 409's detail, a network error) is
 * among the others too.
 */
export function formErrors(
  error: ApiError | undefined,
  fieldNames: readonly string[],
  { withRefusal = false } = {},
): FormErrors {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  if (error && withRefusal && !hasFieldErrors(error)) return { fields, others: [errorMessage(error)] };
  const lists = fieldMessageLists(error);
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (fieldNames.includes(field)) fields[field] = message;
    // A line's own message names it; one about the whole list names the items.
    else if (field === 'lines') others.push(...lists.lines.map(lineMessage));
    else others.push(`${capitalised(wordsOf(field).noun.replace(/^(a|an|the) /, ''))}: ${message}`);
  }
  return { fields, others };
}
