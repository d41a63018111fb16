/** The one fetch wrapper: JSON in, JSON out, errors as ApiError with the server's code. */
export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export function toSearchParams(params: QueryParams = {}): URLSearchParams {
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

export async function apiGet<T>(path: string, params?: QueryParams, init?: RequestInit): Promise<T> {
  const query = toSearchParams(params).toString();
  let res: Response;
  try {
    res = await fetch(`/api${path}${query ? `?${query}` : ''}`, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  if (!res.ok) {
    let code = 'INTERNAL_ERROR';
    let message = res.statusText;
    let issues: ApiIssue[] = [];
    try {
      const body = (await res.json()) as { error?: { code?: string; message?: string; issues?: ApiIssue[] } };
      code = body.error?.code ?? code;
      message = body.error?.message ?? message;
      issues = body.error?.issues ?? [];
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, code, message, issues);
  }
  return (await res.json()) as T;
}

/** Plain text (e.g. legal Markdown) from the same origin; null on 404. */
export async function fetchText(url: string, init?: RequestInit): Promise<string | null> {
  const res = await fetch(url, init);
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, 'INTERNAL_ERROR', res.statusText);
  return res.text();
}
