import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import HelpPanel from '@cloudscape-design/components/help-panel';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '../../../../contracts/langs.ts';
import type { HelpOutput } from '../../../../contracts/schemas/lookups.ts';
import { ApiError, call } from '../../lib/api-client.ts';

type HelpState =
  | { status: 'idle' | 'loading' | 'missing' | 'failed' }
  | { status: 'ready'; help: HelpOutput };

/** Spec §9: the help dialog is at most 800 wide; on smaller screens the panel leaves room for the page. */
const HELP_MAX_WIDTH = 800;
/** Cloudscape's mobile breakpoint: below it the tools panel covers the screen at its own width. */
const PHONE_MAX = 688;
const helpWidthFor = (viewport: number) =>
  viewport <= PHONE_MAX ? undefined : Math.min(HELP_MAX_WIDTH, Math.round(viewport * 0.4));

/** The tools panel width for the help, following the window's width. */
export function useHelpPanelWidth(): number | undefined {
  const [width, setWidth] = useState(() => helpWidthFor(window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(helpWidthFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** Texts already fetched in this tab, per page and language: reopening the panel is instant. */
const loaded = new Map<string, HelpOutput>();

export interface PageHelpProps {
  /** The page table's `helpPage` of the screen on display; undefined while none is. */
  page: string | undefined;
  /** The screen's title, shown while the text loads or when there is none. */
  title: string;
  /** Whether the tools panel is open: the text is fetched only when someone reads it. */
  open: boolean;
}

/**
 * The help text of a screen (spec §2 "A help dialog that loads help text per page"): `GET
 * /api/help/{page}` in the UI language, fetched when someone opens it and again when the screen or
 * the language changes. It is structured text (paragraphs and lists), never HTML.
 */
export function useHelpText({ page, open }: Pick<PageHelpProps, 'page' | 'open'>) {
  const { i18n } = useTranslation('help');
  const lang: Lang = isLang(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as Lang) : 'hu';
  const [state, setState] = useState<HelpState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on "try again"
  useEffect(() => {
    if (!open || !page) return;
    const key = `${page}|${lang}`;
    const known = loaded.get(key);
    if (known) {
      setState({ status: 'ready', help: known });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    call('getHelp', { params: { page }, query: { lang } }).then(
      (help) => {
        loaded.set(key, help);
        if (current) setState({ status: 'ready', help });
      },
      (error: unknown) => {
        if (current)
          setState({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [open, page, lang, attempt]);

  return {
    help: state.status === 'ready' ? state.help : null,
    loading: state.status === 'loading' || (open && state.status === 'idle' && page !== undefined),
    state,
    lang,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** The text itself, its "not in your language" note, and what shows when there is none. */
export function HelpBody({ text }: { text: ReturnType<typeof useHelpText> }) {
  const { t } = useTranslation('help');
  const { help, state, retry } = text;
  return (
    <div data-testid="help-body" lang={help?.lang}>
      {help?.body.map((block, index) =>
        block.type === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <p key={index}>{block.text}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <ul key={index}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
      {state.status === 'missing' && <p data-testid="help-missing">{t('missing')}</p>}
      {state.status === 'failed' && (
        <SpaceBetween size="s">
          <p data-testid="help-failed">{t('failed')}</p>
          <Button onClick={retry}>{t('retry')}</Button>
        </SpaceBetween>
      )}
    </div>
  );
}

/** "Not yet in your language": the footer when the text came in English. */
export function fallbackNote(text: ReturnType<typeof useHelpText>, note: string) {
  return text.help && text.help.lang !== text.lang ? (
    <Box variant="small" data-testid="help-fallback">
      {note}
    </Box>
  ) : undefined;
}

/** The help in the AppLayout tools panel (the spec §9 help dialog, 800 wide). */
export function PageHelp(props: PageHelpProps) {
  return (
    <Suspense fallback={<HelpPanel header={<h2>{props.title}</h2>} loading />}>
      <PageHelpContent {...props} />
    </Suspense>
  );
}

function PageHelpContent({ page, title, open }: PageHelpProps) {
  const { t } = useTranslation('help');
  const text = useHelpText({ page, open });
  return (
    <HelpPanel
      header={<h2 data-testid="help-title">{text.help?.title ?? title}</h2>}
      loading={text.loading}
      loadingText={t('loading')}
      footer={fallbackNote(text, t('fallback'))}
    >
      <HelpBody text={text} />
    </HelpPanel>
  );
}
