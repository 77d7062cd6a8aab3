import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One form of address per language (issue 13 §10): Hungarian speaks to the user formally (Ön,
 * "adja meg", "látja"), German with Sie. Every text of the hu and de locale files and help pages is
 * checked for the informal forms that had crept in ("repülhetsz", "nyisd meg", "egyenleged",
 * "du", "dein", "kannst").
 */
const LOCALES = join(import.meta.dirname, '../../frontend/src/locales');
const HELP = join(import.meta.dirname, '../../functions/identity/help');

const textsOf = (value: unknown, where: string): [string, string][] => {
  if (typeof value === 'string') return [[where, value]];
  if (Array.isArray(value)) return value.flatMap((inner, i) => textsOf(inner, `${where}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, `${where}.${key}`));
  return [];
};

/** Interpolations ({{updated}}) are code, not words. */
const withoutInterpolations = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ');

const textsFor = (lang: string): [string, string][] => [
  ...readdirSync(join(LOCALES, lang))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      textsOf(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')), `${lang}/${file}`),
    ),
  ...textsOf(JSON.parse(readFileSync(join(HELP, `${lang}.json`), 'utf8')), `help/${lang}.json`),
];

/** \b does not know accented letters: a word edge is anything that is not a letter. */
const word = (alternatives: string) => new RegExp(`(?<![\\p{L}])(?:${alternatives})(?![\\p{L}])`, 'iu');

const INFORMAL: Record<'hu' | 'de', { name: string; pattern: RegExp }[]> = {
  hu: [
    {
      name: 'informal pronoun (te, téged, neked, veled…)',
      pattern: word('te|téged|neked|veled|tőled|rólad|rád|rajtad|hozzád|nálad|belőled|tiéd'),
    },
    // "repülhetsz", "megnyithatsz"; "elhagyhatod", "módosíthatod".
    { name: 'second-person -hat/-het verb', pattern: /\p{L}+(?:hatsz|hetsz|hatod|heted)(?!\p{L})/iu },
    // "választottál", "beírtad", "kaptad" (not "átad", which is a plain verb).
    {
      name: 'second-person past verb',
      pattern: /\p{L}+(?:ttál|ttél|ttad|tted|[lprs]tad|[lprs]ted)(?!\p{L})/iu,
    },
    {
      name: 'informal imperative',
      pattern: word(
        'nyisd|válaszd|válassz|írd|add|adj|javítsd|változtasd|másold|töltsd|tölts|fizess|nézd|kattints|lépj|jelentkezz|ellenőrizd|próbáld|küldd|kérd',
      ),
    },
    {
      name: 'informal verb (látod, tudod, legyél, repülnöd)',
      pattern: word('látod|tudod|tudsz|lehetsz|legyél|repülnöd|viszel|vihetsz'),
    },
    // The second-person possessive of the nouns the screens use: "naplód", "egyenlegedre", "fiókod".
    {
      name: 'second-person possessive',
      pattern:
        /(?:naplód|egyenleged|egyesületed|jártasságod|minősítésed|követelményed|fiókod|jelszavad|adataid|kártyaadataid|profilod|repüléseid|dokumentumaid|tagságod|foglalásod)/iu,
    },
  ],
  de: [
    {
      name: 'du and its forms',
      pattern: word('du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer'),
    },
    {
      name: 'du verb form',
      pattern: word(
        'kannst|hast|bist|musst|willst|wirst|darfst|brauchst|siehst|findest|möchtest|sollst|weißt|gibst|öffne|wähle|klicke|trage|lade|gib',
      ),
    },
  ],
};

describe('one form of address per language', () => {
  for (const [lang, rules] of Object.entries(INFORMAL)) {
    const texts = textsFor(lang);

    it(`${lang} has texts to check`, () => {
      expect(texts.length).toBeGreaterThan(1000);
    });

    for (const { name, pattern } of rules) {
      it(`${lang}: no ${name}`, () => {
        const found = texts
          .filter(([, text]) => pattern.test(withoutInterpolations(text)))
          .map(([where, text]) => `${where}: ${text}`);
        expect(found).toEqual([]);
      });
    }
  }

  it('the checks catch the informal forms that were fixed', () => {
    const hits = (lang: 'hu' | 'de', text: string) =>
      INFORMAL[lang].some(({ pattern }) => pattern.test(text));
    expect(hits('hu', 'A repülési naplódból számolva: repülhetsz-e egyedül')).toBe(true);
    expect(hits('hu', 'Nyisd meg a tagot, és látod az egyenleg mögötti kivonatot.')).toBe(true);
    expect(hits('hu', 'a korrekció úgy kerül könyvelésre, ahogy beírtad.')).toBe(true);
    expect(hits('hu', 'Tölts fel pénzt az egyenlegedre.')).toBe(true);
    expect(hits('de', 'Aus deinem Flugbuch berechnet: ob du allein fliegen darfst.')).toBe(true);
    expect(hits('de', 'was du fliegen musst')).toBe(true);
    // …and leave the formal texts alone.
    expect(
      hits('hu', 'Nyissa meg a tagot, és látja az egyenlege mögötti kivonatot. Adja meg az összeget.'),
    ).toBe(false);
    expect(hits('de', 'Geben Sie ihr ein Enddatum; Ihr Flugbuch enthält keine Flüge.')).toBe(false);
  });
});
