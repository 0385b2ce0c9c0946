/**
 * The console's recording player: the recording's segments (decision 0145) played one after the
 * other in one <video>, straight from their signed links, so the browser fetches byte ranges as it
 * plays and seeks instead of downloading the whole file first. Time is the interview's clock.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordingPlaylist } from '@app/shared';
import { absoluteUrl } from '../../../lib/api-client';
import { fetchRecordingPlaylist } from '../api/recording';
import { interviewTime, locate } from '../lib/recording-timeline';

type Load = { playlist: RecordingPlaylist | null; error: string | null; loading: boolean };

export function useRecordingPlayer(interviewId: string, enabled: boolean) {
  const [load, setLoad] = useState<Load>({ playlist: null, error: null, loading: enabled });
  const [index, setIndex] = useState(0);
  const [time, setTime] = useState(0);
  const video = useRef<HTMLVideoElement | null>(null);
  /** Where to go once the segment being switched to has loaded, and whether to play from there. */
  const pending = useRef<{ at: number; play: boolean } | null>(null);
  /** A link that stopped working (expired while the page stayed open) is fetched again once. */
  const refetched = useRef(false);

  const fetchPlaylist = useCallback(
    (signal?: AbortSignal) =>
      fetchRecordingPlaylist(interviewId, signal)
        .then((playlist) => setLoad({ playlist, error: null, loading: false }))
        .catch((err: Error) => {
          if (!signal?.aborted) setLoad({ playlist: null, error: err.message, loading: false });
        }),
    [interviewId],
  );

  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    void fetchPlaylist(ctrl.signal);
    return () => ctrl.abort();
  }, [enabled, fetchPlaylist]);

  const segments = useMemo(() => load.playlist?.segments ?? [], [load.playlist]);
  const segment = segments[index];

  /** Plays the interview from `t` seconds, in whichever segment holds that moment. */
  const seekTo = useCallback(
    (t: number) => {
      const v = video.current;
      if (!v || !segments.length) return;
      const target = locate(segments, t);
      if (target.index === index) {
        v.currentTime = target.at;
        void v.play().catch(() => undefined);
      } else {
        pending.current = { at: target.at, play: true };
        setIndex(target.index);
      }
    },
    [index, segments],
  );

  const videoProps = {
    ref: video,
    src: segment ? absoluteUrl(segment.url) : undefined,
    onLoadedMetadata: () => {
      const v = video.current;
      const go = pending.current;
      pending.current = null;
      refetched.current = false;
      if (!v || !go) return;
      v.currentTime = go.at;
      if (go.play) void v.play().catch(() => undefined);
    },
    onTimeUpdate: () => {
      const v = video.current;
      if (v) setTime(interviewTime(segments, index, v.currentTime));
    },
    onEnded: () => {
      // The next segment (after a reload in the interview) follows on.
      if (index + 1 < segments.length) {
        pending.current = { at: 0, play: true };
        setIndex(index + 1);
      }
    },
    onError: () => {
      if (refetched.current) return;
      refetched.current = true;
      const v = video.current;
      pending.current = { at: v?.currentTime ?? 0, play: v ? !v.paused : false };
      void fetchPlaylist();
    },
  };

  return {
    ...load,
    /** Whether there is something to play. */
    ready: Boolean(segment),
    time,
    seekTo,
    videoProps,
    part: segments.length > 1 ? { index, count: segments.length } : null,
    duration: load.playlist?.duration_seconds ?? null,
  };
}
