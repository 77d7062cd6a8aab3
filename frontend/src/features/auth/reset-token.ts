/**
 * The reset link's token: base64url of `email + "\n" + code` (the local outbox and the e-mail both
 * build it so). Null when it is not one.
 */
export const decodeResetToken = (token: string): { email: string; code: string } | null => {
  try {
    const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const [email, code, ...rest] = text.split('\n');
    if (!email?.includes('@') || !code || rest.length > 0) return null;
    return { email, code: code.trim() };
  } catch {
    return null;
  }
};

/** The inverse, for tests and the local outbox's link format. */
export const encodeResetToken = (email: string, code: string): string => {
  const bytes = new TextEncoder().encode(`${email}\n${code}`);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};
