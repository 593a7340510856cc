import type { UnknownAction } from '@reduxjs/toolkit';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { Fragment, Suspense, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ExpandLessIcon, ExpandMoreIcon, MenuIcon } from '../../components/icons';
import { currentPage, type ShellPage } from './shellPages';

interface ShellLayoutProps {
  sidebarLabel: string;
  pages: readonly ShellPage[];
  selected: number | null;
  /** `action` is the event of the chosen sub-entry, if one was chosen. */
  onSelect: (index: number, action?: UnknownAction) => void;
  /** Extra top-bar controls on the right. */
  actions?: ReactNode;
  /** Shown when no page is registered. */
  children?: ReactNode;
}

/** Top bar and slide-over sidebar shared by the public and admin areas; pages switch by index, not by route. */
export function ShellLayout({
  sidebarLabel,
  pages,
  selected,
  onSelect,
  actions,
  children,
}: ShellLayoutProps) {
  const id = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** The page whose sub-entries are shown; the sidebar opens with the current page's shown. */
  const [expanded, setExpanded] = useState<number | null>(null);
  const page = currentPage(pages, selected);

  const openDrawer = () => {
    if (page?.entries) setExpanded(page.index);
    setDrawerOpen(true);
  };

  const select = (index: number, action?: UnknownAction) => {
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
          <Button component={RouterLink} to="/adminapp" color="inherit">
            Admin
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Toolbar>
      </AppBar>
      <Drawer anchor="left" open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box component="nav" aria-label={sidebarLabel} sx={{ width: 280 }}>
          <List>
            {pages.map(({ index, label, entries }) => {
              const isCurrent = index === page?.index;
              if (!entries) {
                return (
                  <ListItemButton
                    key={index}
                    selected={isCurrent}
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={() => select(index)}
                  >
                    <ListItemText primary={label} />
                  </ListItemButton>
                );
              }
              const isExpanded = expanded === index;
              const entriesId = `${id}-entries-${index}`;
              return (
                <Fragment key={index}>
                  <ListItemButton
                    selected={isCurrent && !isExpanded}
                    aria-expanded={isExpanded}
                    aria-controls={entriesId}
                    onClick={() => setExpanded(isExpanded ? null : index)}
                  >
                    <ListItemText primary={label} />
                    {isExpanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </ListItemButton>
                  {/* Kept mounted while collapsed, so aria-controls always names an element. */}
                  <Collapse in={isExpanded}>
                    <List id={entriesId} aria-label={label} disablePadding>
                      {entries.map((entry) => {
                        // The entry without an event is the page itself.
                        const isCurrentEntry = isCurrent && !entry.action;
                        return (
                          <ListItemButton
                            key={entry.label}
                            sx={{ pl: 4 }}
                            selected={isCurrentEntry}
                            aria-current={isCurrentEntry ? 'page' : undefined}
                            onClick={() => select(index, entry.action)}
                          >
                            <ListItemText primary={entry.label} />
                          </ListItemButton>
                        );
                      })}
                    </List>
                  </Collapse>
                </Fragment>
              );
            })}
          </List>
        </Box>
      </Drawer>
      <Box component="main" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
        {page ? (
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
