import type { UnknownAction } from '@reduxjs/toolkit';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId, type ReactNode } from 'react';
import { ExpandLessIcon, ExpandMoreIcon } from '../../components/icons';
import { useAppDispatch } from '../hooks';
import type { PageKey, ShellPage } from './shellPages';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
  /** The navigation landmark's name. */
  sidebarLabel: string;
  pages: readonly ShellPage[];
  currentIndex: PageKey | undefined;
  /** The page whose sub-entries are shown. */
  expanded: PageKey | null;
  onExpandedChange: (index: PageKey | null) => void;
  /** `action` is the event of the chosen sub-entry, if one was chosen. */
  onSelect: (index: PageKey, action?: UnknownAction) => void;
  /** Shown above the pages: who is signed in, and as what. */
  header?: ReactNode;
}

/**
 * The slide-over list of a shell's pages; a page with sub-entries expands in place to list them. A list may hold only
 * list items, so every button sits in its `ListItem`, and a page's sub-entries sit in the item of the page itself.
 */
export function Sidebar({
  open,
  onClose,
  sidebarLabel,
  pages,
  currentIndex,
  expanded,
  onExpandedChange,
  onSelect,
  header,
}: SidebarProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  // Between pointing at (or focusing) an entry and choosing it, the page's first data is on its way: it opens with it.
  const onIntent = (index: PageKey) =>
    pages
      .find((page) => page.index === index)
      ?.Page.preload()
      .then((module) => module.prefetch?.(dispatch))
      // A page whose code failed to load shows why when it is opened.
      .catch(() => undefined);
  return (
    // The drawer is a modal dialog, which needs a name of its own; the button that opens it says 'Open menu'.
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      {header}
      <Box component="nav" aria-label={sidebarLabel} sx={{ width: 280 }}>
        <List>
          {pages.map(({ index, label, entries, Badge }) => {
            const isCurrent = index === currentIndex;
            if (!entries) {
              return (
                <ListItem key={index} disablePadding>
                  <ListItemButton
                    selected={isCurrent}
                    aria-current={isCurrent ? 'page' : undefined}
                    onPointerEnter={() => onIntent(index)}
                    onFocus={() => onIntent(index)}
                    onClick={() => onSelect(index)}
                  >
                    <ListItemText primary={label} />
                    {Badge && <Badge />}
                  </ListItemButton>
                </ListItem>
              );
            }
            const isExpanded = expanded === index;
            const entriesId = `${id}-entries-${index}`;
            return (
              // A column, so that the sub-entries' list goes below the page's button.
              <ListItem key={index} disablePadding sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
                <ListItemButton
                  selected={isCurrent && !isExpanded}
                  aria-expanded={isExpanded}
                  aria-controls={entriesId}
                  onClick={() => onExpandedChange(isExpanded ? null : index)}
                >
                  <ListItemText primary={label} />
                  {Badge && <Badge />}
                  {isExpanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                </ListItemButton>
                {/* Kept mounted while collapsed, so aria-controls always names an element. */}
                <Collapse in={isExpanded}>
                  <List id={entriesId} aria-label={label} disablePadding>
                    {entries.map((entry) => {
                      // The entry without an event is the page itself.
                      const isCurrentEntry = isCurrent && !entry.action;
                      return (
                        <ListItem key={entry.label} disablePadding>
                          <ListItemButton
                            sx={{ pl: 4 }}
                            selected={isCurrentEntry}
                            aria-current={isCurrentEntry ? 'page' : undefined}
                            onPointerEnter={() => onIntent(index)}
                            onFocus={() => onIntent(index)}
                            onClick={() => onSelect(index, entry.action)}
                          >
                            <ListItemText primary={entry.label} />
                          </ListItemButton>
                        </ListItem>
                      );
                    })}
                  </List>
                </Collapse>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
