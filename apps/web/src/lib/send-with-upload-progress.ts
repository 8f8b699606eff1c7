/**
 * fetch cannot report how much of a body has been sent; XMLHttpRequest can. Used only for
 * uploads that show progress, and answered as a fetch Response so the rest is the same.
 */
export function sendWithUploadProgress(
  url: string,
  options: {
    method: string;
    headers: Record<string, string>;
    body: FormData;
    signal: AbortSignal;
    onUploadProgress: (fraction: number) => void;
  },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(options.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress(event.loaded / event.total);
    };
    request.onload = () =>
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? '' },
        }),
      );
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.body);
  });
}
