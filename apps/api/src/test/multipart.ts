/** A file part of a test's multipart body; the type is the client's claim (the server sniffs the bytes). */
export type Upload = { field: string; bytes: Buffer; type?: string; filename?: string };

/**
 * A multipart body exactly as a browser's FormData sends it, for `app.inject`: a list value is a
 * repeated field.
 */
export async function multipartBody(fields: Record<string, string | string[]>, uploads: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const upload of uploads) {
    form.append(
      upload.field,
      new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'image/jpeg' }),
      upload.filename ?? 'upload.jpg',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}
