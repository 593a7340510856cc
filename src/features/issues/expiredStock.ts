/** An expired item about to be issued: its name and the date it expired on. */
export interface ExpiredItem {
  name: string;
  expired: string;
}

/** The one question asked before expired stock goes into the cart (the confirmation names it again). */
export function expiredQuestion(items: readonly ExpiredItem[]): string {
  if (items.length === 1) return `${items[0].name} expired on ${items[0].expired}. Issue it anyway?`;
  return `${items.length} items have expired. Issue them anyway?`;
}
