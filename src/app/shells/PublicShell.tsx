import { useAppDispatch, useAppSelector } from '../hooks';
import { publicPageSelected, selectPublicPage } from '../uiSlice';
import { publicPages } from './publicPages';
import { ShellLayout } from './ShellLayout';

export function PublicShell() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectPublicPage);
  return (
    <ShellLayout
      sidebarLabel="Pages"
      pages={publicPages}
      selected={selected}
      onSelect={(index) => dispatch(publicPageSelected(index))}
    />
  );
}
