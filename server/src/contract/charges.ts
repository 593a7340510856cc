import { Type, type Static } from '@fastify/type-provider-typebox';
import { MAX_PAGE_LIMIT, PageSchema, PagingQuery } from './paging';
import { choice, dateOrDateTime, idFilter, integer, month } from '../validation/fields';
import { FundRefSchema } from './funds';
import { objectTypeSchema, unitSchema } from './stockKinds';

// The charge list and the monthly statements (docs/api.md §23.4, §24): what the routes answer, and through Static the
// types of services/chargeReports.ts and the SPA.

/** The page size of the charge list without `limit`, as the ledger list's. */
export const DEFAULT_CHARGE_LIMIT = 50;

const nullableInteger = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

export const CHARGE_KINDS = ['ISSUE', 'RETURN'] as const;

const statementLineFields = {
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  kind: Type.Enum(CHARGE_KINDS, { description: 'ISSUE, or RETURN (negative quantity and amount)' }),
  issue_id: Type.Integer({ description: 'The issue charged, or the issue the return came back from' }),
  request_id: nullableInteger("The issue's request; null for a cart issue"),
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  name: Type.String({ description: "The record's catalog name" }),
  quantity: Type.Number({ description: 'In `unit`; negative for a return' }),
  unit: unitSchema(),
  unit_price: Type.Union([Type.Number(), Type.Null()], {
    description: 'Per ml or per piece in major units, as issued; null: the record had no price (amount 0)',
  }),
  amount: Type.Integer({
    description: 'Minor units of the currency (cents), signed, rounded half-up per line',
  }),
};

/** A charge as a statement lists it: quantity in ml or pieces (negative for a return), price in major units. */
export const StatementLineSchema = Type.Object(statementLineFields);
export type StatementLine = Static<typeof StatementLineSchema>;

/** A charge in the charge list: a statement line with its lab, fund, currency and author. */
export const ChargeSchema = Type.Object({
  ...statementLineFields,
  location: Type.Object({ id: Type.Integer(), name: Type.String() }),
  fund: Type.Union([FundRefSchema, Type.Null()], {
    description: 'Null for a cart issue, made without a request',
  }),
  currency: Type.String({ description: 'ISO 4217 code' }),
  user_email: Type.String({ description: 'Who issued or took back' }),
});
export type ChargeListEntry = Static<typeof ChargeSchema>;

export const ChargePageSchema = PageSchema(ChargeSchema, 'One page of the matching charges');

export const ChargeListQuery = Type.Object({
  lab: Type.Optional(idFilter('One lab (location id)')),
  fund: Type.Optional(idFilter("One fund's charges")),
  from: Type.Optional(dateOrDateTime('Charges at or after: a date (UTC day) or a date and time')),
  to: Type.Optional(dateOrDateTime('Charges at or before: a date (its whole UTC day) or a date and time')),
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Page size, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_CHARGE_LIMIT})`,
    }),
  ),
  offset: PagingQuery.offset,
});
/** The list's filters as validated, without its page. */
export type ChargeQuery = Omit<Static<typeof ChargeListQuery>, 'limit' | 'offset'>;

const MonthFields = { month: month('The month, YYYY-MM, in the lab’s time zone (LAB_TIME_ZONE)') };
export const MonthQuery = Type.Object(MonthFields);

export const STATEMENT_FORMATS = ['csv', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const StatementExportQuery = Type.Object({
  ...MonthFields,
  format: Type.Optional(choice(STATEMENT_FORMATS, 'csv (default) or xlsx')),
});
export type StatementExportChoice = Static<typeof StatementExportQuery>;

export const FundStatementSchema = Type.Object({
  fund: Type.Union([FundRefSchema, Type.Null()], { description: "Null: the lab's cart issues" }),
  lines: Type.Array(StatementLineSchema),
  total: Type.Integer({ description: 'The sum of the lines’ amounts' }),
});
export type FundStatement = Static<typeof FundStatementSchema>;

export const LabStatementSchema = Type.Object({
  location: Type.Integer({ description: 'The lab (location id)' }),
  name: Type.String(),
  funds: Type.Array(FundStatementSchema),
  total: Type.Integer({ description: 'The sum of the funds’ totals' }),
});
export type LabStatement = Static<typeof LabStatementSchema>;

export const StatementSchema = Type.Object({
  month: Type.String(),
  currency: Type.String({ description: 'ISO 4217 code (CURRENCY)' }),
  minor_digits: Type.Integer({ description: 'Minor units per major unit, as a power of ten: EUR 2, JPY 0' }),
  labs: Type.Array(LabStatementSchema),
  total: Type.Integer({ description: 'The sum of the labs’ totals' }),
});
export type Statement = Static<typeof StatementSchema>;

export const CurrencySchema = Type.Object({
  code: Type.String({ description: 'ISO 4217 code' }),
  minor_digits: Type.Integer({ description: 'Minor units per major unit, as a power of ten: EUR 2' }),
});
export type Currency = Static<typeof CurrencySchema>;
