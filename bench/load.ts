/** One autocannon scenario's figures, as every part of the bench reports them. */
export interface LoadResult {
  name: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}
