/** HTTP load with autocannon: a warm-up, then a measured run; requests/s and latency percentiles. */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function measure(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number; warmup: number },
): Promise<LoadResult> {
  await run(url, headers, options.connections, options.warmup);
  const result = await run(url, headers, options.connections, options.seconds);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
