import {
  type DocumentSourceType,
  REQUIREMENTS,
  type Requirement,
  typeFitsSource,
} from '../../../../contracts/documents.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { currentLang } from '../../lib/i18n.ts';

/**
 * The document types (the supervisor's `documentTypes` list) as a screen needs them: the names in
 * the user's language, and the types that fit a kind of holder (contracts/documents.ts).
 */
export function useDocumentTypes() {
  const types = useDatasource('documentTypes');
  const lang = currentLang();
  const nameOf = (code: string) => {
    const names = types.items.find((type) => type.code === code)?.names;
    return names?.[lang] ?? names?.en ?? code;
  };
  const optionsFor = (source: DocumentSourceType) =>
    types.items
      .filter((type) => type.active && typeFitsSource(type.code, source))
      .map((type) => ({ value: type.code, label: nameOf(type.code) }));
  return { loading: types.loading, nameOf, optionsFor };
}

/** The type a "missing" requirement's upload starts with: its first. */
export const firstTypeOf = (requirement: Requirement) => REQUIREMENTS[requirement][0];
