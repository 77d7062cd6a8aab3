import Header from '@cloudscape-design/components/header';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { OrganizationRecord } from '../../../../contracts/schemas/organizations.ts';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import {
  emptyFormValues,
  FIELD_ORDER,
  type FormMode,
  type TabId,
  tabOf,
  toFormValues,
  toInput,
} from './organization-form.ts';
import { type MemberOption, OrganizationRecordForm } from './organization-record-form.tsx';

interface EditorProps {
  /**
   * 'own' for the own-organization screen; left out, the record decides (the server's
   * `can_administer`: 'supervisor' changes the managed fields, else 'own'), and no record is 'create'.
   */
  mode?: FormMode;
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

const modeOf = (mode: FormMode | undefined, record: OrganizationRecord | null): FormMode =>
  mode ?? (record ? (record.can_administer ? 'supervisor' : 'own') : 'create');

/**
 * The edit screen around the organization's record: load, the tabbed form, save with the shared
 * schema checked in the browser first; a stale version is a 409 the user resolves by reloading.
 */
export function OrganizationEditor(props: EditorProps) {
  const { title, description, load, loadMembers, schema, save, onSaved, onCancel } = props;
  const { t } = useTranslation(['organization', 'common']);
  const [tab, setTab] = useState<TabId>('identity');
  const [members, setMembers] = useState<MemberOption[] | null>(null);
  const defaultTimezone = props.defaultTimezone;

  const toValues = useCallback(
    (record: OrganizationRecord | null) =>
      record
        ? toFormValues(record)
        : emptyFormValues(defaultTimezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
    [defaultTimezone],
  );
  const form = useRecordForm({
    load,
    toValues,
    toInput: (values, record: OrganizationRecord | null) =>
      toInput(values, modeOf(props.mode, record), record?.version),
    schema,
    save: (body) => save(body as never),
    onSaved: (saved) => saved && onSaved(saved),
    onCancel,
    focus: {
      prefix: 'org-field',
      fields: FIELD_ORDER,
      reveal: (field) => {
        const fieldTab = tabOf(field);
        if (fieldTab) setTab(fieldTab);
      },
    },
  });

  // The members to name as contact or operating-day editor, once the record is known.
  const { record } = form;
  const mode = modeOf(props.mode, record ?? null);
  useEffect(() => {
    if (record === undefined) return;
    if (!record || !loadMembers) {
      setMembers([]);
      return;
    }
    let current = true;
    loadMembers(record)
      .catch(() => [])
      .then((found) => current && setMembers(found));
    return () => {
      current = false;
    };
  }, [record, loadMembers]);

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed header={title} onRetry={form.reload}>
        {t('load_failed')}
      </LoadFailed>
    );
  if (!form.values || record === undefined) return <PageSpinner />;

  return (
    <RecordFormFrame
      prefix="organization"
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={onCancel}
    >
      <OrganizationRecordForm
        mode={mode}
        values={form.values}
        onChange={(next, field) => form.update(() => next, field)}
        errors={form.errors}
        errorText={form.errorText}
        record={record ?? undefined}
        members={members}
        activeTab={tab}
        onTabChange={setTab}
        subscriptionsHref={props.subscriptionsHref}
      />
    </RecordFormFrame>
  );
}
