import { DEFAULT_LANGUAGE } from './locales.ts';

/**
 * Catalog data keeps each entry's English beside its other languages (`"es": { "name": … }`), so one
 * edit corrects a name. This reads one field in one language, falling back to the English.
 */
export function translated<K extends string>(
  entry: { readonly [key in K]?: unknown } & Readonly<Record<string, unknown>>,
  field: K,
  language: string,
): string {
  const english = entry[field];
  if (language !== DEFAULT_LANGUAGE) {
    const other = entry[language];
    if (typeof other === 'object' && other !== null) {
      const value = (other as Readonly<Record<string, unknown>>)[field];
      if (typeof value === 'string') return value;
    }
  }
  return typeof english === 'string' ? english : '';
}
