import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ReactNode } from 'react';
import { QrCode } from './QrCode';

/** What one label says: a record's name, the fields that tell it apart, and the public URL its QR code holds. */
export interface LabelContent {
  key: string;
  title: string;
  lines: string[];
  url: string;
  /** The record's hazard pictograms, drawn beside its fields when given. */
  hazards?: ReactNode;
}

/** The label layouts on offer: A4 sheets of 3 × 8 labels of 70 × 37 mm (the common office label), or one label. */
export const labelLayouts = {
  a4x24: { label: 'A4 sheet, 3 × 8 labels (70 × 37 mm)', perSheet: 24 },
  single: { label: 'Single label (70 × 37 mm)', perSheet: 1 },
} as const;

export type LabelLayout = keyof typeof labelLayouts;

/** The element printing shows; the page around it is hidden while printing. */
export const PRINT_AREA_CLASS = 'labelstore-print-area';

const LABEL = { width: '70mm', height: '37mm' };
const A4 = { width: '210mm', height: '297mm' };

function pageCss(layout: LabelLayout): string {
  const size = layout === 'single' ? `${LABEL.width} ${LABEL.height}` : 'A4 portrait';
  return `@page { size: ${size}; margin: 0; }`;
}

/**
 * Print styles: only the print area shows, from the top left of the page, each sheet (or single label) on a page
 * of its own. Everything the dialog around it adds (backdrop, scroll containers, shadows) stands aside.
 */
function printStyles(layout: LabelLayout) {
  return (
    <GlobalStyles
      styles={`${pageCss(layout)}
@media print {
  body > *:not(.MuiDialog-root) { display: none !important; }
  .MuiDialog-root, .MuiDialog-container, .MuiDialog-paper {
    position: static !important; display: block !important; overflow: visible !important;
    height: auto !important; max-height: none !important; width: auto !important; max-width: none !important;
    margin: 0 !important; box-shadow: none !important; transform: none !important;
  }
  .MuiBackdrop-root, .labelstore-no-print { display: none !important; }
  .${PRINT_AREA_CLASS} { display: block !important; padding: 0 !important; background: none !important; }
  .${PRINT_AREA_CLASS} .labelstore-sheet { outline: none !important; box-shadow: none !important; break-after: page; }
  .${PRINT_AREA_CLASS} .labelstore-sheet > article { outline: none !important; }
}`}
    />
  );
}

function Label({ label }: { label: LabelContent }) {
  return (
    <Box
      component="article"
      aria-label={`Label: ${label.title}`}
      sx={{
        ...LABEL,
        boxSizing: 'border-box',
        p: '2mm',
        display: 'flex',
        gap: '2mm',
        overflow: 'hidden',
        bgcolor: '#fff',
        color: '#000',
        fontFamily: 'Arial, Helvetica, sans-serif',
      }}
    >
      <QrCode text={label.url} label={`QR code for ${label.url}`} size="31mm" />
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.5mm' }}>
        <Box sx={{ fontSize: '10pt', fontWeight: 700, lineHeight: 1.1, overflowWrap: 'anywhere' }}>
          {label.title}
        </Box>
        {label.lines.map((line) => (
          <Box key={line} sx={{ fontSize: '7pt', lineHeight: 1.15, overflowWrap: 'anywhere' }}>
            {line}
          </Box>
        ))}
        {label.hazards && <Box sx={{ mt: 'auto' }}>{label.hazards}</Box>}
      </Box>
    </Box>
  );
}

function sheetsOf(labels: readonly LabelContent[], perSheet: number): LabelContent[][] {
  const sheets: LabelContent[][] = [];
  for (let start = 0; start < labels.length; start += perSheet)
    sheets.push(labels.slice(start, start + perSheet));
  return sheets;
}

/** Labels laid out as they print: A4 sheets of 24, or one label a page; on screen each sheet is outlined. */
export function LabelSheet({ labels, layout }: { labels: readonly LabelContent[]; layout: LabelLayout }) {
  const sheets = sheetsOf(labels, labelLayouts[layout].perSheet);
  return (
    <Box
      className={PRINT_AREA_CLASS}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 3,
        p: 3,
        bgcolor: 'grey.200',
      }}
    >
      {printStyles(layout)}
      {sheets.map((sheet, index) => (
        <Box
          key={index}
          className="labelstore-sheet"
          aria-label={`Sheet ${index + 1} of ${sheets.length}`}
          role="group"
          sx={
            layout === 'single'
              ? { ...LABEL, bgcolor: '#fff', outline: '1px dashed #888' }
              : {
                  ...A4,
                  boxSizing: 'border-box',
                  // 8 rows of 37 mm leave 1 mm of the 297: half above, half below.
                  pt: '0.5mm',
                  display: 'grid',
                  gridTemplateColumns: `repeat(3, ${LABEL.width})`,
                  gridAutoRows: LABEL.height,
                  bgcolor: '#fff',
                  boxShadow: 2,
                  '& > article': { outline: '1px dashed #ccc', outlineOffset: '-1px' },
                }
          }
        >
          {sheet.map((label) => (
            <Label key={label.key} label={label} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
