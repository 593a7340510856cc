import type { Migration, MigrationProvider } from 'kysely';
import users from './0001_users';
import stock from './0002_stock';
import files from './0003_files';
import shipments from './0004_shipments';
import issues from './0005_issues';
import tokenVersion from './0006_token_version';
import searchChangesPruning from './0007_search_changes_pruning';
import stockListOrder from './0008_stock_list_order';
import ledgerHistory from './0009_ledger_history';
import auditLog from './0010_audit_log';
import stockAlerts from './0011_stock_alerts';
import imports from './0012_imports';
import hazards from './0013_hazards';
import storagePlace from './0014_storage_place';
import roles from './0015_roles';
import requestsAndCharges from './0016_requests_and_charges';
import liveUpdates from './0017_live_updates';
import shipmentRecordValues from './0018_shipment_record_values';
import settings from './0019_settings';
import substanceHazards from './0020_substance_hazards';
import requestLineStoreApproval from './0021_request_line_store_approval';
import requestLineNote from './0022_request_line_note';

import type { Dialect } from '../dialect';

// The frozen migrations (never edited once released) name the engine through this module.
export type { Dialect };

// Listed statically (not read from the file system) so bundlers, tsx and Jest all see the same set, in order.
const migrationFactories: Record<string, (dialect: Dialect) => Migration> = {
  '0001_users': users,
  '0002_stock': stock,
  '0003_files': files,
  '0004_shipments': shipments,
  '0005_issues': issues,
  '0006_token_version': tokenVersion,
  '0007_search_changes_pruning': searchChangesPruning,
  '0008_stock_list_order': stockListOrder,
  '0009_ledger_history': ledgerHistory,
  '0010_audit_log': auditLog,
  '0011_stock_alerts': stockAlerts,
  '0012_imports': imports,
  '0013_hazards': hazards,
  '0014_storage_place': storagePlace,
  '0015_roles': roles,
  '0016_requests_and_charges': requestsAndCharges,
  '0017_live_updates': liveUpdates,
  '0018_shipment_record_values': shipmentRecordValues,
  '0019_settings': settings,
  '0020_substance_hazards': substanceHazards,
  '0021_request_line_store_approval': requestLineStoreApproval,
  '0022_request_line_note': requestLineNote,
};

export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrationFactories).map(([name, factory]) => [name, factory(this.dialect)]),
    );
  }
}
