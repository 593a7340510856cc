import type { UnknownAction } from '@reduxjs/toolkit';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { MenuIcon } from '../../components/icons';
import { currentPage, type PageKey, type ShellPage } from './shellPages';

// A first visit shows the top bar and the page; the sidebar's code loads when it is opened.
const Sidebar = lazy(() =>
  import(/* webpackChunkName: "sidebar" */ './Sidebar').then((m) => ({ default: m.Sidebar })),
);

interface ShellLayoutProps {
  sidebarLabel: string;
  pages: readonly ShellPage[];
  selected: PageKey | null;
  /** `action` is the event of the chosen sub-entry, if one was chosen. */
  onSelect: (index: PageKey, action?: UnknownAction) => void;
  /** Extra top-bar controls on the right. */
  actions?: ReactNode;
  /** Shown when no page is registered. */
  children?: ReactNode;
  /** Shown instead of the chosen page (a record page of the public area). */
  content?: ReactNode;
  /** The top bar's link to the admin area; a lab terminal has none. */
  adminLink?: boolean;
  /** Shown at the top of the sidebar. */
  sidebarHeader?: ReactNode;
}

/** Top bar and slide-over sidebar shared by the public and admin areas; pages switch by index, not by route. */
export function ShellLayout({
  sidebarLabel,
  pages,
  selected,
  onSelect,
  actions,
  children,
  content,
  adminLink = true,
  sidebarHeader,
}: ShellLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** The page whose sub-entries are shown; the sidebar opens with the current page's shown. */
  const [expanded, setExpanded] = useState<PageKey | null>(null);
  // The sidebar loads when it is first opened, then stays mounted so that it can slide closed.
  const [sidebarLoaded, setSidebarLoaded] = useState(false);
  const page = currentPage(pages, selected);

  const openDrawer = () => {
    // The page about to be chosen then shows at once (see lazyPage); a failed load shows when it is opened.
    for (const { Page } of pages) Page.preload().catch(() => undefined);
    if (page?.entries) setExpanded(page.index);
    setSidebarLoaded(true);
    setDrawerOpen(true);
  };

  const select = (index: PageKey, action?: UnknownAction) => {
    onSelect(index, action);
    setDrawerOpen(false);
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          {pages.length > 0 && (
            <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={openDrawer}>
              <MenuIcon />
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to="/"
            color="inherit"
            underline="hover"
            variant="h6"
            sx={{ fontWeight: 700 }}
          >
            LabStore
          </Link>
          {adminLink && (
            <Button component={RouterLink} to="/adminapp" color="inherit">
              Admin
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Toolbar>
      </AppBar>
      {sidebarLoaded && (
        <Suspense fallback={null}>
          <Sidebar
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            sidebarLabel={sidebarLabel}
            pages={pages}
            currentIndex={page?.index}
            expanded={expanded}
            onExpandedChange={setExpanded}
            onSelect={select}
            header={sidebarHeader}
          />
        </Suspense>
      )}
      <Box component="main" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
        {content ? (
          <Suspense fallback={<CenteredSpinner />}>{content}</Suspense>
        ) : page ? (
          <Suspense fallback={<CenteredSpinner />}>
            <page.Page />
          </Suspense>
        ) : (
          children
        )}
      </Box>
    </Box>
  );
}
