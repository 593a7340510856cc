import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExpiryWindow } from '../api/dashboard';
import { loggedIn } from '../api/session';
import type { StockKind } from '../api/stock';
import type { RecordRef } from '../components/recordUrls';
import type { PageKey } from './shells/shellPages';

export interface UiState {
  /** The admin sidebar page (SPEC §2 index, or 'dashboard'); null shows the first registered page. */
  adminPage: PageKey | null;
  /** The same for the public sidebar. */
  publicPage: PageKey | null;
  /** The message of the open error dialog (SPEC §8); absent when none is open. */
  errorDialog?: string;
  /** The kind whose brand-new item dialog the sidebar asked the Add Shipment page to open. */
  newItemDialog?: StockKind;
  /** The record whose page the admin area shows in a drawer (its pages have no routes of their own). */
  openRecord?: RecordRef;
  /** The stock record another page asked the admin Store to open, with its history. */
  storeRecord?: StoreRecordRequest;
  /** The dashboard's expiring window in days, shared by the page and the sidebar's badges (one request). */
  dashboardWindow?: ExpiryWindow;
}

export interface StoreRecordRequest {
  kind: StockKind;
  id: number;
  /** The record's catalog name, which the history's title shows. */
  name: string;
}

const initialState: UiState = { adminPage: null, publicPage: null };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** null: the first registered page (the dashboard), as after signing in. */
    adminPageSelected: (state, action: PayloadAction<PageKey | null>) => {
      state.adminPage = action.payload;
    },
    publicPageSelected: (state, action: PayloadAction<PageKey>) => {
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
    storeRecordRequested: (state, action: PayloadAction<StoreRecordRequest>) => {
      state.storeRecord = action.payload;
    },
    storeRecordClosed: (state) => {
      delete state.storeRecord;
    },
    dashboardWindowChosen: (state, action: PayloadAction<ExpiryWindow>) => {
      state.dashboardWindow = action.payload;
    },
  },
  // Signing in shows the first admin page (the dashboard), whichever page the last session ended on.
  extraReducers: (builder) =>
    builder.addCase(loggedIn, (state) => {
      state.adminPage = null;
    }),
  selectors: {
    selectAdminPage: (state) => state.adminPage,
    selectPublicPage: (state) => state.publicPage,
    selectErrorDialog: (state) => state.errorDialog,
    selectNewItemDialog: (state) => state.newItemDialog,
    selectOpenRecord: (state) => state.openRecord,
    selectStoreRecord: (state) => state.storeRecord,
    selectDashboardWindow: (state) => state.dashboardWindow,
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
  storeRecordRequested,
  storeRecordClosed,
  dashboardWindowChosen,
} = uiSlice.actions;
export const {
  selectAdminPage,
  selectPublicPage,
  selectErrorDialog,
  selectNewItemDialog,
  selectOpenRecord,
  selectStoreRecord,
  selectDashboardWindow,
} = uiSlice.selectors;
