import Badge from '@cloudscape-design/components/badge';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoriesOutput, UserQuizSummary } from '../../../../contracts/schemas/quiz.ts';
import { isSplSubject } from '../../../../contracts/schemas/training-enums.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';

export const takeHref = (id: string) => hrefOf('user-quiz/take/:id', { id });
export const resultHref = (id: string) => hrefOf('user-quiz/result/:id', { id });
export const quizHref = (editType: 'new' | 'edit', id?: string) =>
  hrefOf('quiz/:edit_type/:id?', id ? { edit_type: editType, id } : { edit_type: editType });
export const questionHref = (editType: 'new' | 'edit', id?: string) =>
  hrefOf('question/:edit_type/:id?', id ? { edit_type: editType, id } : { edit_type: editType });

/** The organization's categories (the nine SPL subjects and its own), read once per screen. */
export function useCategories() {
  const [categories, setCategories] = useState<CategoriesOutput | null>(null);
  useEffect(() => {
    call('getQuestionCategories').then(setCategories, (error: unknown) => reportFailure(error));
  }, []);
  return { categories, setCategories };
}

/** A category's name: an SPL subject in the reader's language, or the club's own name. */
export function useCategoryName(categories: CategoriesOutput | null) {
  const { t } = useTranslation('quiz');
  return (category: string) =>
    isSplSubject(category)
      ? t(`subject.${category}`)
      : (categories?.own.find((c) => c.category_id === category)?.name ?? category);
}

/** The category options of a select: the nine subjects, then the club's own. */
export function categoryOptions(categories: CategoriesOutput | null, name: (category: string) => string) {
  return [
    ...(categories?.subjects ?? []).map((s) => ({ value: s as string, label: name(s) })),
    ...(categories?.own ?? []).map((c) => ({ value: c.category_id, label: c.name })),
  ];
}

export function ExamBadge() {
  const { t } = useTranslation('quiz');
  return <Badge color="blue">{t('exam')}</Badge>;
}

/** A member's quiz by name; a practice round has none of its own. */
export const quizNameOf = (t: (key: string) => string, quiz: Pick<UserQuizSummary, 'mode' | 'quiz_name'>) =>
  quiz.mode === 'practice' ? t('quiz:practice.name') : quiz.quiz_name;
