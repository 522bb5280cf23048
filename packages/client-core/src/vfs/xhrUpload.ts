import type { UploadInit } from '../env.js';

/**
 * Sends a request with XMLHttpRequest, which tells the progress of the body
 * going up (fetch does not), and answers a Response like fetch: a network
 * failure rejects with a TypeError, a cancelled one with an AbortError.
 * Part of the browser environment (env.ts).
 */
export function xhrUpload(url: string, init: UploadInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => init.signal.removeEventListener('abort', abort);
    xhr.open(init.method, url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => init.onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      done();
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' } }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (init.signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    init.signal.addEventListener('abort', abort);
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}
