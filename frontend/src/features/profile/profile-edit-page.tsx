import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type PersonOutput, personInput } from '../../../../contracts/schemas/people.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PersonFields } from '../../components/person/person-fields.tsx';
import { FIELD_ORDER, toPersonInput, toPersonValues } from '../../components/person/person-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshProfile } from '../../lib/session.ts';
import { CalendarFeedPanel } from '../calendar/feed-panel.tsx';
import { PilotStatistics } from '../statistics/pilot-statistics.tsx';
import { AvatarPanel } from './avatar-panel.tsx';
import { LogbookSharingPanel } from './logbook-sharing-panel.tsx';

/**
 * `profile/edit`: the person's own data (spec §3 "User / pilot": identity, contact, billing, consent
 * and notification switches) — the same fields an admin edits on user/{id}. The e-mail is the
 * Cognito sign-in name and is shown read-only.
 */
export default function ProfileEditPage() {
  const { t } = useTranslation(['profile', 'nav']);
  const navigate = usePageNavigate();
  const form = useRecordForm({
    load: useCallback(() => call('getMyPerson'), []),
    toValues: toPersonValues,
    toInput: (values, person: PersonOutput) => toPersonInput(values, person.version),
    schema: personInput,
    save: (body) => call('updateMyPerson', { body }),
    onSaved: () => {
      flash('success', 'profile:edit.saved');
      // The name in the top bar comes from the profile.
      void refreshProfile().catch(() => undefined);
    },
    onCancel: () => navigate('/'),
    focus: { prefix: 'person', fields: FIELD_ORDER },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed header={t('nav:title.profile_edit')} onRetry={form.reload}>
        {t('edit.load_failed')}
      </LoadFailed>
    );
  if (!form.record || !form.values) return <PageSpinner />;

  return (
    <SpaceBetween size="l">
      <RecordFormFrame
        prefix="person"
        header={
          <Header variant="h1" description={t('edit.description')}>
            {t('nav:title.profile_edit')}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={() => navigate('/')}
      >
        <PersonFields
          values={form.values}
          onChange={form.set}
          errorText={form.errorText}
          prefix="person"
          email={form.record.email}
          own
        />
      </RecordFormFrame>
      {/* Saved at once, outside the form: the picture goes straight to S3. */}
      <AvatarPanel />
      {/* Saved at once, outside the form: the person's own choice per organization (issue 11 §1). */}
      <LogbookSharingPanel />
      {/* Issue 15 §9: the private iCalendar feed, made, renewed or revoked at once. */}
      <CalendarFeedPanel kind="member" />
      {/* Spec §9: the pilot's statistics on the profile too (outside the form: nothing in it is saved). */}
      <PilotStatistics />
    </SpaceBetween>
  );
}
