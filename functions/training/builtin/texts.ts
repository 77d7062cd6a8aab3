import type { Lang } from '../../../contracts/langs.ts';
import type { BuiltinProgramme } from '../../../contracts/schemas/training-enums.ts';
import cs from './cs.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import hu from './hu.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import type { BuiltinTexts } from './programmes.ts';
import sk from './sk.json' with { type: 'json' };

type Texts = Record<BuiltinProgramme, BuiltinTexts>;

/** The built-in programmes' words, one file per language (a unit test keeps them in step). */
export const BUILTIN_TEXTS: Record<Lang, Texts> = { hu, en, de, sk, cs, pl, fr, it };

export const builtinTexts = (lang: Lang): Texts => BUILTIN_TEXTS[lang] ?? BUILTIN_TEXTS.en;
