import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { SignupRole } from '../../../../contracts/schemas/operating-days.ts';
import type { RfidOutput } from '../../../../contracts/schemas/work.ts';
import { PageButton } from '../../app/links.tsx';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';

/**
 * `rfid/{token}` (spec §2, full-page; issue 15 §8): the clubhouse tablet opens it when a badge is
 * tapped. A known badge signs its holder in for today's operating day; an unknown one may be linked
 * to the signed-in member. Signed out, the page guard remembers this path and reopens it after login
 * (spec §8), as does a session that lapses here (the API client's 401 path).
 */
export default function RfidPage() {
  const { t } = useTranslation(['work', 'operating-days']);
  const { token = '' } = useParams();
  const [result, setResult] = useState<RfidOutput | null>(null);
  const [linking, setLinking] = useState(false);
  const tapped = useRef('');

  useEffect(() => {
    // Once per badge: a tap signs in, a second identical request would only answer "already".
    if (tapped.current === token) return;
    tapped.current = token;
    setResult(null);
    call('tapRfidBadge', { params: { token } }).then(setResult, reportFailure);
  }, [token]);

  const link = async () => {
    setLinking(true);
    try {
      setResult(await call('linkRfidBadge', { params: { token } }));
    } catch (error) {
      reportSaveFailure(error);
    } finally {
      setLinking(false);
    }
  };

  const body = () => {
    if (!result) return <Spinner size="large" />;
    const date = formatDate(result.date);
    switch (result.outcome) {
      case 'unknown_badge':
        return (
          <Alert
            type="warning"
            header={t('rfid.unknown')}
            action={
              <Button variant="primary" loading={linking} onClick={() => void link()} data-testid="rfid-link">
                {t('rfid.link')}
              </Button>
            }
          >
            {t('rfid.unknown_hint')}
          </Alert>
        );
      case 'linked':
        return (
          <Alert type="success" header={t('rfid.linked', { name: result.name })}>
            {t('rfid.linked_hint')}
          </Alert>
        );
      default:
        if (!result.operating_day)
          return (
            <Alert type="info" header={t('rfid.welcome', { name: result.name })}>
              {t('rfid.no_day', { date })}
            </Alert>
          );
        return (
          <Alert
            type="success"
            header={t('rfid.welcome', { name: result.name })}
            data-testid="rfid-signed-in"
          >
            {result.outcome === 'already_signed_in'
              ? t('rfid.already', { date, role: t(`operating-days:role.${result.role as SignupRole}`) })
              : t('rfid.signed_in', { date, role: t(`operating-days:role.${result.role as SignupRole}`) })}
          </Alert>
        );
    }
  };

  return (
    <Box padding="xl">
      <Container header={<Header variant="h1">{t('rfid.title')}</Header>}>
        <SpaceBetween size="l">
          <div data-testid="rfid-result">{body()}</div>
          <PageButton href="/operating-days/">{t('rfid.to_operating_days')}</PageButton>
        </SpaceBetween>
      </Container>
    </Box>
  );
}
