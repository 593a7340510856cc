// Months as the statements name them, 'YYYY-MM', counted in the lab's calendar.

/** The month `delta` months after `month`: ('2026-01', -1) → '2025-12'. */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'November 2026' */
export function monthText(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}
