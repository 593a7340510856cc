import { apiSlice } from './apiSlice';
import { downloadFile } from './download';
import type { Currency, Statement, StatementFormat } from '../../server/src/contract/charges';
import { listTag } from './tags';

// docs/api.md §24: what each lab was charged in a month, per fund, on screen and as CSV or .xlsx. Every issue and
// return adds a charge line, so those invalidate the `Statement` list tag.

export {
  amountNumber,
  chargeAmount,
  fundHeading,
  minorDigits,
  moneyAmountText,
} from '../../server/src/domain/money';
export { toUnitPriceE4 } from '../../server/src/domain/unitPrice';
export type {
  Currency,
  FundStatement as StatementFund,
  LabStatement as StatementLab,
  Statement,
  StatementFormat,
  StatementLine,
} from '../../server/src/contract/charges';

export interface StatementExport {
  month: string;
  format: StatementFormat;
  /** One lab's statement (its manager's); none: every lab's (the store's). */
  locationId?: number;
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
