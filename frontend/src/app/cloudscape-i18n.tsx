import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../contracts/langs.ts';
import { currentLang } from '../lib/i18n.ts';
import { loadCloudscapeMessages } from '../locales/cloudscape/index.ts';

export type CloudscapeMessages = I18nProviderProps.Messages;

/** Cloudscape's built-in strings follow the UI language (ours for hu/sk/cs/pl, its own for the rest). */
export function CloudscapeI18n({
  initial,
  children,
}: {
  initial: { lang: Lang; messages: CloudscapeMessages };
  children: ReactNode;
}) {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const [state, setState] = useState(initial);
  const lang = i18n.resolvedLanguage ? currentLang() : initial.lang;

  useEffect(() => {
    if (lang === state.lang) return;
    let live = true;
    loadCloudscapeMessages(lang).then(
      (messages) => {
        if (live) setState({ lang, messages });
      },
      (error: unknown) => console.error('Cloudscape strings failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [lang, state.lang]);

  return (
    <I18nProvider locale={state.lang} messages={[state.messages]}>
      {children}
    </I18nProvider>
  );
}
