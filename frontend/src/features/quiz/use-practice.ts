import { useCallback } from 'react';
import { usePageNavigate } from '../../app/links.tsx';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { takeHref } from './quiz-ui.tsx';

/**
 * Starts a practice round of the questions answered wrongly before (issue 16 §9) and opens it;
 * with nothing left to practise says so.
 */
export function usePractice() {
  const navigate = usePageNavigate();
  return useCallback(
    async (category?: string) => {
      try {
        const round = await call('startPractice', { body: category ? { category } : {} });
        navigate(takeHref(round.user_quiz_id));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'nothing_to_practise') flash('info', error.code);
        else reportFailure(error);
      }
    },
    [navigate],
  );
}
