/**
 * A sidebar group that opens on hover (SPEC 2.2), and also on click, keyboard focus and when one
 * of its links is the current page, so touch and keyboard users reach it too.
 */
import * as React from 'react';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation } from 'react-router';
import { useSidebarState } from 'react-admin';

export interface MenuGroupProps {
  label: string;
  icon: React.ReactElement;
  /** Path prefixes of the group's links, to keep it open on its pages. */
  paths: string[];
  children: React.ReactNode;
}

export function MenuGroup({ label, icon, paths, children }: MenuGroupProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [hover, setHover] = React.useState(false);
  const [focus, setFocus] = React.useState(false);
  const [pinned, setPinned] = React.useState(false);
  const active = paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  const open = hover || focus || pinned || active;
  const id = React.useId();

  return (
    <Box
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event: React.FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      }}
      data-testid={`menu-group-${label}`}
    >
      <ListItemButton
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setPinned((value) => !value)}
        sx={{ color: active ? 'primary.main' : 'text.secondary', py: 0.75 }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
        {sidebarOpen ? <ListItemText primary={translate(label)} slotProps={{ primary: { noWrap: true } }} /> : null}
        {sidebarOpen ? open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id={id}>
        <List disablePadding sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </Box>
  );
}
