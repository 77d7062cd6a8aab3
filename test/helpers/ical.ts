/**
 * A strict RFC 5545 reader for tests (no iCalendar parser is installed): it refuses what a
 * calendar app may refuse — a line not ended by CRLF, a physical line over 75 octets, a property
 * without a colon, unbalanced BEGIN/END, an unescaped character in TEXT — and returns the
 * components with their properties, TEXT values unescaped.
 */

export interface IcalProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcalComponent {
  type: string;
  properties: IcalProperty[];
  components: IcalComponent[];
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'X-WR-CALNAME', 'X-WR-CALDESC']);

export function unescapeText(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      const next = raw[++i];
      if (next === 'n' || next === 'N') out += '\n';
      else if (next === '\\' || next === ';' || next === ',') out += next;
      else throw new Error(`bad escape \\${next}`);
    } else if (c === ';' || c === ',') {
      throw new Error(`unescaped ${c} in TEXT: ${raw}`);
    } else out += c;
  }
  return out;
}

export function parseIcal(text: string): IcalComponent {
  if (!text.endsWith('\r\n')) throw new Error('the last line is not ended by CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  const encoder = new TextEncoder();
  const logical: string[] = [];
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error('a bare LF or CR');
    if (encoder.encode(line).length > 75) throw new Error(`line longer than 75 octets: ${line}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('a continuation without a line');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const root: IcalComponent = { type: '', properties: [], components: [] };
  const stack: IcalComponent[] = [root];
  for (const line of logical) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a property: ${line}`);
    const [name, ...paramParts] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const upper = name!.toUpperCase();
    if (!/^[A-Z0-9-]+$/.test(upper)) throw new Error(`bad property name: ${name}`);
    const params = Object.fromEntries(
      paramParts.map((p) => {
        const eq = p.indexOf('=');
        if (eq <= 0) throw new Error(`bad parameter: ${p}`);
        return [p.slice(0, eq).toUpperCase(), p.slice(eq + 1)];
      }),
    );
    const current = stack[stack.length - 1]!;
    if (upper === 'BEGIN') {
      const child: IcalComponent = { type: value, properties: [], components: [] };
      current.components.push(child);
      stack.push(child);
    } else if (upper === 'END') {
      if (current.type !== value) throw new Error(`END:${value} closes ${current.type}`);
      stack.pop();
    } else {
      current.properties.push({
        name: upper,
        params,
        value: TEXT_PROPERTIES.has(upper) ? unescapeText(value) : value,
      });
    }
  }
  if (stack.length !== 1 || root.components.length !== 1) throw new Error('unbalanced components');
  const calendar = root.components[0]!;
  if (calendar.type !== 'VCALENDAR') throw new Error('not a VCALENDAR');
  const one = (c: IcalComponent, name: string) => {
    const found = c.properties.filter((p) => p.name === name);
    if (found.length !== 1) throw new Error(`${c.type} needs exactly one ${name}`);
  };
  one(calendar, 'VERSION');
  one(calendar, 'PRODID');
  for (const event of calendar.components.filter((c) => c.type === 'VEVENT')) {
    for (const name of ['UID', 'DTSTAMP', 'DTSTART']) one(event, name);
    const stamp = event.properties.find((p) => p.name === 'DTSTAMP')!.value;
    if (!/^\d{8}T\d{6}Z$/.test(stamp)) throw new Error(`DTSTAMP not UTC: ${stamp}`);
    for (const p of event.properties.filter((p) => p.name === 'DTSTART' || p.name === 'DTEND')) {
      const ok =
        p.params.VALUE === 'DATE'
          ? /^\d{8}$/.test(p.value)
          : /^\d{8}T\d{6}Z$/.test(p.value) || Boolean(p.params.TZID);
      if (!ok) throw new Error(`bad ${p.name}: ${p.value}`);
    }
  }
  return calendar;
}

/** The events of a calendar as plain records: property name → value (first of each). */
export const eventsOf = (calendar: IcalComponent) =>
  calendar.components
    .filter((c) => c.type === 'VEVENT')
    .map((c) => Object.fromEntries(c.properties.map((p) => [p.name, p.value])) as Record<string, string>);
