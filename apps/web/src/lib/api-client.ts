import type { ErrorResponse } from '@grandline/core/contracts/errors';
import { FROM_CACHE_HEADER, reportReachability } from './reachability';

// The one fetch wrapper: JSON in, JSON out, errors as ApiError with the server's code.

/** A field-level problem of a validation error (the error envelope's `issues`). */
export type ApiIssue = NonNullable<ErrorResponse['error']['issues']>[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** The whole error object of the answer (e.g. an import's `failures`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined | null>;

function toSearchParams(params: QueryParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  return search;
}

/** Our errors are `{ error: { code, message, issues } }`; the auth library answers `{ code, message }`. */
async function toApiError(res: Response): Promise<ApiError> {
  let code = res.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR';
  let message = res.statusText;
  let issues: ApiIssue[] = [];
  let details: Record<string, unknown> = {};
  try {
    const body = (await res.json()) as Partial<ErrorResponse> & { code?: string; message?: string };
    code = body.error?.code ?? body.code ?? code;
    message = body.error?.message ?? body.message ?? message;
    issues = body.error?.issues ?? [];
    details = body.error ?? {};
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, code, message, issues, details);
}

/** How the server's rendering (entry-server.tsx) asks its own API: in the same process, with the visitor's headers. */
let serverFetch: ((path: string, init: RequestInit) => Promise<Response>) | null = null;

export function setServerFetch(fetcher: typeof serverFetch) {
  serverFetch = fetcher;
}

async function request<T>(method: string, path: string, init: RequestInit & { query?: QueryParams; json?: unknown; asText?: boolean }): Promise<T> {
  const { query: params, json, asText, ...rest } = init;
  const query = toSearchParams(params).toString();
  const headers: Record<string, string> = { Accept: 'application/json', ...(rest.headers as Record<string, string> | undefined) };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  // The app's language, for the messages the server writes (a search query's error, e-mails a write sends). Every
  // request carries it; a server-drawn page asks without it (no document) and the server reads the visitor's
  // Accept-Language instead.
  if (typeof document !== 'undefined') headers['X-Grandline-Language'] = document.documentElement.lang || 'en';
  let res: Response;
  try {
    // The browser adds Origin to every request that is not GET or HEAD (fetch here, XHR in apiUpload); the server
    // refuses cookie-authenticated writes without it. Never give these requests referrerPolicy 'no-referrer',
    // which turns that Origin into "null".
    const url = `/api${path}${query ? `?${query}` : ''}`;
    res = await (serverFetch ?? fetch)(url, {
      ...rest,
      method,
      headers,
      credentials: 'same-origin',
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    reportReachability(false);
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  reportReachability(!res.headers.has(FROM_CACHE_HEADER));
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (asText) return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, init?: RequestInit) => request<T>('GET', path, { ...init, query: params });

/** A state-changing call with a JSON body (POST, PUT, PATCH, DELETE). */
export const apiSend = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, json?: unknown, init?: RequestInit) =>
  request<T>(method, path, { ...init, json: json ?? (method === 'DELETE' ? undefined : {}) });

/** A state-changing call whose answer is a file's text (a CSV export that counts against a plan's limit). */
export const apiSendForText = (method: 'POST', path: string, json?: unknown) => request<string>(method, path, { json: json ?? {}, asText: true });

/** Plain text (e.g. legal Markdown) from the same origin; null on 404. */
export async function fetchText(url: string, init?: RequestInit): Promise<string | null> {
  const res = await fetch(url, init);
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, 'INTERNAL_ERROR', res.statusText);
  return res.text();
}

/**
 * Sends a file as the raw request body with upload progress (fetch has none): `onProgress` gets 0–100 while
 * the bytes go out. Answers JSON like the other calls, and errors as ApiError.
 */
export function apiUpload<T>(
  path: string,
  body: Blob,
  { query, onProgress, contentType, method = 'POST' }: { query?: QueryParams; onProgress?: (percent: number) => void; contentType?: string; method?: 'POST' | 'PUT' } = {},
): Promise<T> {
  const search = toSearchParams(query).toString();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}${search ? `?${search}` : ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', contentType || body.type || 'application/octet-stream');
    xhr.setRequestHeader('X-Grandline-Language', document.documentElement.lang || 'en');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      reportReachability(false);
      reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText, headers: { 'Content-Type': 'application/json' } });
      if (xhr.status >= 200 && xhr.status < 300) resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      else void toApiError(response).then(reject);
    };
    xhr.send(body);
  });
}
