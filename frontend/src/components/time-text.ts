/**
 * The spec §5 time field's rules, without React (unit-tested): only digits and a colon are
 * accepted, a finished entry is padded to HH:mm, arrow keys move by a minute and page keys by an
 * hour (wrapping round midnight), a missing time shows as a question mark, and a stored time
 * (`09:30:00`) shows its first five characters.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** What the field lets through while typing: digits and one colon, at most five characters. */
export const typedTimeText = (raw: string) => {
  const kept = raw.replace(/[^0-9:]/g, '');
  const colon = kept.indexOf(':');
  const single = colon === -1 ? kept : kept.slice(0, colon + 1) + kept.slice(colon + 1).replace(/:/g, '');
  return single.slice(0, 5);
};

/**
 * A finished entry as HH:mm: `9` → 09:00, `930` → 09:30, `0930` → 09:30, `9:5` → 09:05.
 * Empty → null; hours over 23 or minutes over 59 → undefined (not a time of day).
 */
export const paddedTime = (text: string): string | null | undefined => {
  const typed = typedTimeText(text);
  if (typed === '' || typed === ':') return null;
  let hours: string;
  let minutes: string;
  if (typed.includes(':')) {
    [hours = '', minutes = ''] = typed.split(':');
  } else if (typed.length <= 2) {
    hours = typed;
    minutes = '0';
  } else {
    hours = typed.slice(0, typed.length - 2);
    minutes = typed.slice(-2);
  }
  const h = Number(hours || '0');
  const m = Number(minutes || '0');
  if (h > 23 || m > 59) return undefined;
  return `${pad(h)}:${pad(m)}`;
};

/** A time moved by `minutes` round the clock; a missing time starts from 00:00. */
export const steppedTime = (value: string | null, minutes: number) => {
  const current = value ? paddedTime(value) : null;
  const [h = 0, m = 0] = (current ?? '00:00').split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
};

/** How a time is shown: its first five characters, a question mark when there is none. */
export const shownTime = (value: string | null | undefined) => (value ? value.slice(0, 5) : '?');

/** The minutes a key moves the time by, or null for any other key. */
export const stepOfKey = (key: string): number | null => {
  switch (key) {
    case 'ArrowUp':
      return 1;
    case 'ArrowDown':
      return -1;
    case 'PageUp':
      return 60;
    case 'PageDown':
      return -60;
    default:
      return null;
  }
};
