import * as z from 'zod/mini';
import { LANGS, type Lang } from '../langs.ts';
import { userText, version, whole } from '../validation.ts';

/** The global lookup lists (type-lists, type-list/{id}): plane types, document types, countries, … */

const nullableString = z.nullable(z.string());
const requiredText = (max: number) => userText(max, { min: 1 });

/** The global lookup lists (type-lists); datasources read them by these ids. */
const TYPE_LIST_IDS = [
  'planeTypes',
  'documentTypes',
  'certificateTypes',
  'airportCountries',
  'workTypes',
] as const;
export type TypeListId = (typeof TYPE_LIST_IDS)[number];
export const isTypeListId = (value: string): value is TypeListId =>
  (TYPE_LIST_IDS as readonly string[]).includes(value);
/** `GET /api/type-lists/{id}`. */
export const typeListId = z.enum(TYPE_LIST_IDS);

/** Hungarian (the default) and English (the fallback) are required; the others fall back to English. */
const names = z.strictObject(
  Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      lang === 'hu' || lang === 'en' ? requiredText(80) : z.optional(z.nullable(userText(80))),
    ]),
  ) as Record<Lang, ReturnType<typeof requiredText>>,
);

const typeListItemInput = z.strictObject({
  code: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9][A-Za-z0-9_.\- ]*$/)),
  names,
  active: z.boolean(),
  sort_order: z.number().check(whole, z.nonnegative(), z.maximum(100_000)),
});

/** Each code once in a list: a repeated one is refused where it repeats. */
export const duplicateCodeErrors = (items: readonly { code: string }[]): Record<string, string[]> => {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    const code = item.code.trim().toUpperCase();
    if (seen.has(code)) errors[`items.${index}.code`] = ['duplicate_value'];
    seen.add(code);
  });
  return errors;
};

export const updateTypeListInput = z
  .strictObject({
    items: z.array(typeListItemInput).check(z.maxLength(500)),
    version,
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const [path, keys] of Object.entries(duplicateCodeErrors(value.items)))
        for (const key of keys)
          ctx.addIssue({
            code: 'custom',
            message: key,
            path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            input: value,
          });
    }),
  );
export type UpdateTypeListInput = z.infer<typeof updateTypeListInput>;

const typeListItemOutput = z.object({
  code: z.string(),
  names: z.partialRecord(z.enum(LANGS), z.string()),
  active: z.boolean(),
  sort_order: z.number(),
});
export const typeListOutput = z.object({
  list_id: z.enum(TYPE_LIST_IDS),
  items: z.array(typeListItemOutput),
  version: z.number(),
});
export type TypeListOutput = z.infer<typeof typeListOutput>;

export const typeListsOutput = z.object({
  items: z.array(
    z.object({
      list_id: z.enum(TYPE_LIST_IDS),
      item_count: z.number(),
      active_count: z.number(),
      updated_at: nullableString,
    }),
  ),
});
