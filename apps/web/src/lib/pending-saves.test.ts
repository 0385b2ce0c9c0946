import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { pendingSaves } from './pending-saves';

const fetchMock = vi.fn();
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('saves that cannot reach the server', () => {
  it('wait while offline, are counted as waiting, and go out by themselves when the network returns', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    const seen: number[] = [];
    const stop = pendingSaves.subscribe(() => seen.push(pendingSaves.get().count));
    onlineManager.setOnline(true);
    const save = apiRequest('/profile', { method: 'PUT', body: { name: 'Ada' } });
    await vi.waitFor(() => expect(pendingSaves.get().count).toBe(1));
    onlineManager.setOnline(false);
    await vi.waitFor(() => expect(pendingSaves.get().offline).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    onlineManager.setOnline(true);
    await expect(save).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The same body went out again.
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'PUT', body: '{"name":"Ada"}' });
    expect(pendingSaves.get().count).toBe(0);
    expect(seen[0]).toBe(1);
    stop();
  });

  it('Retry sends a waiting save at once; HTTP errors and reads are not held back', async () => {
    vi.stubGlobal('fetch', fetchMock);
    onlineManager.setOnline(false);
    fetchMock.mockResolvedValueOnce(new Response('{"detail":"Name is required"}', { status: 422 }));
    const save = apiRequest('/profile', { method: 'PUT', body: {} });
    await vi.waitFor(() => expect(pendingSaves.get()).toEqual({ count: 1, offline: true }));
    expect(fetchMock).not.toHaveBeenCalled();
    pendingSaves.retryNow();
    // Sent, and the server's answer (an error) is the caller's as usual.
    await expect(save).rejects.toMatchObject({ status: 422, message: 'Name is required' });
    expect(pendingSaves.get().count).toBe(0);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/jobs')).rejects.toBeInstanceOf(TypeError);
  });
});
