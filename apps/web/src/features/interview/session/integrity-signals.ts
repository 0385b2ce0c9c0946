/**
 * Integrity evidence the interview page reports (issue 35, decision 0197): the window losing focus,
 * the tab hidden, leaving full screen, a paste, a changed microphone. Only that the event happened and
 * how long it lasted; never what was pasted, never the screen. The server stamps the time.
 */
import type { IntegrityKind } from '@app/shared';

export type IntegrityReport = { event: 'integrity'; kind: IntegrityKind; duration_ms?: number };

/** The same kind at most once in this many milliseconds; the whole page at most PER_MINUTE a minute. */
export const SAME_KIND_GAP_MS = 3000;
export const PER_MINUTE = 12;

type Targets = {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState' | 'fullscreenElement'>;
  mediaDevices?: Pick<MediaDevices, 'addEventListener' | 'removeEventListener' | 'enumerateDevices'>;
};

/** What an event is watched on: the window, the document, the media devices. */
type Listenable = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

/** Starts watching; returns the function that stops. `now` is a monotonic clock in milliseconds. */
export function watchIntegrity(
  t: Targets,
  report: (r: IntegrityReport) => void,
  now: () => number = () => performance.now(),
): () => void {
  // Browsers (and test doubles) without device events simply report no microphone changes.
  const media =
    typeof t.mediaDevices?.addEventListener === 'function' && typeof t.mediaDevices.enumerateDevices === 'function'
      ? t.mediaDevices
      : undefined;
  const lastOf = new Map<IntegrityKind, number>();
  let sent: number[] = [];
  const emit = (kind: IntegrityKind, durationMs?: number) => {
    const at = now();
    sent = sent.filter((s) => at - s < 60_000);
    const last = lastOf.get(kind);
    if ((last !== undefined && at - last < SAME_KIND_GAP_MS) || sent.length >= PER_MINUTE) return;
    lastOf.set(kind, at);
    sent.push(at);
    report({ event: 'integrity', kind, ...(durationMs !== undefined && { duration_ms: Math.round(durationMs) }) });
  };

  // Away-type events are reported when they end, with how long they lasted.
  let blurAt: number | null = null;
  let hiddenAt: number | null = null;
  let fullscreenLeftAt: number | null = null;
  let wasFullscreen = Boolean(t.document.fullscreenElement);
  const onBlur = () => (blurAt = now());
  const onFocus = () => {
    if (blurAt !== null) emit('focus_lost', now() - blurAt);
    blurAt = null;
  };
  const onVisibility = () => {
    if (t.document.visibilityState === 'hidden') hiddenAt = now();
    else if (hiddenAt !== null) {
      emit('tab_hidden', now() - hiddenAt);
      hiddenAt = null;
    }
  };
  const onFullscreen = () => {
    const isFullscreen = Boolean(t.document.fullscreenElement);
    if (wasFullscreen && !isFullscreen) fullscreenLeftAt = now();
    if (isFullscreen && fullscreenLeftAt !== null) {
      emit('fullscreen_exit', now() - fullscreenLeftAt);
      fullscreenLeftAt = null;
    }
    wasFullscreen = isFullscreen;
  };
  const onPaste = () => emit('paste');
  let microphones: string | null = null;
  const listMicrophones = async () =>
    (await media!.enumerateDevices())
      .filter((d) => d.kind === 'audioinput')
      .map((d) => d.deviceId)
      .sort()
      .join(',');
  const onDeviceChange = () => {
    void listMicrophones().then((now) => {
      if (microphones !== null && now !== microphones) emit('microphone_changed');
      microphones = now;
    });
  };
  if (media)
    void listMicrophones().then(
      (m) => (microphones = m),
      () => undefined,
    );

  /** Each event watched: where it happens, and what notes it. Added now; removed by the returned stop. */
  const watched: [Listenable | undefined, string, () => void][] = [
    [t.window, 'blur', onBlur],
    [t.window, 'focus', onFocus],
    [t.document, 'visibilitychange', onVisibility],
    [t.document, 'fullscreenchange', onFullscreen],
    [t.document, 'paste', onPaste],
    [media, 'devicechange', onDeviceChange],
  ];
  for (const [target, type, listener] of watched) target?.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of watched) target?.removeEventListener(type, listener);
  };
}
