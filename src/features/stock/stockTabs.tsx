import {
  useDeleteChemicalStockMutation,
  useDeleteGlasswareStockMutation,
  useDeleteInstrumentStockMutation,
} from '../../api/stock';
import {
  chemicalName,
  chemicalStoreColumns,
  glasswareColumns,
  glasswareName,
  instrumentColumns,
  instrumentName,
} from '../../components/stockColumns';
import { withAlertColumns } from '../../components/stockAlerts';
import { ChemicalFormDialog } from './ChemicalFormDialog';
import { GlasswareFormDialog } from './GlasswareFormDialog';
import { InstrumentFormDialog } from './InstrumentFormDialog';
import { StockPanel } from './StockPanel';

// One tab per kind: each binds its own columns and endpoints to the shared panel. The delete hook is cheap on the
// public page: a mutation hook sends nothing until it is called. Beside the quantity come the minimum and expiry
// columns (docs/api.md §11), on the public Store too, so a person at a lab terminal sees what has expired.

const chemicalColumns = withAlertColumns('chemical', chemicalStoreColumns);
const instrumentStoreColumns = withAlertColumns('instrument', instrumentColumns);
const glasswareStoreColumns = withAlertColumns('glassware', glasswareColumns);

export interface StockTabProps {
  /** Shows the New, Edit and Delete controls. */
  admin: boolean;
}

export function ChemicalTab({ admin }: StockTabProps) {
  const [remove, removal] = useDeleteChemicalStockMutation();
  return (
    <StockPanel
      kind="chemical"
      columns={chemicalColumns}
      nameOf={chemicalName}
      filterHint="Name, CAS RN, formula, manufacturer…"
      editing={
        admin
          ? {
              renderForm: (record, onClose) => <ChemicalFormDialog record={record} onClose={onClose} />,
              remove: async (record) => (await remove(record.id)).error === undefined,
              removing: removal.isLoading,
            }
          : undefined
      }
    />
  );
}

export function InstrumentTab({ admin }: StockTabProps) {
  const [remove, removal] = useDeleteInstrumentStockMutation();
  return (
    <StockPanel
      kind="instrument"
      columns={instrumentStoreColumns}
      nameOf={instrumentName}
      filterHint="Name, manufacturer, supplier"
      editing={
        admin
          ? {
              renderForm: (record, onClose) => <InstrumentFormDialog record={record} onClose={onClose} />,
              remove: async (record) => (await remove(record.id)).error === undefined,
              removing: removal.isLoading,
            }
          : undefined
      }
    />
  );
}

export function GlasswareTab({ admin }: StockTabProps) {
  const [remove, removal] = useDeleteGlasswareStockMutation();
  return (
    <StockPanel
      kind="glassware"
      columns={glasswareStoreColumns}
      nameOf={glasswareName}
      filterHint="Name, size, type, manufacturer…"
      editing={
        admin
          ? {
              renderForm: (record, onClose) => <GlasswareFormDialog record={record} onClose={onClose} />,
              remove: async (record) => (await remove(record.id)).error === undefined,
              removing: removal.isLoading,
            }
          : undefined
      }
    />
  );
}
