import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecencyOutput } from '../../contracts/schemas/logbook.ts';
import {
  neededWords,
  ruleTitle,
  statusSentence,
  type Translate,
} from '../../frontend/src/features/recency/recency-wording.ts';
import { dynamicT } from '../../frontend/src/lib/i18n-keys.ts';

/**
 * Issue 5 §6, recency explained: each rule's card says in plain words until when the pilot is current
 * and what keeps them so ("Current until 2027.05.14 — to stay current, by then: 2 more winch launches"), with the
 * regulation reference as its name — in English and, with its own plurals, in Polish and Hungarian.
 */
type Rule = RecencyOutput['rules'][number];
const rule = (over: Partial<Rule>): Rule => ({
  rule: 'sfcl_155',
  status: 'current',
  until: '2027-05-14',
  counted: [],
  totals: {},
  required: {},
  needed: {},
  ...over,
});

const translators: Record<string, Translate> = {};
beforeAll(async () => {
  for (const lang of ['en', 'pl', 'hu']) {
    const resources = JSON.parse(
      readFileSync(join(import.meta.dirname, `../../frontend/src/locales/${lang}/recency.json`), 'utf8'),
    );
    const instance = i18next.createInstance();
    await instance.init({
      lng: lang,
      resources: { [lang]: { recency: resources } },
      interpolation: { escapeValue: false },
    });
    translators[lang] = dynamicT(instance.t);
  }
});

describe('recency in plain words', () => {
  it('a launch method current until a day unless more launches by it', () => {
    const winch = rule({ method: 'winch', needed: { launches: 2 } });
    expect(ruleTitle(winch, translators.en!)).toBe('SFCL.155 · Winch launch');
    expect(statusSentence(winch, translators.en!)).toBe(
      'Current until 2027.05.14 — to stay current, by then: 2 more winch launches',
    );
    expect(statusSentence({ ...winch, needed: { launches: 1 } }, translators.en!)).toBe(
      'Current until 2027.05.14 — to stay current, by then: 1 more winch launch',
    );
  });

  it('several measures are joined; flight time reads h:mm', () => {
    const sfcl160a = rule({ rule: 'sfcl_160a', needed: { minutes: 80, training_flights: 1 } });
    expect(ruleTitle(sfcl160a, translators.en!)).toBe('SFCL.160(a)');
    expect(neededWords(sfcl160a, translators.en!)).toEqual([
      '1:20 more flight time',
      '1 more training flight with an instructor',
    ]);
    expect(statusSentence(sfcl160a, translators.en!)).toBe(
      'Current until 2027.05.14 — to stay current, by then: 1:20 more flight time and 1 more training flight with an instructor',
    );
  });

  it('lapsed says what is missing; a lapsed medical says there is none valid', () => {
    const lapsed = rule({ rule: 'sfcl_160e', status: 'lapsed', until: null, needed: { launches: 3 } });
    expect(statusSentence(lapsed, translators.en!)).toBe('Lapsed: 3 more launches needed');
    const medical = rule({ rule: 'medical', status: 'lapsed', until: null });
    expect(ruleTitle(medical, translators.en!)).toBe('Medical certificate');
    expect(statusSentence(medical, translators.en!)).toBe('No valid medical certificate on record');
  });

  it('current without anything to fly: just the date; a proficiency check says so', () => {
    expect(statusSentence(rule({ rule: 'medical', until: '2026-12-10' }), translators.en!)).toBe(
      'Current until 2026.12.10',
    );
    expect(
      statusSentence(
        rule({ rule: 'sfcl_160a', via: 'proficiency_check', until: '2028-03-01' }),
        translators.en!,
      ),
    ).toBe('Current until 2028.03.01 through the proficiency check');
  });

  it('uses each language’s plurals', () => {
    const tow = (launches: number) => rule({ method: 'tow', needed: { launches } });
    expect(neededWords(tow(2), translators.pl!)).toEqual(['jeszcze 2 starty za samolotem']);
    expect(neededWords(tow(5), translators.pl!)).toEqual(['jeszcze 5 startów za samolotem']);
    expect(statusSentence(tow(1), translators.hu!)).toBe(
      'Érvényes: 2027.05.14 — meghosszabbításhoz addig kell: még 1 vontatásos indítás',
    );
  });
});
