import type { UnknownAction } from '@reduxjs/toolkit';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Fragment, useState } from 'react';
import { ExpandLessIcon, ExpandMoreIcon } from '../../components/icons';
import type { ShellPage } from './shellPages';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
  /** The navigation landmark's name. */
  sidebarLabel: string;
  pages: readonly ShellPage[];
  currentIndex: number | undefined;
  /** `action` is the event of the chosen sub-entry, if one was chosen. */
  onSelect: (index: number, action?: UnknownAction) => void;
}

/** The slide-over list of a shell's pages, with the sub-entries some pages have. */
export function Sidebar({ open, onClose, sidebarLabel, pages, currentIndex, onSelect }: SidebarProps) {
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box component="nav" aria-label={sidebarLabel} sx={{ width: 280 }}>
        <List>
          {pages.map(({ index, label, entries }) => {
            const isCurrent = index === currentIndex;
            const isExpanded = expanded === index;
            return (
              <Fragment key={index}>
                <ListItemButton
                  selected={isCurrent}
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={() => onSelect(index)}
                >
                  <ListItemText primary={label} />
                </ListItemButton>
                {entries && (
                  <>
                    <ListItemButton
                      aria-expanded={isExpanded}
                      onClick={() => setExpanded(isExpanded ? null : index)}
                      sx={{ pl: 4 }}
                    >
                      <ListItemText
                        primary={`${isExpanded ? 'Hide' : 'Show'} ${label} entries`}
                        slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }}
                      />
                      {isExpanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    </ListItemButton>
                    <Collapse in={isExpanded} unmountOnExit>
                      <List disablePadding>
                        {entries.map((entry) => (
                          <ListItemButton
                            key={entry.label}
                            sx={{ pl: 6 }}
                            onClick={() => onSelect(index, entry.action)}
                          >
                            <ListItemText primary={entry.label} />
                          </ListItemButton>
                        ))}
                      </List>
                    </Collapse>
                  </>
                )}
              </Fragment>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
