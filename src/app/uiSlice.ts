import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  /** SPEC §2 index of the admin sidebar page; null shows the first registered page. */
  adminPage: number | null;
  /** The same for the public sidebar. */
  publicPage: number | null;
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
  },
  selectors: {
    selectAdminPage: (state) => state.adminPage,
    selectPublicPage: (state) => state.publicPage,
  },
});

export const { adminPageSelected, publicPageSelected } = uiSlice.actions;
export const { selectAdminPage, selectPublicPage } = uiSlice.selectors;
