import { useDeleteStockMutation, type StockKind } from '../../api/stock';
import { storeColumns } from '../../components/stockColumns';
import { StockPanel } from './StockPanel';
import { StockRecordFormDialog } from './StockRecordFormDialog';

// A tab binds its kind's columns, form and delete call to the shared panel. The delete hook is cheap on the public
// page: a mutation hook sends nothing until it is called. The columns hold the minimum and expiry cells
// (docs/api.md §11) on the public Store too, so a person at a lab terminal sees what has expired.

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
      columns={storeColumns(kind)}
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
