import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModules() {
  vi.resetModules();
  const status = await import('./connection-status.ts');
  const client = await import('./api-client.ts');
  const queries = await import('./query-client.ts');
  return { ...status, ...client, ...queries };
}

function answer(status: number, headers: Record<string, string> = {}) {
  return new Response(status === 204 ? null : '{}', { status, headers });
}

describe('connection status', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a 503 or no answer means reconnecting; any other answer ends it and tells the listeners once', async () => {
    const { apiRequest, connectionStatus, onReconnected } = await freshModules();
    const reconnected = vi.fn();
    onReconnected(reconnected);

    fetchMock.mockResolvedValueOnce(answer(503, { 'retry-after': '5' }));
    await expect(apiRequest('/v1/leads')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(connectionStatus()).toBe('reconnecting');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/v1/leads')).rejects.toThrow('Network error');
    expect(connectionStatus()).toBe('reconnecting');

    fetchMock.mockResolvedValueOnce(answer(404));
    await expect(apiRequest('/v1/leads/x')).rejects.toMatchObject({ status: 404 });
    expect(connectionStatus()).toBe('online');
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('while reconnecting, probes /readyz every few seconds until it answers ready', async () => {
    const { PROBE_INTERVAL_MS, connectionStatus, reportUnavailable } = await freshModules();
    reportUnavailable();
    fetchMock.mockResolvedValueOnce(answer(503));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fetchMock).toHaveBeenLastCalledWith('/readyz', expect.anything());
    expect(connectionStatus()).toBe('reconnecting');
    fetchMock.mockResolvedValueOnce(answer(200));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(connectionStatus()).toBe('online');
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a dropped stream reports an outage only when /readyz does not answer ready', async () => {
    const { checkConnection, connectionStatus } = await freshModules();
    fetchMock.mockResolvedValueOnce(answer(200));
    await checkConnection();
    expect(connectionStatus()).toBe('online');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await checkConnection();
    expect(connectionStatus()).toBe('reconnecting');
  });

  it('retries wait for Retry-After when the server sent one, otherwise back off up to 30 s', async () => {
    const { ApiError, retryDelay } = await freshModules();
    expect(retryDelay(0, new ApiError(503, 'service_unavailable', 'Briefly unavailable', {}, 5))).toBe(5000);
    expect(retryDelay(3, new ApiError(503, 'service_unavailable', 'Briefly unavailable', {}, 600))).toBe(30_000);
    expect(retryDelay(0, new TypeError('x'))).toBe(1000);
    expect(retryDelay(2, new TypeError('x'))).toBe(4000);
    expect(retryDelay(10, new TypeError('x'))).toBe(30_000);
  });

  it('an invalidation awaited by a mutation settles once Leadbell is known to be away', async () => {
    const { createQueryClient, reportUnavailable } = await freshModules();
    const queryClient = createQueryClient();
    const neverAnswers = new Promise<never>(() => {});
    queryClient.setQueryData(['slow'], 1);
    void queryClient.prefetchQuery({ queryKey: ['slow'], queryFn: () => neverAnswers, staleTime: 0 });
    const settled = vi.fn();
    void queryClient.invalidateQueries({ queryKey: ['slow'], refetchType: 'all' }).then(settled);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    reportUnavailable();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();
  });
});
