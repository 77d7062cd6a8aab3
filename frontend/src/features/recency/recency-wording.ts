import type { RecencyOutput } from '../../../../contracts/schemas/logbook.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';

/**
 * A recency rule in plain words (issue 5 §6): "Current until 2027.05.14 unless 2 more winch
 * launches". Pure over a translate function, so a unit test checks the wording in any language.
 * The rule names stay the regulation references (SFCL.160(a)…); only the medical is named.
 */
export type RecencyRule = RecencyOutput['rules'][number];
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const REFERENCES: Record<RecencyRule['rule'], string> = {
  sfcl_160a: 'SFCL.160(a)',
  sfcl_160e: 'SFCL.160(e)',
  sfcl_155: 'SFCL.155',
  fcl_060: 'FCL.060',
  medical: '',
};

/** The card's title: the regulation reference (and the launch method), or "Medical certificate". */
export function ruleTitle(rule: RecencyRule, t: Translate): string {
  if (rule.rule === 'medical') return t('recency:rule.medical');
  if (rule.rule === 'sfcl_155' && rule.method)
    return `${REFERENCES.sfcl_155} · ${t(`recency:method.${rule.method}`)}`;
  return REFERENCES[rule.rule];
}

/** What must be flown, each measure in words: "2 more winch launches", "1:20 more flight time". */
export function neededWords(rule: RecencyRule, t: Translate): string[] {
  const words: string[] = [];
  for (const [measure, count] of Object.entries(rule.needed)) {
    if (!count || count <= 0) continue;
    if (measure === 'minutes') words.push(t('recency:need.minutes', { time: formatMinutes(count) }));
    else if (measure === 'launches' && rule.rule === 'sfcl_155' && rule.method)
      words.push(t('recency:need.method_launches', { count, by: t(`recency:method_by.${rule.method}`) }));
    else words.push(t(`recency:need.${measure}`, { count }));
  }
  return words;
}

/**
 * The card's sentence: the status, until when, and what keeps it (or brings it back); for a launch
 * method a finished launch-method training opened (issue 16 §5), since when.
 */
export function statusSentence(rule: RecencyRule, t: Translate): string {
  const sentence = recencySentence(rule, t);
  return rule.opened_on
    ? `${sentence} · ${t('recency:opened_by_training', { date: formatDate(rule.opened_on) })}`
    : sentence;
}

function recencySentence(rule: RecencyRule, t: Translate): string {
  const needs = neededWords(rule, t).join(` ${t('recency:and')} `);
  if (rule.status === 'not_applicable') return t('recency:status_text.not_applicable');
  if (rule.status === 'not_recorded') return t('recency:status_text.medical_not_recorded');
  if (rule.status === 'lapsed') {
    if (rule.rule === 'medical') return t('recency:status_text.medical_lapsed');
    return needs ? t('recency:status_text.lapsed_needs', { needs }) : t('recency:status_text.lapsed');
  }
  const until = formatDate(rule.until ?? '');
  if (rule.via === 'proficiency_check') return t('recency:status_text.until_check', { date: until });
  return needs
    ? t('recency:status_text.until_unless', { date: until, needs })
    : t('recency:status_text.until', { date: until });
}

/** Which logbook a counted flight is in: FCL.060 counts powered flights, the rest sailplane ones. */
export const countedLogbook = (rule: RecencyRule) => (rule.rule === 'fcl_060' ? 'general' : 'glider');
