import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../app/links.tsx';
import { formatDate } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';

/** When the texts last changed (shown with them; a change of their meaning moves this date). */
export const LEGAL_VERSION = '2026-11-25';

export const LEGAL_SECTIONS = {
  privacy: ['controller', 'data', 'own_data', 'tracking', 'activity', 'storage', 'where', 'rights'],
  terms: ['service', 'accounts', 'clubs', 'responsibility', 'use', 'availability', 'liability', 'law'],
} as const;

/**
 * The privacy statement and the terms and conditions (spec §2 named screens): public, in the
 * reader's language, about what this product really stores and does.
 */
export function LegalText({ document }: { document: keyof typeof LEGAL_SECTIONS }) {
  const { t } = useTranslation('legal');
  const other = document === 'privacy' ? 'terms' : 'privacy';
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('updated', { date: formatDate(LEGAL_VERSION) })}>
        <span data-testid={`legal-${document}`}>{t(`${document}.title`)}</span>
      </Header>
      <Box variant="p">{t(`${document}.intro`)}</Box>
      {LEGAL_SECTIONS[document].map((id) => (
        <Container
          key={id}
          header={<Header variant="h2">{dynamicT(t)(`${document}.sections.${id}.title`)}</Header>}
        >
          <Box variant="p">{dynamicT(t)(`${document}.sections.${id}.body`)}</Box>
        </Container>
      ))}
      <PageLink href={hrefOf(other)}>{t(`other_${other}`)}</PageLink>
    </SpaceBetween>
  );
}

export function PrivacyPage() {
  return <LegalText document="privacy" />;
}

export function TermsPage() {
  return <LegalText document="terms" />;
}
