/** The CLDR plural categories a counted text may have (Intl.PluralRules). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * Another language's shape of an English dictionary part: the same keys, except that a counted text
 * (`<key>_one`, `<key>_other` in English) has the forms the language needs, which differ by language
 * (Chinese only `_other`, Arabic all six); tests/unit/web-i18n-plurals.test.ts checks each is complete.
 */
export type Translation<T> = {
  [K in keyof T as K extends `${string}_${PluralCategory}` ? never : K]: T[K] extends string
    ? string
    : T[K] extends readonly unknown[]
      ? T[K]
      : Translation<T[K]>;
} & {
  [K in keyof T as K extends `${infer Base}_${PluralCategory}` ? `${Base}_${PluralCategory}` : never]?: string;
};
