import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../contracts/schemas/identity.ts';
import type { LogbookBookOutput } from '../../../../contracts/schemas/logbook.ts';
import type { PilotInfoOutput } from '../../../../contracts/schemas/people.ts';
import { PageLink } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';

/** Where the dismissal is remembered: this browser's storage, one key per person. */
const dismissKey = (userId: string) => `windsock.first-steps-dismissed.${userId}`;

type Step = { id: string; done: boolean; to?: string; label: ReactNode };

/**
 * A new pilot's first steps (issue 13 §9): record a licence, record a medical, enter the logbook's
 * previous totals, join a club. Each step links to the screen where it is done and is ticked when
 * the person's own data shows it done; the card goes when all are done or the person dismisses it.
 */
export function FirstSteps({ profile }: { profile: Profile }) {
  const { t } = useTranslation('dashboard');
  const [pilotInfo, setPilotInfo] = useState<PilotInfoOutput | null>();
  const [book, setBook] = useState<LogbookBookOutput | null>();
  const [dismissed, setDismissed] = useState(() => readDismissed(profile.user_id));
  const kind = profile.logbook_glider_on ? 'glider' : profile.logbook_general_on ? 'general' : null;

  useEffect(() => {
    if (dismissed) return;
    let live = true;
    // Failures leave the step open (null): the card is a guide, not a gate; no error to show.
    call('getMyPilotInfo').then(
      (info) => live && setPilotInfo(info),
      () => live && setPilotInfo(null),
    );
    if (kind)
      call('getLogbookBook', { params: { kind } }).then(
        (value) => live && setBook(value),
        () => live && setBook(null),
      );
    return () => {
      live = false;
    };
  }, [dismissed, kind]);

  if (dismissed || pilotInfo === undefined || (kind && book === undefined)) return null;

  const organization = profile.organization;
  const steps: Step[] = [
    {
      id: 'licence',
      done: (pilotInfo?.licences.length ?? 0) > 0,
      to: hrefOf('profile/pilot-info-edit'),
      label: t('first_steps.licence'),
    },
    {
      id: 'medical',
      done: Boolean(
        pilotInfo?.medical_valid_until || pilotInfo?.medical_class || pilotInfo?.medical_licence_number,
      ),
      to: hrefOf('profile/pilot-info-edit'),
      label: t('first_steps.medical'),
    },
    ...(kind
      ? [
          {
            id: 'previous_totals',
            done: Boolean(book && (book.version > 0 || Object.values(book.prev).some((v) => v > 0))),
            to: hrefOf('logbook/:kind', { kind }),
            label: t('first_steps.previous_totals'),
          },
        ]
      : []),
    {
      id: 'club',
      done: organization !== null,
      label: organization
        ? t('first_steps.club_member', { name: organization.organization_name })
        : t('first_steps.club', { email: profile.email }),
    },
  ];
  if (steps.every((step) => step.done)) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissKey(profile.user_id), '1');
    } catch {
      // Private browsing without storage: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Container
      data-testid="first-steps"
      header={
        <Header
          variant="h2"
          description={t('first_steps.description')}
          actions={
            <Button variant="normal" onClick={dismiss} data-testid="first-steps-dismiss">
              {t('first_steps.dismiss')}
            </Button>
          }
        >
          {t('first_steps.header')}
        </Header>
      }
    >
      <SpaceBetween size="s">
        {steps.map((step) => (
          <div key={step.id} data-testid={`first-step-${step.id}`} data-done={step.done}>
            <StatusIndicator
              type={step.done ? 'success' : 'pending'}
              iconAriaLabel={t(step.done ? 'first_steps.done' : 'first_steps.to_do')}
            >
              {step.to && !step.done ? (
                <PageLink href={step.to} data-testid={`first-step-${step.id}-link`}>
                  {step.label}
                </PageLink>
              ) : (
                <Box variant="span">{step.label}</Box>
              )}
            </StatusIndicator>
          </div>
        ))}
      </SpaceBetween>
    </Container>
  );
}

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}
