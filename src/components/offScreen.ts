/**
 * Read by assistive technology, not shown: words that name what an icon or a bare count stands for (a sidebar
 * badge's 'requests waiting for the store', an icon column's header).
 */
export const offScreen = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
