import { apiSlice } from './apiSlice';
import { downloadFile } from './download';
import type { FundRef } from './requests';
import type { ObjectType } from './stock';
import type { StockUnit } from './stockKinds';
import { listTag } from './tags';

// docs/api.md §24: what each lab was charged in a month, per fund, on screen and as CSV or .xlsx. Every issue and
// return adds a charge line, so those invalidate the `Statement` list tag.

export { amountNumber, chargeAmount, minorDigits, moneyAmountText } from '../../server/src/domain/money';
export { toUnitPriceE4 } from '../../server/src/domain/unitPrice';

export interface StatementLine {
  id: number;
  created_at: string;
  kind: 'ISSUE' | 'RETURN';
  issue_id: number;
  request_id: number | null;
  object_type: ObjectType;
  object_id: number;
  name: string;
  /** In `unit`; negative for a return. */
  quantity: number;
  unit: StockUnit;
  /** Per ml or piece, as issued; null: the record had no price. */
  unit_price: number | null;
  /** Minor units of the statement's currency, signed. */
  amount: number;
}

export interface StatementFund {
  /** Null: the lab's cart issues, made without a request. */
  fund: FundRef | null;
  lines: StatementLine[];
  total: number;
}

export interface StatementLab {
  location: number;
  name: string;
  funds: StatementFund[];
  total: number;
}

export interface Statement {
  /** YYYY-MM, in the labs' time zone. */
  month: string;
  currency: string;
  /** Decimals of the currency: an amount divided by 10^minor_digits is in major units. */
  minor_digits: number;
  labs: StatementLab[];
  total: number;
}

export type StatementFormat = 'csv' | 'xlsx';

export interface StatementExport {
  month: string;
  format: StatementFormat;
  /** One lab's statement (its manager's); none: every lab's (the store's). */
  locationId?: number;
}

/** docs/api.md §23.5: what every price and amount is in. */
export interface Currency {
  /** ISO 4217. */
  code: string;
  minor_digits: number;
}

export const statementsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // CURRENCY never changes while the server runs: one request per visit is enough.
    currency: build.query<Currency, void>({ query: () => '/api/currency/', keepUnusedDataFor: 3600 }),
    statement: build.query<Statement, { month: string; locationId?: number }>({
      query: ({ month, locationId }) => ({
        url: locationId === undefined ? '/api/management/statements/' : `/api/labs/${locationId}/statements/`,
        params: { month },
      }),
      providesTags: () => [listTag('Statement')],
    }),
    // A mutation, not a query: the file goes to the browser's downloads and only its name to the store.
    exportStatement: build.mutation<string, StatementExport>({
      queryFn: ({ month, format, locationId }, api, extraOptions) =>
        downloadFile(
          {
            url:
              locationId === undefined
                ? '/api/management/statements/export/'
                : `/api/labs/${locationId}/statements/export/`,
            params: { month, format },
            fallbackName: `labstore-statement-${month}.${format}`,
          },
          api,
          extraOptions,
        ),
    }),
  }),
});

export const { useCurrencyQuery, useStatementQuery, useExportStatementMutation } = statementsApi;
