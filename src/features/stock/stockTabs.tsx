import {
  useDeleteChemicalStockMutation,
  useDeleteGlasswareStockMutation,
  useDeleteInstrumentStockMutation,
  useListChemicalStockQuery,
  useListGlasswareStockQuery,
  useListInstrumentStockQuery,
} from '../../api/stock';
import {
  chemicalName,
  chemicalStoreColumns,
  glasswareColumns,
  glasswareName,
  instrumentColumns,
  instrumentName,
} from '../../components/stockColumns';
import { ChemicalFormDialog } from './ChemicalFormDialog';
import { GlasswareFormDialog } from './GlasswareFormDialog';
import { InstrumentFormDialog } from './InstrumentFormDialog';
import { StockPanel } from './StockPanel';

// One tab per kind: each binds its own endpoints to the shared panel. The delete hook is cheap on the public
// page: a mutation hook sends nothing until it is called.

export interface StockTabProps {
  /** Shows the New, Edit and Delete controls. */
  admin: boolean;
}

export function ChemicalTab({ admin }: StockTabProps) {
  const list = useListChemicalStockQuery();
  const [remove, removal] = useDeleteChemicalStockMutation();
  return (
    <StockPanel
      kind="Chemical"
      list={list}
      columns={chemicalStoreColumns}
      nameOf={chemicalName}
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
  const list = useListInstrumentStockQuery();
  const [remove, removal] = useDeleteInstrumentStockMutation();
  return (
    <StockPanel
      kind="Instrument"
      list={list}
      columns={instrumentColumns}
      nameOf={instrumentName}
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
  const list = useListGlasswareStockQuery();
  const [remove, removal] = useDeleteGlasswareStockMutation();
  return (
    <StockPanel
      kind="Glassware"
      list={list}
      columns={glasswareColumns}
      nameOf={glasswareName}
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
