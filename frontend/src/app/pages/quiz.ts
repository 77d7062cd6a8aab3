import type { PageDef } from '../pages.ts';

/**
 * Quizzes and exams (spec §2 "Messages and quizzes", profile/user-quizzes; issue 16 §8, §9): the
 * question bank and quizzes (quiz-list reads, quiz-edit writes), and every member's own quizzes.
 */
const quiz = { module: 'quiz' } as const;

export const quizPages: readonly PageDef[] = [
  {
    path: 'user-quizzes',
    layout: 'main',
    ...quiz,
    menu: { group: 'exams', label: 'nav:menu.user_quizzes', order: 10 },
    titleKey: 'nav:title.user_quizzes',
    helpPage: 'user-quizzes',
    load: () => import('../../features/quiz/user-quizzes-page.tsx'),
  },
  {
    path: 'profile/user-quizzes',
    layout: 'main',
    ...quiz,
    menu: { group: 'exams', label: 'nav:menu.profile_user_quizzes', order: 20 },
    titleKey: 'nav:title.profile_user_quizzes',
    helpPage: 'profile-user-quizzes',
    load: () => import('../../features/quiz/own-results-page.tsx'),
  },
  {
    path: 'user-quiz/take/:id',
    layout: 'main',
    ...quiz,
    titleKey: 'nav:title.user_quiz_take',
    helpPage: 'user-quiz-take',
    load: () => import('../../features/quiz/take-page.tsx'),
  },
  {
    path: 'user-quiz/result/:id',
    layout: 'main',
    ...quiz,
    titleKey: 'nav:title.user_quiz_result',
    helpPage: 'user-quiz-result',
    load: () => import('../../features/quiz/result-page.tsx'),
  },
  {
    path: 'quizzes',
    layout: 'main',
    ...quiz,
    permission: 'quiz-list',
    menu: { group: 'exams', label: 'nav:menu.quizzes', order: 30 },
    titleKey: 'nav:title.quizzes',
    helpPage: 'quizzes',
    load: () => import('../../features/quiz/quizzes-page.tsx'),
  },
  {
    path: 'questions',
    layout: 'main',
    ...quiz,
    permission: 'quiz-list',
    menu: { group: 'exams', label: 'nav:menu.questions', order: 40 },
    titleKey: 'nav:title.questions',
    helpPage: 'questions',
    load: () => import('../../features/quiz/questions-page.tsx'),
  },
  {
    path: 'quiz/:edit_type/:id?',
    layout: 'main',
    ...quiz,
    permission: 'quiz-edit',
    titleKey: 'nav:title.quiz',
    helpPage: 'quiz',
    load: () => import('../../features/quiz/quiz-edit-page.tsx'),
  },
  {
    path: 'question/:edit_type/:id?',
    layout: 'main',
    ...quiz,
    permission: 'quiz-edit',
    titleKey: 'nav:title.question',
    helpPage: 'question',
    load: () => import('../../features/quiz/question-edit-page.tsx'),
  },
];
