import { AppValidationPipe } from './validation';

const pipe = new AppValidationPipe();

/** A form field as a page reads it: the string the browser sent, or undefined (missing, or repeated into an array). */
export const formText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A comma- or space-separated form field as a list (blank: undefined, so the DTO's default applies). */
export function formList(v: unknown): string[] | undefined {
  const items = formText(v)
    ?.split(/[\s,]+/)
    .filter((s) => s !== '');
  return items?.length ? items : undefined;
}

/**
 * A page form's values through the same DTO and validation as its JSON route: the DTO, or a
 * ValidationProblem (422) that `formRefusal` turns into the page's error line.
 */
export async function validForm<T extends object>(metatype: new () => T, input: Record<string, unknown>): Promise<T> {
  return (await pipe.transform(input, { type: 'body', metatype })) as T;
}

/** A whole-number form field as a number; blank is undefined, anything else goes through as sent (and the DTO refuses it). */
export function formInt(v: unknown): number | string | undefined {
  const s = formText(v)?.trim();
  if (!s) return undefined;
  return /^\d{1,15}$/.test(s) ? Number(s) : s;
}

/** A redirect's `?notice=` as words: a key of the page's fixed set, never text from the address. */
export function fixedNotice(notices: Readonly<Record<string, string>>, value: unknown): string | undefined {
  const key = formText(value);
  return key !== undefined && Object.hasOwn(notices, key) ? notices[key] : undefined;
}
