import type {
  ChargeListEntry,
  ChargeQuery,
  FundStatement,
  LabStatement,
  Statement,
  StatementLine,
} from '../contract/charges';
import type { FundRef } from '../contract/funds';
import type { Db } from '../db';
import type { ChargeRow } from '../db/repositories/charges';
import { findLocation } from '../db/repositories/locations';
import { dateIn } from '../domain/calendarDate';
import { amountNumber, fundHeading, minorDigits } from '../domain/money';
import { fromBaseQuantity, KIND_OF_TYPE, STOCK_UNITS } from '../domain/stockKindHelpers';
import { monthRange, timeRange } from '../domain/timeRange';
import { fromUnitPriceE4 } from '../domain/unitPrice';
import { notFound } from '../http/errors';
import type { CsvColumn } from '../http/csv';
import * as charges from '../db/repositories/charges';

// What the labs were charged (docs/api.md §23–§24): the charge list and the monthly statements, read from the
// append-only charges. A statement's totals are sums of its lines' integer amounts, so they add up to the minor unit.

export interface ChargeReportsContext {
  db: Db;
  /** ISO 4217 code of the charges (config CURRENCY). */
  currency: string;
  /** Whose calendar months the statements follow (LAB_TIME_ZONE). */
  timeZone: string;
}

function toStatementLine(row: ChargeRow): StatementLine {
  const kind = KIND_OF_TYPE[row.object_type];
  return {
    id: row.id,
    created_at: row.created_at,
    kind: row.kind,
    issue_id: row.issue_id,
    request_id: row.request_id,
    object_type: row.object_type,
    object_id: row.object_id,
    name: row.name,
    quantity: fromBaseQuantity(kind, row.quantity),
    unit: STOCK_UNITS[kind],
    unit_price: fromUnitPriceE4(row.unit_price_e4),
    amount: row.amount,
  };
}

const fundOf = (row: ChargeRow): FundRef | null =>
  row.fund_id === null ? null : { id: row.fund_id, code: row.fund_code!, name: row.fund_name! };

// ---- The charge list ----

export async function listCharges(
  { db }: ChargeReportsContext,
  query: ChargeQuery,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: ChargeListEntry[] }> {
  const filter = { locationId: query.lab, fundId: query.fund, ...timeRange(query.from, query.to) };
  const [count, rows] = await Promise.all([
    charges.countCharges(db, filter),
    charges.findChargePage(db, filter, page),
  ]);
  return {
    count,
    results: rows.map((row) => ({
      ...toStatementLine(row),
      location: { id: row.location_id, name: row.location_name },
      fund: fundOf(row),
      currency: row.currency,
      user_email: row.user_email,
    })),
  };
}

// ---- Statements ----

const sum = (amounts: readonly number[]): number => amounts.reduce((total, amount) => total + amount, 0);

/** Rows in statement order (lab, fund, time) grouped into labs and funds, each with the sum of its lines. */
function grouped(rows: readonly ChargeRow[]): LabStatement[] {
  const labs: LabStatement[] = [];
  let lab: LabStatement | undefined;
  let fund: FundStatement | undefined;
  for (const row of rows) {
    if (lab?.location !== row.location_id) {
      lab = { location: row.location_id, name: row.location_name, funds: [], total: 0 };
      labs.push(lab);
      fund = undefined;
    }
    if (fund === undefined || (fund.fund?.id ?? null) !== row.fund_id) {
      fund = { fund: fundOf(row), lines: [], total: 0 };
      lab.funds.push(fund);
    }
    fund.lines.push(toStatementLine(row));
  }
  for (const each of labs) {
    for (const part of each.funds) part.total = sum(part.lines.map((line) => line.amount));
    each.total = sum(each.funds.map((part) => part.total));
  }
  return labs;
}

/**
 * The month's statement (`YYYY-MM`, validated; in the lab's time zone): every lab charged that month, or only
 * `locationId` (404 for an unknown location; listed with no funds when it was charged nothing). Labs by name, then the cart issues' charges, then each fund by code.
 */
export async function statement(
  { db, currency, timeZone }: ChargeReportsContext,
  month: string,
  locationId?: number,
): Promise<Statement> {
  const location = locationId === undefined ? undefined : await findLocation(db, locationId);
  if (locationId !== undefined && !location) throw notFound();
  const rows = await charges.findStatementCharges(db, { locationId, ...monthRange(month, timeZone) });
  const labs = grouped(rows);
  // A lab's own statement names the lab also in a month it was charged nothing.
  if (location && labs.length === 0)
    labs.push({ location: location.id, name: location.name, funds: [], total: 0 });
  return {
    month,
    currency,
    minor_digits: minorDigits(currency),
    labs,
    total: sum(labs.map((lab) => lab.total)),
  };
}

// ---- The statement export: one row per charge, then each fund's, each lab's and the month's total ----

export interface StatementRow {
  lab: string;
  fund: string;
  line?: StatementLine;
  /** A total row's label and amount. */
  total?: { label: string; amount: number };
}

/** The statement as the export's rows: a fund's lines then its total, a lab's funds then its total, the month's. */
export function statementRows(statement: Statement): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const lab of statement.labs) {
    for (const { fund, lines, total } of lab.funds) {
      const fundName = fundHeading(fund);
      for (const line of lines) rows.push({ lab: lab.name, fund: fundName, line });
      rows.push({ lab: lab.name, fund: fundName, total: { label: 'Fund total', amount: total } });
    }
    rows.push({ lab: lab.name, fund: '', total: { label: 'Lab total', amount: lab.total } });
  }
  rows.push({ lab: '', fund: '', total: { label: 'Total', amount: statement.total } });
  return rows;
}

const KIND_LABELS = { ISSUE: 'Issue', RETURN: 'Return' } as const;

/** The export's columns: amounts as the currency writes them (major units, as text, exact). */
export function statementColumns(statement: Statement, timeZone: string): CsvColumn<StatementRow>[] {
  // A number, not text: as text a credit (`-7.00`) would be escaped against formulas and left out of a SUM.
  const amount = (value: number) => amountNumber(value, statement.minor_digits);
  return [
    { header: 'Lab', cell: (row) => row.lab },
    { header: 'Fund', cell: (row) => row.fund },
    { header: 'Date', cell: (row) => (row.line ? dateIn(timeZone, new Date(row.line.created_at)) : null) },
    { header: 'Kind', cell: (row) => (row.line ? KIND_LABELS[row.line.kind] : row.total!.label) },
    { header: 'Issue ID', cell: (row) => row.line?.issue_id ?? null },
    { header: 'Request ID', cell: (row) => row.line?.request_id ?? null },
    { header: 'Item', cell: (row) => row.line?.name ?? null },
    { header: 'Quantity', cell: (row) => row.line?.quantity ?? null },
    { header: 'Unit', cell: (row) => row.line?.unit ?? null },
    { header: 'Unit price', cell: (row) => row.line?.unit_price ?? null },
    {
      header: `Amount (${statement.currency})`,
      cell: (row) => amount(row.line ? row.line.amount : row.total!.amount),
    },
  ];
}
