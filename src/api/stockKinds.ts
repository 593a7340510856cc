// What a chemical, an instrument and a glassware item are (fields, labels, units, views, URL segments) comes from the
// server's domain table itself, so the forms, tabs, columns and labels of the app and the server's schemas, exports
// and imports follow one table. The record types are the server's read shapes (types only: TypeBox stays out of the
// bundle).
export * from '../../server/src/domain/stockKinds';
export * from '../../server/src/domain/stockKindHelpers';
export type {
  ChemicalRecord,
  GlasswareRecord,
  HazardLabel,
  InstrumentRecord,
  NamedEntry,
  DescribedRecord,
  StockRecord,
  StockRecordOf,
  StockRecords,
} from '../../server/src/domain/stockRecords';
