import type { UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';

/** One sidebar entry: `index` is the page's place in SPEC §2's list, kept even while earlier pages are missing. */
export interface ShellPage {
  index: number;
  label: string;
  Page: ComponentType;
  /** Sub-entries listed under the page's entry: each opens the page and dispatches its event (e.g. open a dialog). */
  entries?: readonly { label: string; action: UnknownAction }[];
}

/** The selected page, or the first registered one when nothing (or a page that no longer exists) is selected. */
export function currentPage(pages: readonly ShellPage[], selected: number | null): ShellPage | undefined {
  return pages.find((page) => page.index === selected) ?? pages[0];
}
