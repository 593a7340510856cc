import { useDashboardQuery, expiryWindows } from '../../api/dashboard';
import { useAppSelector } from '../../app/hooks';
import { selectDashboardWindow } from '../../app/uiSlice';

/**
 * The dashboard answer for the window chosen on the page: the page and the sidebar's badges ask with the same
 * argument, so they share one cached request (the badges' counts do not depend on the window).
 */
export function useDashboard() {
  const within = useAppSelector(selectDashboardWindow) ?? expiryWindows[0];
  return { within, ...useDashboardQuery(within) };
}
