import { describe, expect, it } from 'vitest';
import { decodeResetToken, encodeResetToken } from '../../frontend/src/features/auth/reset-token.ts';

describe('password reset link token', () => {
  it('is base64url of e-mail, newline, code', () => {
    const token = Buffer.from('pilot@demo.windsock.aero\n123456').toString('base64url');
    expect(decodeResetToken(token)).toEqual({ email: 'pilot@demo.windsock.aero', code: '123456' });
    expect(encodeResetToken('pilot@demo.windsock.aero', '123456')).toBe(token);
  });

  it('keeps non-ASCII addresses intact', () => {
    const token = encodeResetToken('kovács.józsef@példa.hu', '000111');
    expect(decodeResetToken(token)).toEqual({ email: 'kovács.józsef@példa.hu', code: '000111' });
  });

  it('refuses anything else', () => {
    expect(decodeResetToken('')).toBeNull();
    expect(decodeResetToken('%%%')).toBeNull();
    expect(decodeResetToken(Buffer.from('no-newline').toString('base64url'))).toBeNull();
    expect(decodeResetToken(Buffer.from('a@b.c\n1\nextra').toString('base64url'))).toBeNull();
    expect(decodeResetToken(Buffer.from('not-an-email\n123').toString('base64url'))).toBeNull();
  });
});
