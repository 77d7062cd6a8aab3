import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaultSeverity } from '../../../../contracts/schemas/aircraft-enums.ts';
import { type FaultOutput, updateFaultInput } from '../../../../contracts/schemas/faults.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { faultHref } from './fault-href.ts';
import { SeverityTiles } from './severity-tiles.tsx';

const severityValues = (fault: FaultOutput) => ({
  severity: fault.severity as FaultSeverity | '',
  description: fault.description,
});

export function EditFault({ fault, reload }: { fault: FaultOutput; reload: () => Promise<void> }) {
  const { t } = useTranslation(['faults', 'common', 'nav']);
  const navigate = usePageNavigate();
  const back = () => navigate(faultHref('view', fault.fault_id));
  const form = useRecordForm({
    load: useCallback(async () => fault, [fault]),
    toValues: severityValues,
    toInput: (values, stored) => ({
      severity: values.severity || undefined,
      description: values.description,
      version: stored.version,
    }),
    schema: updateFaultInput,
    save: async (body, stored) => {
      await call('updateFault', { params: { id: stored.fault_id }, body });
      return stored;
    },
    onSaved: () => {
      flash('success', 'faults:flash.saved', { values: { reg_num: fault.reg_num } });
      back();
    },
    onConflict: (again) =>
      flash('error', 'conflict', {
        action: {
          labelKey: 'action.reload',
          run: () => {
            void reload().then(again);
          },
        },
      }),
    onCancel: back,
    readOnly: !fault.can_edit,
    focus: { prefix: 'fault', fields: ['severity', 'description'] },
  });

  if (!fault.can_edit)
    return (
      <Alert type="info" action={<Button onClick={back}>{t('edit.back')}</Button>}>
        {t('edit.not_editable')}
      </Alert>
    );
  if (!form.values) return null;

  return (
    <RecordFormFrame
      prefix="fault"
      header={<Header variant="h1">{t('edit.title', { reg_num: fault.reg_num })}</Header>}
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
    >
      <Container>
        <SpaceBetween size="l">
          <SeverityTiles
            value={form.values.severity}
            onChange={(value) => form.set('severity', value)}
            errorText={form.errorText('severity')}
          />
          <FormField label={t('field.description')} errorText={form.errorText('description')} stretch>
            <Textarea
              value={form.values.description}
              onChange={({ detail }) => form.set('description', detail.value)}
              rows={5}
              invalid={form.has('description')}
              data-testid="fault-description"
            />
          </FormField>
        </SpaceBetween>
      </Container>
    </RecordFormFrame>
  );
}
