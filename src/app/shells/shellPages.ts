import type { UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';

/** One sidebar entry: `index` is the page's place in SPEC §2's list, kept even while earlier pages are missing. */
export interface ShellPage {
  index: number;
  label: string;
  Page: ComponentType;
  /**
   * With sub-entries, the page's entry expands in place to list them instead of opening the page (SPEC §2: Add
   * Shipment expands). Each opens the page and dispatches its event, if any (e.g. open a dialog).
   */
  entries?: readonly { label: string; action?: UnknownAction }[];
}

/** The selected page, or the first registered one when nothing (or a page that no longer exists) is selected. */
export function currentPage(pages: readonly ShellPage[], selected: number | null): ShellPage | undefined {
  return pages.find((page) => page.index === selected) ?? pages[0];
}
