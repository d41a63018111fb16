/** A read of our own API made while answering one page: its status, headers and whole body, kept for a second asker. */
interface Read {
  status: number;
  headers: Headers;
  body: ArrayBuffer | null;
}

/** Statuses whose answer has no body (a Response built with one throws). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The in-process API as one page's answer asks it: a GET asked twice (the page's status check reads the item, then
 * the drawing's loader reads it again — ADR 026) is answered once and handed to each asker whole. Other methods go
 * through each time. One instance per incoming request: nothing is shared between requests or users.
 */
export function onceEachRead(fetchApi: (apiPath: string, init: RequestInit) => Promise<Response>) {
  const reads = new Map<string, Promise<Read>>();
  return (apiPath: string, init: RequestInit = {}): Promise<Response> => {
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') return fetchApi(apiPath, init);
    let read = reads.get(apiPath);
    if (!read) {
      read = fetchApi(apiPath, init).then(async (res) => ({ status: res.status, headers: res.headers, body: NO_BODY.has(res.status) ? null : await res.arrayBuffer() }));
      reads.set(apiPath, read);
    }
    return read.then((r) => new Response(r.body ? r.body.slice(0) : null, { status: r.status, headers: r.headers }));
  };
}
