import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LANGS, type Lang } from '../../../../contracts/langs.ts';
import {
  createQuestionInput,
  type QuestionOutput,
  updateQuestionInput,
} from '../../../../contracts/schemas/quiz.ts';
import {
  ANSWER_LETTERS,
  type AnswerLetter,
  DIFFICULTIES,
} from '../../../../contracts/schemas/training-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang, LANG_NAMES } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { act, useEdit } from '../training/use-edit.ts';
import { categoryOptions, questionHref, useCategories, useCategoryName } from './quiz-ui.tsx';

type Text = Record<'question' | AnswerLetter, string>;
interface Values {
  texts: Partial<Record<Lang, Text>>;
  correct_answer: AnswerLetter;
  category: string;
  difficulty: QuestionOutput['difficulty'];
}

const blank = (): Text => ({ question: '', a: '', b: '', c: '', d: '', e: '' });

const valuesOf = (q: QuestionOutput): Values => ({
  texts: Object.fromEntries(
    Object.entries(q.texts).map(([lang, text]) => [
      lang,
      {
        question: text!.question,
        a: text!.a,
        b: text!.b,
        c: text!.c ?? '',
        d: text!.d ?? '',
        e: text!.e ?? '',
      },
    ]),
  ),
  correct_answer: q.correct_answer,
  category: q.category,
  difficulty: q.difficulty,
});

/** The texts as the API takes them: empty options c–e left out. */
const textsBody = (texts: Values['texts']) =>
  Object.fromEntries(
    Object.entries(texts).map(([lang, text]) => [
      lang,
      {
        question: text!.question,
        a: text!.a,
        b: text!.b,
        c: text!.c || null,
        d: text!.d || null,
        e: text!.e || null,
      },
    ]),
  );

/**
 * question/{edit_type}/{id?} (quiz-edit): a question in one or more languages with options a–e and
 * one correct answer, its category and difficulty.
 */
export default function QuestionEditPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common', 'messages', 'training']);
  const { edit_type: editType = 'new', id } = useParams();
  const navigate = usePageNavigate();
  const { categories } = useCategories();
  const name = useCategoryName(categories);
  const [question, setQuestion] = useState<QuestionOutput | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'not_found'>(
    editType === 'new' ? 'ready' : 'loading',
  );
  const [lang, setLang] = useState<Lang>(currentLang());
  const [deleting, setDeleting] = useState(false);
  const edit = useEdit<Values>({
    texts: { [currentLang()]: blank() },
    correct_answer: 'a',
    category: 'air_law',
    difficulty: 'medium',
  });
  const { reset } = edit;
  const back = () => navigate(hrefOf('questions'));

  const load = useCallback(async () => {
    if (editType === 'new' || !id) return;
    try {
      const loaded = await call('getQuestion', { params: { id } });
      setQuestion(loaded);
      reset(valuesOf(loaded));
      const languages = Object.keys(loaded.texts) as Lang[];
      if (!languages.includes(currentLang())) setLang(languages[0] ?? 'hu');
      setState('ready');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setState('not_found');
      else reportFailure(error);
    }
  }, [editType, id, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = { ...edit.values, texts: textsBody(edit.values.texts) };
    if (!question) {
      await edit.save(createQuestionInput, body, async (checked) => {
        const created = await call('createQuestion', { body: checked });
        flash('success', 'training_saved');
        navigate(questionHref('edit', created.question_id), { replace: true });
      });
      return;
    }
    await edit.save(
      updateQuestionInput,
      { ...body, version: question.version },
      async (checked) => {
        const saved = await call('updateQuestion', { params: { id: question.question_id }, body: checked });
        setQuestion(saved);
        reset(valuesOf(saved));
        flash('success', 'training_saved');
      },
      () => void load(),
    );
  };
  useDialogKeys(
    { onSave: () => void submit(), onCancel: back, onDelete: question ? () => setDeleting(true) : undefined },
    !deleting,
  );

  if (state === 'loading') return <PageSpinner />;
  if (state === 'not_found') return <Alert type="error">{t('messages:not_found')}</Alert>;

  const { values, set, errorText } = edit;
  const languages = LANGS.filter((l) => values.texts[l]);
  const text = values.texts[lang] ?? blank();
  const setText = (field: keyof Text, value: string) =>
    set('texts', { ...values.texts, [lang]: { ...text, [field]: value } });
  const addable = LANGS.filter((l) => !values.texts[l]).map((l) => ({ value: l, label: LANG_NAMES[l] }));
  const remove = async () => {
    if (!question) return;
    const done = await act(() =>
      call('deleteQuestion', { params: { id: question.question_id }, query: { version: question.version } }),
    );
    setDeleting(false);
    if (done) {
      flash('success', 'training_deleted');
      back();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="question-form">
      <UnsavedChangesPrompt when={edit.dirty && !edit.saving} />
      <Form
        header={
          <Header
            variant="h1"
            actions={
              question && (
                <Button onClick={() => setDeleting(true)} formAction="none" data-testid="question-delete">
                  {t('training:action.delete')}
                </Button>
              )
            }
          >
            {question ? t('questions.edit_title') : t('questions.new')}
          </Header>
        }
        errorText={edit.hasErrors ? t('messages:validation_failed') : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={back}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={edit.saving} data-testid="question-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container>
            <ColumnLayout columns={3}>
              <FormField label={t('field.category')} errorText={errorText('category')}>
                <Select
                  selectedOption={{ value: values.category, label: name(values.category) }}
                  options={categoryOptions(categories, name)}
                  onChange={({ detail }) => set('category', detail.selectedOption.value ?? '')}
                  data-testid="question-category"
                />
              </FormField>
              <FormField label={t('field.difficulty')} errorText={errorText('difficulty')}>
                <Select
                  selectedOption={{ value: values.difficulty, label: t(`difficulty.${values.difficulty}`) }}
                  options={DIFFICULTIES.map((d) => ({ value: d, label: t(`difficulty.${d}`) }))}
                  onChange={({ detail }) =>
                    set('difficulty', detail.selectedOption.value as Values['difficulty'])
                  }
                />
              </FormField>
              {addable.length > 0 && (
                <FormField label={t('questions.add_language')}>
                  <Select
                    selectedOption={null}
                    placeholder={t('questions.choose_language')}
                    options={addable}
                    onChange={({ detail }) => {
                      const next = detail.selectedOption.value as Lang;
                      set('texts', { ...values.texts, [next]: blank() });
                      setLang(next);
                    }}
                  />
                </FormField>
              )}
            </ColumnLayout>
          </Container>
          <Tabs
            activeTabId={lang}
            onChange={({ detail }) => setLang(detail.activeTabId as Lang)}
            tabs={languages.map((l) => ({
              id: l,
              label: LANG_NAMES[l],
              content: (
                <SpaceBetween size="m">
                  <FormField
                    label={t('field.question')}
                    errorText={errorText(`texts.${l}.question`) ?? errorText('texts')}
                  >
                    <Textarea
                      value={text.question}
                      rows={3}
                      onChange={({ detail }) => setText('question', detail.value)}
                      data-testid="question-text"
                    />
                  </FormField>
                  {ANSWER_LETTERS.map((letter) => (
                    <FormField
                      key={letter}
                      label={t('field.option', { letter })}
                      errorText={errorText(`texts.${l}.${letter}`)}
                      description={letter > 'b' ? t('questions.optional') : undefined}
                    >
                      <Input
                        value={text[letter]}
                        onChange={({ detail }) => setText(letter, detail.value)}
                        data-testid={`question-option-${letter}`}
                      />
                    </FormField>
                  ))}
                  {languages.length > 1 && (
                    <Button
                      formAction="none"
                      onClick={() => {
                        const { [l]: _gone, ...rest } = values.texts;
                        set('texts', rest);
                        setLang(languages.find((x) => x !== l) ?? 'hu');
                      }}
                    >
                      {t('questions.remove_language', { lang: LANG_NAMES[l] })}
                    </Button>
                  )}
                </SpaceBetween>
              ),
            }))}
          />
          <Container header={<Header variant="h2">{t('field.correct_answer')}</Header>}>
            <RadioGroup
              value={values.correct_answer}
              onChange={({ detail }) => set('correct_answer', detail.value as AnswerLetter)}
              items={ANSWER_LETTERS.map((letter) => ({
                value: letter,
                label: `${letter}) ${text[letter] || '—'}`,
              }))}
              data-testid="question-correct"
            />
          </Container>
        </SpaceBetween>
      </Form>
      <ConfirmModal
        visible={deleting}
        header={t('questions.delete_title')}
        confirmText={t('training:action.delete')}
        busy={false}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="question-delete-confirm"
      >
        {t('questions.delete_body')}
      </ConfirmModal>
    </form>
  );
}
