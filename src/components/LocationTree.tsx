import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import {
  treeGroups,
  type ConsumerType,
  type ConsumersTree,
  type LocationEntry,
  type TreeGroup,
} from '../api/locations';
import { ExpandLessIcon, ExpandMoreIcon } from './icons';

/** SPEC §3: how the four location types read, in this order. */
export const consumerTypeLabels: Record<ConsumerType, string> = {
  PHYSICAL: 'Physical Lab',
  ORGANIC: 'Organic Lab',
  INORGANIC: 'Inorganic Lab',
  PERSONAL: 'Personal',
};

const consumerTypes = Object.keys(consumerTypeLabels) as ConsumerType[];

interface LocationTreeProps {
  tree: ConsumersTree;
  selectedId: number | null;
  onSelect: (location: LocationEntry) => void;
}

/** The locations in four collapsible groups by type (SPEC §2); the chosen one is highlighted. */
export function LocationTree({ tree, selectedId, onSelect }: LocationTreeProps) {
  const id = useId();
  const [collapsed, setCollapsed] = useState<ReadonlySet<TreeGroup>>(new Set());

  const toggle = (group: TreeGroup) => {
    const next = new Set(collapsed);
    if (!next.delete(group)) next.add(group);
    setCollapsed(next);
  };

  return (
    <Box role="group" aria-label="Locations">
      {consumerTypes.map((type) => {
        const group = treeGroups[type];
        const label = consumerTypeLabels[type];
        const open = !collapsed.has(group);
        const listId = `${id}-${group}`;
        return (
          <Box key={group}>
            <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => toggle(group)}>
              <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 700 } } }} />
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
            {/* Kept mounted while collapsed, so aria-controls always names an element. */}
            <Collapse in={open}>
              <List id={listId} aria-label={label} disablePadding>
                {tree[group].length === 0 ? (
                  <ListItem sx={{ pl: 4 }}>
                    <ListItemText secondary="No locations yet." />
                  </ListItem>
                ) : (
                  tree[group].map((location) => {
                    const selected = location.id === selectedId;
                    return (
                      <ListItem key={location.id} disablePadding>
                        <ListItemButton
                          sx={{ pl: 4 }}
                          selected={selected}
                          aria-current={selected ? 'true' : undefined}
                          onClick={() => onSelect(location)}
                        >
                          <ListItemText primary={location.name} />
                        </ListItemButton>
                      </ListItem>
                    );
                  })
                )}
              </List>
            </Collapse>
          </Box>
        );
      })}
    </Box>
  );
}
