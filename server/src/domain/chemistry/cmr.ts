// Carcinogenic, mutagenic and toxic-for-reproduction substances of category 1 (1A or 1B): what a lab may take only
// with the store's approval too (issue 24). The one table of them; requests (services/requests.ts) ask
// needsStoreApproval. The GHS codes of the three hazard classes' category 1, with the letters the CLP regulation adds
// to H350 and H360 (i: by inhalation; F/f fertility, D/d the unborn child: upper case known, lower case suspected),
// each a code of domain/chemistry/ghs.ts, which keeps their case.

export const CMR_STATEMENTS: Readonly<Record<string, string>> = {
  H340: 'Germ cell mutagen, category 1',
  H350: 'Carcinogen, category 1',
  H350i: 'Carcinogen by inhalation, category 1',
  H360: 'Reproductive toxicant, category 1',
  H360F: 'Reproductive toxicant (fertility), category 1',
  H360D: 'Reproductive toxicant (the unborn child), category 1',
  H360FD: 'Reproductive toxicant (fertility and the unborn child), category 1',
  H360Fd: 'Reproductive toxicant (fertility; suspected for the unborn child), category 1',
  H360Df: 'Reproductive toxicant (the unborn child; suspected for fertility), category 1',
};

/** The CMR statements among a record's hazard codes, in the record's order. */
export function cmrStatements(record: { hazard_statements?: readonly string[] }): string[] {
  return (record.hazard_statements ?? []).filter((code) => Object.hasOwn(CMR_STATEMENTS, code));
}

/** Whether a request line for this record needs a store manager's approval besides the lab manager's. */
export function needsStoreApproval(record: { hazard_statements?: readonly string[] }): boolean {
  return cmrStatements(record).length > 0;
}
