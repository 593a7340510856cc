import { useDeleteStockMutation, type StockKind, type StockRecord } from '../../api/stock';
import { withAlertColumns } from '../../components/stockAlerts';
import type { Column } from '../../components/columns';
import { chemicalStoreColumns, glasswareColumns, instrumentColumns } from '../../components/stockColumns';
import { StockPanel } from './StockPanel';
import { StockRecordFormDialog } from './StockRecordFormDialog';

// One tab per kind binds the kind's columns, form and delete call to the shared panel. The delete hook is cheap on
// the public page: a mutation hook sends nothing until it is called. Beside the quantity come the minimum and expiry
// columns (docs/api.md §11), on the public Store too, so a person at a lab terminal sees what has expired.

const storeColumns: { [K in StockKind]: readonly Column<StockRecord<K>>[] } = {
  chemical: withAlertColumns('chemical', chemicalStoreColumns),
  instrument: withAlertColumns('instrument', instrumentColumns),
  glassware: withAlertColumns('glassware', glasswareColumns),
};

export interface StockTabProps<K extends StockKind> {
  kind: K;
  /** Shows the New, Edit and Delete controls. */
  admin: boolean;
}

export function StockTab<K extends StockKind>({ kind, admin }: StockTabProps<K>) {
  const [remove, removal] = useDeleteStockMutation();
  return (
    <StockPanel
      kind={kind}
      columns={storeColumns[kind]}
      editing={
        admin
          ? {
              renderForm: (record, onClose) => (
                <StockRecordFormDialog kind={kind} record={record} onClose={onClose} />
              ),
              remove: async (record) => (await remove({ kind, id: record.id })).error === undefined,
              removing: removal.isLoading,
            }
          : undefined
      }
    />
  );
}
