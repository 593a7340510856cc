import type { UnknownAction } from '@reduxjs/toolkit';
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { AppDispatch } from '../store';

/** Asks for what a page shows first, before it is opened (api.util.prefetch), so that it opens with its data. */
export type PagePrefetch = (dispatch: AppDispatch) => void;

/** What a page's code module gives: the page, and what to ask for when someone is about to open it. */
export interface PageModule {
  default: ComponentType;
  prefetch?: PagePrefetch;
}

/** A page component whose code loads when first shown, or earlier through `preload`, which gives its module. */
export type PageComponent = ComponentType & { preload: () => Promise<PageModule> };

/**
 * Like `lazy(load)`, but the code can be asked for before the page is shown: the shells preload their pages when
 * the sidebar opens. A lazy component rendered before its code is there suspends, and React then holds the page
 * back for up to 300 ms after the fallback appeared (its fallback throttle), however soon the code arrives; a page
 * whose code is already loaded renders at once, without suspending.
 */
export function lazyPage(load: () => Promise<PageModule>): PageComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the page.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Page, { preload });
}

/** The page a module exports under its name (most pages' modules): `lazyPage` of that export, without a prefetch. */
export function namedPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): PageComponent {
  return lazyPage(() => load().then((module) => ({ default: module[name] })));
}

/**
 * Which page a shell shows: its place in SPEC §2's list, kept even while earlier pages are missing, or a name for
 * a page SPEC does not list (the admin dashboard), so SPEC's pages keep their numbers.
 */
export type PageKey = number | string;

/** One sidebar entry. */
export interface ShellPage {
  index: PageKey;
  label: string;
  Page: PageComponent;
  /**
   * Shown after the label in the sidebar: a count that needs attention, which it also says in words for assistive
   * technology. Rendered only while the sidebar is.
   */
  Badge?: ComponentType;
  /**
   * With sub-entries, the page's entry expands in place to list them instead of opening the page (SPEC §2: Add
   * Shipment expands). Each opens the page and dispatches its event, if any (e.g. open a dialog).
   */
  entries?: readonly { label: string; action?: UnknownAction }[];
  /**
   * A tool for changing the store and nothing else (a person's own staging list or issue cart): not listed for those
   * who may only read it (auditors, issue 23).
   */
  changesOnly?: boolean;
}

/** The selected page, or the first registered one when nothing (or a page that no longer exists) is selected. */
export function currentPage(pages: readonly ShellPage[], selected: PageKey | null): ShellPage | undefined {
  return pages.find((page) => page.index === selected) ?? pages[0];
}
