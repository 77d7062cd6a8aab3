import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { saveWorkInput, type WorkOutput } from '../../../../contracts/schemas/work.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { WORK_FIELDS, WorkFields, workInputOf, workValuesOf } from './work-form.tsx';
import { WorkPanel } from './work-panel.tsx';

/**
 * `work-management/{id}` (spec §2, work-management-edit): a work's fields, its leader (set or unset),
 * and its people and hours with the same actions as the list's dialog.
 */
export default function WorkPage() {
  const { t } = useTranslation(['work', 'nav']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const users = useDatasource('users');
  const [leader, setLeader] = useState<string | null>(null);
  const [settingLeader, setSettingLeader] = useState(false);
  const back = () => navigate('/work-management/');
  const form = useRecordForm({
    load: useCallback(() => call('getWork', { params: { id } }), [id]),
    toValues: (work: WorkOutput) => workValuesOf(work, work.date),
    toInput: (values, work) => workInputOf(values, work.version),
    schema: saveWorkInput,
    save: (body) => call('updateWork', { params: { id }, body }),
    onSaved: () => flash('success', 'work:saved'),
    onCancel: back,
    readOnly: (work) => !work.can_edit,
    focus: { prefix: 'work', fields: WORK_FIELDS },
  });
  const work = form.record;
  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed header={t('nav:title.work_management_edit')} onRetry={form.reload}>
        {t('load_failed')}
      </LoadFailed>
    );
  if (!form.values || !work) return <PageSpinner />;

  const none = { value: '', label: t('nobody') };
  const people = [none, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const chosen = leader ?? work.leader_id ?? '';
  const saveLeader = async () => {
    setSettingLeader(true);
    try {
      form.adopt(
        await call('setWorkLeader', {
          params: { id },
          body: { leader_id: chosen || null, version: work.version },
        }),
      );
      setLeader(null);
      flash('success', 'work:leader_saved');
    } catch (error) {
      reportSaveFailure(error, form.reload);
    } finally {
      setSettingLeader(false);
    }
  };

  return (
    <SpaceBetween size="l">
      <RecordFormFrame
        prefix="work"
        header={<Header variant="h1">{work.work_name}</Header>}
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        readOnly={form.readOnly}
        onSubmit={form.submit}
        onCancel={back}
      >
        <Container>
          <WorkFields
            values={form.values}
            set={form.set}
            errorText={form.errorText}
            readOnly={form.readOnly}
          />
        </Container>
      </RecordFormFrame>
      {work.can_set_leader && (
        <Container header={<Header variant="h2">{t('field.leader')}</Header>}>
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={t('set_leader')}>
              <Select
                selectedOption={people.find((o) => o.value === chosen) ?? none}
                options={people}
                filteringType="auto"
                statusType={users.loading ? 'loading' : 'finished'}
                onChange={({ detail }) => setLeader(detail.selectedOption.value ?? '')}
                data-testid="work-leader-select"
              />
            </FormField>
            <Button loading={settingLeader} onClick={() => void saveLeader()} data-testid="work-leader-save">
              {chosen ? t('set_leader') : t('unset_leader')}
            </Button>
          </SpaceBetween>
        </Container>
      )}
      <Container header={<Header variant="h2">{t('hours_and_people')}</Header>}>
        <WorkPanel work={work} onChange={form.adopt} />
      </Container>
    </SpaceBetween>
  );
}
