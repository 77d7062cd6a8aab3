import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { OrganizationRecord } from '../../../../contracts/schemas/organizations.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import {
  emptyFormValues,
  type FormMode,
  type OrganizationFormValues,
  sameValues,
  TAB_IDS,
  type TabId,
  tabOf,
  toFormValues,
  toInput,
} from './organization-form.ts';
import { type Errors, type MemberOption, OrganizationRecordForm } from './organization-record-form.tsx';

export interface EditorProps {
  mode: FormMode;
  title: string;
  description?: string;
  /** The stored record; null for a new organization. */
  load: () => Promise<OrganizationRecord | null>;
  /** The members to choose from, when the caller may list them. */
  loadMembers?: (record: OrganizationRecord) => Promise<MemberOption[]>;
  schema: z.ZodMiniType;
  save: (body: never) => Promise<OrganizationRecord>;
  onSaved: (record: OrganizationRecord) => void;
  onCancel: () => void;
  subscriptionsHref?: string;
  /** The zone a new organization starts in. */
  defaultTimezone?: string;
}

/** Brings the first field with an error into view: its tab first, then the cursor into the field. */
const focusFirstError = (errors: Errors, openTab: (tab: TabId) => void) => {
  const fields = Object.keys(errors);
  const tab = TAB_IDS.find((id) => fields.some((field) => tabOf(field) === id));
  if (!tab) return;
  openTab(tab);
  const first = fields.find((field) => tabOf(field) === tab) ?? '';
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(
        `[data-testid="org-field-${first.split('.')[0]}"] input, [data-testid="org-field-${first.split('.')[0]}"] button`,
      )
      ?.focus();
  });
};

/**
 * The edit screen around the organization's record: load, the tabbed form, save with the shared
 * schema checked in the browser first; a stale version is a 409 the user resolves by reloading.
 */
export function OrganizationEditor(props: EditorProps) {
  const { mode, title, description, load, loadMembers, schema, save, onSaved, onCancel } = props;
  const { t } = useTranslation(['organization', 'messages', 'common']);
  const [record, setRecord] = useState<OrganizationRecord | null>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [saved, setSaved] = useState<OrganizationFormValues>();
  const [values, setValues] = useState<OrganizationFormValues>();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<TabId>('identity');
  const [members, setMembers] = useState<MemberOption[] | null>(null);

  const adopt = useCallback(
    (loaded: OrganizationRecord | null) => {
      const formValues = loaded
        ? toFormValues(loaded)
        : emptyFormValues(props.defaultTimezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
      setRecord(loaded);
      setSaved(formValues);
      setValues(formValues);
      setErrors({});
    },
    [props.defaultTimezone],
  );

  const reload = useCallback(async () => {
    setLoadFailed(false);
    try {
      const loaded = await load();
      adopt(loaded);
      if (loaded && loadMembers) setMembers(await loadMembers(loaded).catch(() => []));
      else setMembers([]);
    } catch (error) {
      setLoadFailed(true);
      reportFailure(error);
    }
  }, [load, loadMembers, adopt]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const dirty = values !== undefined && saved !== undefined && !sameValues(values, saved);

  const submit = async () => {
    if (!values || saving || record === undefined) return;
    const parsed = z.safeParse(schema, toInput(values, mode, record?.version));
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError(problems, setTab);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await save(parsed.data as never);
      adopt(updated);
      onSaved(updated);
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError(error.errors, setTab);
      } else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void reload() } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel, onSave: () => void submit() }, values !== undefined);

  if (loadFailed) {
    return (
      <Alert
        type="error"
        header={title}
        action={<Button onClick={() => void reload()}>{t('common:action.retry')}</Button>}
      >
        {t('load_failed')}
      </Alert>
    );
  }
  if (!values || record === undefined) return <PageSpinner />;

  const onChange = (next: OrganizationFormValues, field: string) => {
    setValues(next);
    if (Object.keys(errors).some((name) => name === field || name.startsWith(`${field}.`)))
      setErrors(
        Object.fromEntries(
          Object.entries(errors).filter(([name]) => name !== field && !name.startsWith(`${field}.`)),
        ),
      );
  };
  // Errors no field shows (the body as a whole, a field this form lacks) go on the form.
  const otherErrors = Object.entries(errors).filter(([field]) => tabOf(field) === undefined);
  const hasErrors = Object.keys(errors).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="organization-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header variant="h1" description={description}>
            {title}
          </Header>
        }
        errorText={
          hasErrors
            ? [
                t('validation_failed', { ns: 'messages' }),
                ...otherErrors.map(([field, keys]) => `${field}: ${t(keys[0] ?? '', { ns: 'messages' })}`),
              ].join(' ')
            : undefined
        }
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel} data-testid="organization-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} data-testid="organization-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <OrganizationRecordForm
          mode={mode}
          values={values}
          onChange={onChange}
          errors={errors}
          record={record ?? undefined}
          members={members}
          activeTab={tab}
          onTabChange={setTab}
          subscriptionsHref={props.subscriptionsHref}
        />
      </Form>
    </form>
  );
}
