import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DtoDeclarationOutput, dtoDeclarationInput } from '../../../../contracts/schemas/dto.ts';
import type { ProgrammeListOutput } from '../../../../contracts/schemas/training.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { useEdit } from '../training/use-edit.ts';

interface Values {
  dto_reference: string;
  competent_authority: string;
  declared_on: string;
  head_of_training_id: string;
  programme_ids: string[];
}

const valuesOf = (d: DtoDeclarationOutput): Values => ({
  dto_reference: d.dto_reference ?? '',
  competent_authority: d.competent_authority ?? '',
  declared_on: d.declared_on ?? '',
  head_of_training_id: d.head_of_training_id ?? '',
  programme_ids: d.programmes.map((p) => p.programme_id),
});

/**
 * dto/organizations (issue 16 §6): the organization's declaration as a DTO — its reference, the
 * competent authority, when it was declared, the head of training and the declared programmes,
 * whose records the other DTO screens list and keep.
 */
export default function DtoOrganizationPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const users = useDatasource('users');
  const [declaration, setDeclaration] = useState<DtoDeclarationOutput | null>(null);
  const [programmes, setProgrammes] = useState<ProgrammeListOutput['items']>([]);
  const edit = useEdit<Values>({
    dto_reference: '',
    competent_authority: '',
    declared_on: '',
    head_of_training_id: '',
    programme_ids: [],
  });
  const { reset } = edit;

  const load = useCallback(async () => {
    try {
      const [loaded, list] = await Promise.all([
        call('getDtoDeclaration'),
        call('listProgrammes', { query: { limit: 100 } }),
      ]);
      setDeclaration(loaded);
      setProgrammes(list.items);
      reset(valuesOf(loaded));
    } catch (error) {
      reportFailure(error);
    }
  }, [reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!declaration) return;
    const v = edit.values;
    await edit.save(
      dtoDeclarationInput,
      {
        dto_reference: v.dto_reference || null,
        competent_authority: v.competent_authority || null,
        declared_on: v.declared_on || null,
        head_of_training_id: v.head_of_training_id || null,
        programme_ids: v.programme_ids,
        version: declaration.version,
      },
      async (body) => {
        const saved = await call('saveDtoDeclaration', { body });
        setDeclaration(saved);
        reset(valuesOf(saved));
        flash('success', 'training_saved');
      },
      () => void load(),
    );
  };
  useDialogKeys({ onSave: () => void submit() }, true);

  if (!declaration) return <PageSpinner />;
  const { values, set, errorText } = edit;
  const userOptions = [
    { value: '', label: t('field.nobody') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];
  const programmeOptions = programmes.map((p) => ({ value: p.programme_id, label: p.training_name }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="dto-form">
      <UnsavedChangesPrompt when={edit.dirty && !edit.saving} />
      <Form
        header={
          <Header variant="h1" description={t('dto.organization.description')}>
            {declaration.organization_name}
          </Header>
        }
        errorText={edit.hasErrors ? t('messages:validation_failed') : undefined}
        actions={
          <Button variant="primary" loading={edit.saving} data-testid="dto-save">
            {t('common:action.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2">{t('nav:title.dto_organizations')}</Header>}>
          <SpaceBetween size="m">
            <ColumnLayout columns={2}>
              <FormField label={t('dto.field.dto_reference')} errorText={errorText('dto_reference')}>
                <Input
                  value={values.dto_reference}
                  onChange={({ detail }) => set('dto_reference', detail.value)}
                  data-testid="dto-reference"
                />
              </FormField>
              <FormField label={t('dto.field.declared_on')} errorText={errorText('declared_on')}>
                <DatePicker
                  value={values.declared_on}
                  onChange={({ detail }) => set('declared_on', detail.value)}
                  placeholder={t('common:date.picker_placeholder')}
                  expandToViewport
                />
              </FormField>
              <FormField
                label={t('dto.field.competent_authority')}
                errorText={errorText('competent_authority')}
              >
                <Input
                  value={values.competent_authority}
                  onChange={({ detail }) => set('competent_authority', detail.value)}
                />
              </FormField>
              <FormField label={t('field.head_of_training_id')} errorText={errorText('head_of_training_id')}>
                <Select
                  selectedOption={userOptions.find((o) => o.value === values.head_of_training_id) ?? null}
                  options={userOptions}
                  filteringType="auto"
                  onChange={({ detail }) => set('head_of_training_id', detail.selectedOption.value ?? '')}
                />
              </FormField>
            </ColumnLayout>
            <FormField
              label={t('dto.field.programmes')}
              description={t('dto.field.programmes_hint')}
              errorText={errorText('programme_ids')}
            >
              <Multiselect
                selectedOptions={programmeOptions.filter((o) => values.programme_ids.includes(o.value))}
                options={programmeOptions}
                onChange={({ detail }) =>
                  set(
                    'programme_ids',
                    detail.selectedOptions.map((o) => o.value ?? ''),
                  )
                }
                data-testid="dto-programmes"
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
