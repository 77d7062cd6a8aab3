import type { Namespace, TFunction } from 'i18next';

/** `t` for a key that is made at run time. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The one place where i18next's typed keys (i18next.d.ts) are set aside: for keys made at run time
 * — a message key the API sent, `field.${name}` over the names of a form, a page table's title.
 * Such keys come from lists test/unit/locales.test.ts checks against every locale (the error
 * catalogue, the page table, the enums); a key that is missing still shows as itself, never blank.
 */
export const dynamicT = <N extends Namespace>(t: TFunction<N>): Translate => t as unknown as Translate;
