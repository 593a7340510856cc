import type { ReactNode } from 'react';
import { PICTOGRAM_NAMES, type GhsPictogramCode } from '../api/ghs';

// The nine GHS pictograms as inline SVG (no external images): a white square standing on its point with a red
// border, and a black symbol drawn simplified but recognisable. Each is one image with its accessible name.

const INK = '#000';

const flame = (scale = 1, dy = 0): ReactNode => (
  <path
    transform={`translate(${50 - 50 * scale} ${dy + 50 - 50 * scale}) scale(${scale})`}
    d="M50 22c7 10 16 17 15 31-1 11-8 18-15 18s-15-6-14-17c1-8 6-12 7-20 3 5 4 9 5 12 3-6 4-14 2-24z"
    fill={INK}
  />
);

const SYMBOLS: Record<GhsPictogramCode, ReactNode> = {
  // Exploding bomb: a bomb and the fragments flying from it.
  GHS01: (
    <g fill={INK}>
      <circle cx="43" cy="60" r="11" />
      <path d="M58 26l3 9 8-5-3 9 9 1-8 5 6 7-9-2-1 9-5-8-5 7 1-9-8 2 6-7-7-5 9-1-3-9 8 5z" />
      <rect x="34" y="32" width="5" height="5" transform="rotate(20 36 34)" />
      <rect x="69" y="56" width="5" height="5" transform="rotate(-15 71 58)" />
    </g>
  ),
  // Flame, standing on a line.
  GHS02: (
    <g>
      {flame(1, -2)}
      <rect x="34" y="72" width="32" height="3" fill={INK} />
    </g>
  ),
  // Flame over circle.
  GHS03: (
    <g>
      {flame(0.75, -10)}
      <circle cx="50" cy="64" r="9" fill="none" stroke={INK} strokeWidth="5" />
      <rect x="34" y="76" width="32" height="3" fill={INK} />
    </g>
  ),
  // Gas cylinder, lying on its side.
  GHS04: (
    <g fill={INK} transform="rotate(-25 50 56)">
      <rect x="27" y="49" width="40" height="15" rx="7" />
      <rect x="66" y="53" width="7" height="7" />
      <rect x="72" y="51" width="3" height="11" />
    </g>
  ),
  // Corrosion: liquid from two tubes eating into a metal bar and a hand.
  GHS05: (
    <g fill={INK}>
      <rect x="30" y="24" width="7" height="18" rx="2" transform="rotate(-35 33 33)" />
      <rect x="60" y="24" width="7" height="18" rx="2" transform="rotate(35 63 33)" />
      <circle cx="39" cy="48" r="2.5" />
      <circle cx="39" cy="55" r="2" />
      <circle cx="61" cy="48" r="2.5" />
      <circle cx="61" cy="55" r="2" />
      <path d="M24 62h22v8H24z M36 62l3 4 3-4z" />
      <path d="M54 62h12c4 0 6 2 6 4v4H54z M60 62l2 4 2-4z" />
    </g>
  ),
  // Skull and crossbones.
  GHS06: (
    <g>
      <g stroke={INK} strokeWidth="5" strokeLinecap="round">
        <line x1="34" y1="60" x2="66" y2="74" />
        <line x1="66" y1="60" x2="34" y2="74" />
      </g>
      <circle cx="50" cy="42" r="13" fill={INK} />
      <rect x="43" y="50" width="14" height="10" rx="2" fill={INK} />
      <circle cx="45" cy="42" r="3.5" fill="#fff" />
      <circle cx="55" cy="42" r="3.5" fill="#fff" />
    </g>
  ),
  // Exclamation mark.
  GHS07: (
    <g fill={INK}>
      <path d="M45 26h10l-2 32h-6z" />
      <circle cx="50" cy="67" r="5" />
    </g>
  ),
  // Health hazard: a person with a burst on the chest.
  GHS08: (
    <g>
      <circle cx="50" cy="31" r="8" fill={INK} />
      <path d="M29 76c0-19 9-33 21-33s21 14 21 33z" fill={INK} />
      <path d="M50 48l3 8 8-2-5 7 6 5-8 1 1 8-5-6-5 6 1-8-8-1 6-5-5-7 8 2z" fill="#fff" />
    </g>
  ),
  // Environment: a dead tree and a dead fish.
  GHS09: (
    <g fill={INK} stroke={INK} strokeLinecap="round">
      <path d="M37 72V36M37 48l-8-8M37 44l7-9M37 56l8-6" strokeWidth="3" fill="none" />
      <ellipse cx="58" cy="64" rx="10" ry="5" stroke="none" />
      <path d="M67 64l8-5v10z" stroke="none" />
      <circle cx="52" cy="63" r="1.5" fill="#fff" stroke="none" />
      <rect x="28" y="72" width="48" height="3" stroke="none" />
    </g>
  ),
};

export interface GhsPictogramProps {
  /** `GHS01` … `GHS09`. */
  code: GhsPictogramCode;
  /** Width and height in pixels (default 48). */
  size?: number;
}

/** One GHS pictogram, its accessible name the hazard it stands for ('Flammable', 'Corrosive', …). */
export function GhsPictogram({ code, size = 48 }: GhsPictogramProps) {
  const name = PICTOGRAM_NAMES[code];
  return (
    <svg
      role="img"
      aria-label={name}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      style={{ flexShrink: 0 }}
    >
      <title>{name}</title>
      <polygon
        points="50,4 96,50 50,96 4,50"
        fill="#fff"
        stroke="#e00"
        strokeWidth="7"
        strokeLinejoin="miter"
      />
      {SYMBOLS[code]}
    </svg>
  );
}
