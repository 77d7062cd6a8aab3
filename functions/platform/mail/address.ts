/**
 * One plain e-mail address: no display name, no list, no line break — nothing that could add a
 * header or a recipient to a mail. Checked for every recipient and for the configured sender.
 */
export const isPlainAddress = (value: string) => /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value);
