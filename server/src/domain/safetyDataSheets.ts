/**
 * Which files are safety data sheets: those filed under a category of one of these names, in any case and with
 * surrounding spaces ignored. Regulations (e.g. OSHA 29 CFR 1910.1200(g)(8), REACH Art. 35) require them to be
 * readily accessible where the chemical is used, so the chemical page lists them first and opens the newest.
 */
const SAFETY_DATA_SHEET_CATEGORIES = new Set(['sds', 'msds', 'safety data sheet']);

export function isSafetyDataSheetCategory(name: string): boolean {
  return SAFETY_DATA_SHEET_CATEGORIES.has(name.trim().replace(/\s+/g, ' ').toLowerCase());
}
