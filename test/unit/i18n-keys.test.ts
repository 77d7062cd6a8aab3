import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { dynamicT } from '../../frontend/src/lib/i18n-keys.ts';

/**
 * Translation keys are typed from the English locale files (frontend/src/i18next.d.ts): `npx tsc`
 * fails on a key no locale has. The `@ts-expect-error` lines below fail the type check the day a
 * missing key stops being an error.
 */
describe('typed translation keys', () => {
  it('knows the keys of every namespace and refuses one no locale has', async () => {
    const t = (await i18next.createInstance().init({ lng: 'en', resources: {} })) as typeof i18next.t;
    expect(t('nav:menu.users')).toBe('menu.users');
    expect(t('common:action.save')).toBe('action.save');
    // @ts-expect-error -- not a key of the nav namespace
    expect(t('nav:menu.nope')).toBe('menu.nope');
    // @ts-expect-error -- not a namespace
    expect(t('navigation:menu.users')).toBe('menu.users');
  });

  it('lets a key made at run time through one reviewed door, untouched', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en', resources: { en: { messages: { conflict: 'Changed meanwhile' } } } });
    const code: string = 'conflict';
    expect(dynamicT(instance.t)(code, { ns: 'messages' })).toBe('Changed meanwhile');
  });
});
