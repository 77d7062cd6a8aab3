import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../../../../contracts/errors.ts';
import {
  cursor,
  entityId,
  fieldErrors,
  isoDate,
  isoInstant,
  MAX_YEAR,
  MIN_YEAR,
  userText,
  version,
} from '../../../../contracts/validation.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

/** The shared primitives of contracts/validation.ts every schema builds on, each with a sample to try. */
const PRIMITIVES: { id: string; schema: z.ZodMiniType; sample: string; asNumber?: boolean }[] = [
  { id: 'userText', schema: userText(20, { min: 1 }), sample: 'Szélzsák' },
  { id: 'userTextMultiline', schema: userText(200, { multiline: true }), sample: 'Első sor\r\nmásodik sor' },
  { id: 'entityId', schema: entityId, sample: 'plane-ha-4012' },
  { id: 'isoDate', schema: isoDate, sample: '2026-02-30' },
  { id: 'isoInstant', schema: isoInstant, sample: '2026-08-15T10:30+02:00' },
  { id: 'version', schema: version, sample: '3', asNumber: true },
  { id: 'cursor', schema: cursor, sample: 'not a cursor!' },
  { id: 'email', schema: z.email(), sample: 'pilot@demo' },
];

interface Row {
  id: string;
  schema: z.ZodMiniType;
  asNumber?: boolean;
}

/**
 * validation (develop, debugger): the validation rules the browser and the Lambdas share, live —
 * type into a primitive and see what the API would answer (the normalized value, or the message key
 * of a 422 and its text in your language) — and the whole catalogue of field messages.
 */
export default function ValidationPage() {
  const { t } = useTranslation(['developer', 'messages', 'nav']);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(PRIMITIVES.map((p) => [p.id, p.sample])),
  );
  const verdict = (row: Row) => {
    const raw = values[row.id] ?? '';
    const input = row.asNumber && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    const parsed = row.schema.safeParse(input);
    if (parsed.success)
      return (
        <StatusIndicator type="success" data-testid={`validation-${row.id}`} data-valid="true">
          {JSON.stringify(parsed.data)}
        </StatusIndicator>
      );
    const key = fieldErrors(parsed.error.issues)._?.[0] ?? 'invalid_value';
    return (
      <StatusIndicator type="error" data-testid={`validation-${row.id}`} data-valid="false">
        <Box variant="code">{key}</Box> {dynamicT(t)(key, { ns: 'messages' })}
      </StatusIndicator>
    );
  };
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('validation.description', { min: MIN_YEAR, max: MAX_YEAR })}>
          {t('nav:title.validation')}
        </Header>
      }
    >
      <Table<Row>
        data-testid="validation-primitives"
        variant="container"
        header={<Header variant="h2">{t('validation.primitives')}</Header>}
        items={PRIMITIVES}
        trackBy="id"
        wrapLines
        columnDefinitions={[
          {
            id: 'name',
            header: t('validation.primitive'),
            isRowHeader: true,
            cell: (r) => <Box variant="code">{r.id}</Box>,
          },
          { id: 'rule', header: t('validation.rule'), cell: (r) => dynamicT(t)(`validation.rules.${r.id}`) },
          {
            id: 'try',
            header: t('validation.try'),
            cell: (r) => (
              <Input
                value={values[r.id] ?? ''}
                onChange={({ detail }) => setValues((current) => ({ ...current, [r.id]: detail.value }))}
                ariaLabel={r.id}
                data-testid={`validation-input-${r.id}`}
              />
            ),
          },
          { id: 'answer', header: t('validation.answer'), cell: verdict },
        ]}
      />
      <Box margin={{ top: 'l' }}>
        <Table<{ key: string }>
          data-testid="validation-messages"
          variant="container"
          header={
            <Header variant="h2" description={t('validation.messages_description')}>
              {t('validation.messages')}
            </Header>
          }
          items={FIELD_MESSAGES.map((key) => ({ key }))}
          trackBy="key"
          columnDefinitions={[
            {
              id: 'key',
              header: t('validation.key'),
              isRowHeader: true,
              cell: (m) => <Box variant="code">{m.key}</Box>,
            },
            { id: 'text', header: t('validation.text'), cell: (m) => dynamicT(t)(m.key, { ns: 'messages' }) },
          ]}
        />
      </Box>
    </ContentLayout>
  );
}
