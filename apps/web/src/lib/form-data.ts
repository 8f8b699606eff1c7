/** A value a multipart form field can carry. */
export type FormDataValue = string | number | boolean | Blob | null | undefined;

/**
 * The multipart body of a form (the board's save, later news with its gallery): every field as
 * text, files as files, a list as one entry per item under the same name (`images`, `images`).
 * `undefined` leaves a field out (the server keeps its value); `null` sends it blank (the server
 * clears it), since a form cannot send "no value" any other way.
 */
export function toFormData(fields: Record<string, FormDataValue | readonly FormDataValue[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, item === null ? '' : String(item));
    }
  }
  return form;
}
