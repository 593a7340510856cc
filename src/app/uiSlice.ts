import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StockKind } from '../api/stock';
import type { RecordRef } from '../components/recordUrls';

export interface UiState {
  /** SPEC §2 index of the admin sidebar page; null shows the first registered page. */
  adminPage: number | null;
  /** The same for the public sidebar. */
  publicPage: number | null;
  /** The message of the open error dialog (SPEC §8); absent when none is open. */
  errorDialog?: string;
  /** The kind whose brand-new item dialog the sidebar asked the Add Shipment page to open. */
  newItemDialog?: StockKind;
  /** The record whose page the admin area shows in a drawer (its pages have no routes of their own). */
  openRecord?: RecordRef;
}

const initialState: UiState = { adminPage: null, publicPage: null };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    adminPageSelected: (state, action: PayloadAction<number>) => {
      state.adminPage = action.payload;
    },
    publicPageSelected: (state, action: PayloadAction<number>) => {
      state.publicPage = action.payload;
    },
    errorDialogOpened: (state, action: PayloadAction<string>) => {
      state.errorDialog = action.payload;
    },
    errorDialogClosed: (state) => {
      delete state.errorDialog;
    },
    newItemDialogRequested: (state, action: PayloadAction<StockKind>) => {
      state.newItemDialog = action.payload;
    },
    newItemDialogClosed: (state) => {
      delete state.newItemDialog;
    },
    recordOpened: (state, action: PayloadAction<RecordRef>) => {
      state.openRecord = action.payload;
    },
    recordClosed: (state) => {
      delete state.openRecord;
    },
  },
  selectors: {
    selectAdminPage: (state) => state.adminPage,
    selectPublicPage: (state) => state.publicPage,
    selectErrorDialog: (state) => state.errorDialog,
    selectNewItemDialog: (state) => state.newItemDialog,
    selectOpenRecord: (state) => state.openRecord,
  },
});

export const {
  adminPageSelected,
  publicPageSelected,
  errorDialogOpened,
  errorDialogClosed,
  newItemDialogRequested,
  newItemDialogClosed,
  recordOpened,
  recordClosed,
} = uiSlice.actions;
export const { selectAdminPage, selectPublicPage, selectErrorDialog, selectNewItemDialog, selectOpenRecord } =
  uiSlice.selectors;
