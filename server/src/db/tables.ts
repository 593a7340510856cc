import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { LineOwnFields } from '../contract/requests';
import type { LedgerKind } from '../domain/ledger';
import type { SpecTable, StockKind, StockObjectType } from '../domain/stockKinds';

export type { StockObjectType };

/** Timestamps are ISO-8601 UTC text with milliseconds and a Z, written by app code, identical on both engines. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  email_lower: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** 0 or 1 on both engines. */
  is_superuser: number;
  created_at: Timestamp;
  /** Goes up by one on every password change; tokens of an older version are refused. */
  token_version: Generated<number>;
  /** What the account may do (docs/api.md, 'Roles and permissions'); a superuser is always a store manager. */
  role: Generated<UserRole>;
  /** Counts the account's changes (If-Match, docs/api.md §28). */
  version: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;

export const USER_ROLES = ['store_manager', 'auditor', 'lab_user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const LAB_ROLES = ['manager', 'member'] as const;
export type LabRole = (typeof LAB_ROLES)[number];

/** A lab user's place in one lab (a location); removed with the account and with the location. */
export interface LabMembershipsTable {
  id: Generated<number>;
  user_id: number;
  location_id: number;
  role: LabRole;
}
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;

export interface LoginFailuresTable {
  ip: string;
  /**
   * The account tried: its e-mail, lower-cased, or for an e-mail no account has the keyed fingerprint of the text
   * typed (auth/fingerprint), never the text itself. The name is the one of the frozen migration.
   */
  email_lower: string;
  failures: number;
  last_failure_at: Timestamp;
}
export type LoginFailureRow = Selectable<LoginFailuresTable>;

/** manufacturers, suppliers, instruments, glasswares: catalog entries found or created by name. */
export interface NamedEntryTable {
  id: Generated<number>;
  name: string;
  /** The name trimmed and lower-cased: the lookup and uniqueness key. */
  name_key: string;
}

export interface ChemicalsTable extends NamedEntryTable {
  cas_rn: string;
  molecular_formula: string;
  molecular_weight: number;
  /**
   * GHS H-codes of the substance, comma-separated in code order (`H225,H319`); empty: none. Every stock record of
   * the chemical shows them (migration 0020; before, 0013 kept them per record).
   */
  hazard_statements: Generated<string>;
  /** Null while the signal word is derived from the codes; else the override (`NONE`: no signal word). */
  signal_word_override: 'DANGER' | 'WARNING' | 'NONE' | null;
}

export interface StoresTable {
  id: Generated<number>;
  name: string;
}

interface StockColumns {
  id: Generated<number>;
  store_id: Generated<number>;
  manufacturer_id: number;
  supplier_id: number;
  /** Base units: thousandths of a ml for chemicals, pieces for instruments and glassware. Never negative. */
  quantity: number;
  /** Counts the record's changes, its quantity's included (If-Match, docs/api.md §28). */
  version: Generated<number>;
}

/** A calendar date, `YYYY-MM-DD` (domain/calendarDate.ts): sorts and compares as the calendar does. */
type CalendarDate = string;

// The columns of a kind's fields kept on its stock row (domain/stockKinds.ts, `home: {on: 'record'}`), typed from
// the table: a choice's codes, numbers (hundredths and base units included), text and calendar dates; null where
// unset. A field
// with a `key` also has that column: its text trimmed and lower-cased (the identity, ordering and search key).
type RecordFieldOf<K extends StockKind> = Extract<SpecTable[K]['fields'][number], { home: { on: 'record' } }>;
type ColumnValue<F> = F extends { input: { type: 'choice'; choices: readonly (infer Code)[] } }
  ? Code
  : F extends { input: { type: 'number' } }
    ? number
    : string;
type RecordColumns<K extends StockKind> = {
  [F in RecordFieldOf<K> as F['home']['column']]: F extends { nullable: true }
    ? ColumnValue<F> | null
    : ColumnValue<F>;
} & {
  [F in RecordFieldOf<K> as F['home'] extends { key: infer Key extends string } ? Key : never]: string;
};

export interface ChemicalStockTable extends StockColumns, RecordColumns<'chemical'> {
  chemical_id: number;
  /**
   * `ACID`, `BASE`, `AQUEOUS`, comma-separated; empty: none. The record's own (what the bottle holds), while its
   * H-codes and signal word are its substance's (ChemicalsTable).
   */
  storage_classes: Generated<string>;
}

export interface InstrumentStockTable extends StockColumns, RecordColumns<'instrument'> {
  instrument_id: number;
}

export interface GlasswareStockTable extends StockColumns, RecordColumns<'glassware'> {
  glassware_id: number;
}

export interface StockLedgerTable {
  id: Generated<number>;
  created_at: Timestamp;
  kind: LedgerKind;
  object_type: StockObjectType;
  object_id: number;
  /** Signed, in the record's base units (see StockColumns.quantity). */
  change: number;
  balance: number;
  shipment_id: number | null;
  issue_id: number | null;
  /** The import whose IMPORT entry (or the REVERSAL of it) this is; null otherwise. */
  import_id: Generated<number | null>;
  user_id: number | null;
  user_email: string;
}

export interface SearchChangesTable {
  seq: Generated<number>;
  object_type: StockObjectType;
  object_id: number;
  created_at: Timestamp;
}

/** One row: every `search_changes` note with a seq up to `through_seq` may have been pruned. */
export interface SearchChangesPrunedTable {
  through_seq: number;
}

export const CONSUMER_TYPES = ['PHYSICAL', 'ORGANIC', 'INORGANIC', 'PERSONAL'] as const;
export type ConsumerType = (typeof CONSUMER_TYPES)[number];

/** Locations: the labs and people items are issued to. */
export interface StoreConsumersTable {
  id: Generated<number>;
  name: string;
  consumer_type: ConsumerType;
  room_number: string;
  building_name: string;
  created_at: Timestamp;
  /** Counts the location's changes (If-Match, docs/api.md §28). */
  version: Generated<number>;
}
export type StoreConsumerRow = Selectable<StoreConsumersTable>;

export interface IssuesTable {
  id: Generated<number>;
  consumer_id: number;
  created_at: Timestamp;
  /** Null once the account is deleted; user_email still says who. */
  user_id: number | null;
  user_email: string;
  /** The request this issue fulfils (in part), and the lab's fund it is charged to; null for a cart issue. */
  request_id: number | null;
  fund_id: number | null;
}

export interface IssueLinesTable {
  id: Generated<number>;
  issue_id: number;
  object_type: StockObjectType;
  stock_id: number;
  /** Base units (see StockColumns.quantity), > 0. */
  quantity: number;
  /** How much of `quantity` came back to stock (RETURN ledger entries), 0 ≤ returned_quantity ≤ quantity. */
  returned_quantity: Generated<number>;
  /** The line's place in its issue: the merge order of the cart lines. */
  position: number;
  /** The record's unit price when issued, in ten-thousandths of the currency's major unit; a return is charged at it. */
  unit_price_e4: number | null;
  /** The request line this line fulfils; null for a cart issue. */
  request_line_id: number | null;
}

/** One line of a user's issue cart; removed with the user. */
export interface IssueCartTable {
  id: Generated<number>;
  user_id: number;
  object_type: StockObjectType;
  object_id: number;
  /** Base units (see StockColumns.quantity), > 0. */
  quantity: number;
}

/** One line of a user's shipment staging list for one kind; removed with the user. */
export interface TempShipmentTable {
  id: Generated<number>;
  user_id: number;
  stock_id: number;
  /** Base units (see StockColumns.quantity), > 0. */
  quantity: number;
  /** The price of what arrives (ten-thousandths of the major unit), averaged into the record's; null: none. */
  unit_price_e4: number | null;
}

/** Chemical and glassware lines may say when what arrives expires; the merge copies it onto the record. */
export interface ExpiringTempShipmentTable extends TempShipmentTable {
  expiry_date: CalendarDate | null;
}

export interface ShipmentsTable {
  id: Generated<number>;
  type: StockObjectType;
  date_time: Timestamp;
  /** Null once the account is deleted; user_email still says who. */
  user_id: number | null;
  user_email: string;
  /** Set when the shipment was undone (REVERSAL ledger entries); null otherwise. */
  reverted_at: Timestamp | null;
  /** The e-mail of who undid it, kept even after the account is deleted. */
  reverted_by: string | null;
}

export interface ShipmentLinesTable {
  id: Generated<number>;
  shipment_id: number;
  /** A stock record of the shipment's type. */
  stock_id: number;
  /** Base units: the record's quantity just before this line was added, and the amount added. */
  old_total: number;
  added_quantity: number;
  /** The line's place in its shipment: the merge order of the staging lines. */
  position: number;
}

/**
 * A record's expiry date and unit price before and after a merge that changed either (migration 0018), which its
 * undo gives back. Dates `YYYY-MM-DD`, prices ten-thousandths of the major unit; null: none.
 */
export interface ShipmentRecordValuesTable {
  shipment_id: number;
  /** A stock record of the shipment's type. */
  stock_id: number;
  expiry_before: string | null;
  expiry_after: string | null;
  unit_price_e4_before: number | null;
  unit_price_e4_after: number | null;
}

export const IMPORT_STATUSES = ['PENDING', 'COMMITTED', 'REVERTED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A spreadsheet import (docs/api.md §13): a session until committed, then a record of what it brought in. */
export interface ImportsTable {
  id: Generated<number>;
  object_type: StockObjectType;
  /** The uploaded file's name, as the client sent it. */
  file_name: string;
  created_at: Timestamp;
  /** Null once the account is deleted; user_email still says who. */
  user_id: number | null;
  user_email: string;
  status: ImportStatus;
  /** JSON array of the header row's cells. */
  headers: string;
  /** JSON array of the data rows (arrays of cell text) while PENDING; null once committed. */
  cells: string | null;
  row_count: number;
  committed_at: Timestamp | null;
  created_count: Generated<number>;
  added_count: Generated<number>;
  skipped_count: Generated<number>;
  reverted_at: Timestamp | null;
  reverted_by: string | null;
}

/** The file library (SERVER.md §12–13); categories are named entries like manufacturers. */
export interface FilesTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** The file's name in the storage, unique; served at /media/files/<stored_name>. */
  stored_name: string;
  size_bytes: number;
  /** Counts the file's changes, its links' included (If-Match, docs/api.md §28). */
  version: Generated<number>;
}

/** Categories of the file library: named entries that count their changes (If-Match, docs/api.md §28). */
export interface CategoriesTable extends NamedEntryTable {
  version: Generated<number>;
}

export interface FileCategoriesTable {
  file_id: number;
  category_id: number;
}

export interface FileChemicalsTable {
  file_id: number;
  chemical_stock_id: number;
}

/** One audited action (audit/entries.ts); rows are only ever inserted. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** One of domain/auditActions.ts' AUDIT_ACTIONS. */
  action: string;
  /** The signed-in user who acted; null for a failed sign-in. Kept (no foreign key) after the account is deleted. */
  actor_id: number | null;
  /**
   * The actor's e-mail; for a failed sign-in the account's stored e-mail, or `unknown account · fingerprint …` for
   * an e-mail no account has (rows written before that held the text typed, and stay as they are).
   */
  actor_email: string;
  actor_email_lower: string;
  target_type: string;
  target_id: number | null;
  /** What the target was called when the action happened. */
  target_label: string;
  /** JSON `{field: [before, after]}`, or null. */
  changes: string | null;
  ip: string;
  /** The target label and the actor's e-mail, lower-cased: what the text filter searches. */
  search_text: string;
}

export interface Database {
  users: UsersTable;
  lab_memberships: LabMembershipsTable;
  login_failures: LoginFailuresTable;
  manufacturers: NamedEntryTable;
  suppliers: NamedEntryTable;
  instruments: NamedEntryTable;
  glasswares: NamedEntryTable;
  chemicals: ChemicalsTable;
  stores: StoresTable;
  chemical_stock: ChemicalStockTable;
  instrument_stock: InstrumentStockTable;
  glassware_stock: GlasswareStockTable;
  stock_ledger: StockLedgerTable;
  search_changes: SearchChangesTable;
  search_changes_pruned: SearchChangesPrunedTable;
  categories: CategoriesTable;
  files: FilesTable;
  file_categories: FileCategoriesTable;
  file_chemicals: FileChemicalsTable;
  store_consumers: StoreConsumersTable;
  issues: IssuesTable;
  issue_lines: IssueLinesTable;
  issue_cart: IssueCartTable;
  chemical_temp_shipment: ExpiringTempShipmentTable;
  instrument_temp_shipment: TempShipmentTable;
  glassware_temp_shipment: ExpiringTempShipmentTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  shipment_record_values: ShipmentRecordValuesTable;
  audit_log: AuditLogTable;
  imports: ImportsTable;
  lab_funds: LabFundsTable;
  requests: RequestsTable;
  request_lines: RequestLinesTable;
  charges: ChargesTable;
  change_events: ChangeEventsTable;
  change_events_pruned: ChangeEventsPrunedTable;
  file_blobs: FileBlobsTable;
  file_blob_chunks: FileBlobChunksTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
}

/** What the database remembers across restarts, one row per setting (`currency`: what its amounts are in). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** One entry of the change feed (docs/api.md §27), written in the transaction of its change; only ever inserted. */
export interface ChangeEventsTable {
  seq: Generated<number>;
  /** What changed, one of domain/changeTopics.ts' topics. */
  topic: string;
  action: string;
  /** JSON array of the changed rows' ids; `[]` when too many to list ("refetch the list"). */
  ids: string;
  /** The lab the event concerns, for a topic its lab's people may read. */
  lab_id: number | null;
  /** The person the event concerns, for a topic its owner may read (a staging list, an account). */
  user_id: number | null;
  actor_id: number | null;
  /** The browser tab that made the change (its X-Client-Id header), or null. */
  origin: string | null;
  created_at: Timestamp;
}

/** One row: every change event with a seq up to `through_seq` may have been pruned. */
export interface ChangeEventsPrunedTable {
  through_seq: number;
}

/** A stored file kept in the database (FILE_STORAGE=database): its name and size; the bytes are in chunks. */
export interface FileBlobsTable {
  name: string;
  size_bytes: number;
  created_at: Timestamp;
}

export interface FileBlobChunksTable {
  name: string;
  /** 0, 1, 2…: the chunk's place in the file; every chunk but the last has the storage's chunk size. */
  chunk: number;
  data: Buffer;
}

/** A rate limit's counter shared by every server process: hits of one key in the window ending at `resets_at`. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

/** A lab's fund (issue 24): requests are paid from one; `code` is unique within the lab. */
export interface LabFundsTable {
  id: Generated<number>;
  location_id: number;
  code: string;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export type RequestStatus =
  | 'submitted'
  | 'returned'
  | 'awaiting_store_approval'
  | 'approved'
  | 'partly_fulfilled'
  | 'fulfilled'
  | 'rejected'
  | 'cancelled';

/** What a lab asks the store for (issue 24). */
export interface RequestsTable {
  id: Generated<number>;
  location_id: number;
  fund_id: number;
  /** Null once the account is deleted; requester_email still says who. */
  requester_id: number | null;
  requester_email: string;
  status: RequestStatus;
  needed_by: CalendarDate | null;
  note: Generated<string>;
  /** Why it was last rejected or returned for changes. */
  reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: Timestamp;
  approved_at: Timestamp | null;
  approved_by: string | null;
  store_approved_at: Timestamp | null;
  store_approved_by: string | null;
}

/**
 * One stock record a request asks for; quantities in base units (see StockColumns.quantity). The line's own words
 * (LineOwnFields) are columns under their contract names.
 */
export interface RequestLinesTable extends LineOwnFields {
  id: Generated<number>;
  request_id: number;
  position: number;
  object_type: StockObjectType;
  object_id: number;
  quantity: number;
  /** Set when the lab's manager approves: at most `quantity`. */
  approved_quantity: number | null;
  /** Issued so far over the request's fulfilments; what is left of approved_quantity is a back-order. */
  issued_quantity: Generated<number>;
  /**
   * A store manager approved the line as a CMR line (it needed the store's approval then). Fulfilment issues a
   * record that needs the store's approval only for such a line (migration 0021).
   */
  store_approved: Generated<boolean>;
}

/**
 * What an issued line (ISSUE) or a return (RETURN, negative) cost the lab, in the currency's minor units. Append-only
 * like the ledger: never updated or deleted.
 */
export interface ChargesTable {
  id: Generated<number>;
  created_at: Timestamp;
  location_id: number;
  /** Null for a line issued through the cart, without a request. */
  fund_id: number | null;
  issue_id: number;
  issue_line_id: number;
  kind: 'ISSUE' | 'RETURN';
  object_type: StockObjectType;
  object_id: number;
  /** Base units, signed: negative for a return. */
  quantity: number;
  unit_price_e4: number | null;
  /** Minor units (cents for EUR), signed; 0 when the record had no price. */
  amount: number;
  currency: string;
  user_email: string;
}
