import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code as inline SVG, drawn from the module matrix the `qrcode` library computes: synchronous (no image to
 * wait for before printing) and sharp at any print size. Medium error correction survives a scratched label.
 */
export function QrCode({ text, label, size }: { text: string; label: string; size: string }) {
  const { count, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++)
        if (modules.get(row, column)) d += `M${column} ${row}h1v1h-1z`;
    return { count: modules.size, path: d };
  }, [text]);
  // A quiet zone of 2 modules around the code, which scanners need to find its edges.
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-2 -2 ${count + 4} ${count + 4}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect x={-2} y={-2} width={count + 4} height={count + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
