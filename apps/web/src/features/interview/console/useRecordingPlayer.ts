/**
 * The console's recording player: the recording's segments (decision 0145) played one after the
 * other in one <video>, straight from their signed links, so the browser fetches byte ranges as it
 * plays and seeks instead of downloading the whole file first. Once the interview ended and the
 * server joined the segments (decision 0168), the one joined file plays instead: one timeline,
 * seekable by its cue index. Time is the interview's clock. While the server is still joining them
 * (the playlist's `joining`, decision 0224), the parts play and the playlist is asked again when it
 * says; the joined file then takes over at the same moment.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordingPlaylist } from '@app/shared';
import { absoluteUrl } from '../../../lib/api-client';
import { fetchRecordingPlaylist } from './api/recording';
import { fileTime, interviewTime, interviewTimeInFile, locate } from './lib/recording-timeline';

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
  /** Where the parts were playing, so the joined file, when it arrives, goes on from there. */
  const playing = useRef<{ time: number; joined: boolean }>({ time: 0, joined: false });

  const fetchPlaylist = useCallback(
    (signal?: AbortSignal) =>
      fetchRecordingPlaylist(interviewId, signal)
        .then((playlist) => {
          const v = video.current;
          if (playlist?.file && !playing.current.joined && v && playing.current.time > 0) {
            pending.current = { at: fileTime(playlist.segments, playing.current.time), play: !v.paused };
          }
          playing.current.joined = Boolean(playlist?.file);
          setLoad({ playlist, error: null, loading: false });
        })
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
  const joined = load.playlist?.file ?? null;
  const joining = (!joined && load.playlist?.joining) || null;

  // The server is joining the parts: ask again when it says (again and again until it is done).
  useEffect(() => {
    if (!enabled || !joining) return;
    const timer = setTimeout(() => void fetchPlaylist(), Math.max(1, joining.retry_after_seconds) * 1000);
    return () => clearTimeout(timer);
  }, [enabled, joining, fetchPlaylist]);
  const segment = segments[index];
  const src = joined?.url ?? segment?.url;

  /** Plays the interview from `t` seconds, in whichever segment holds that moment. */
  const seekTo = useCallback(
    (t: number) => {
      const v = video.current;
      if (!v || !segments.length) return;
      if (joined) {
        v.currentTime = fileTime(segments, t);
        void v.play().catch(() => undefined);
        return;
      }
      const target = locate(segments, t);
      if (target.index === index) {
        v.currentTime = target.at;
        void v.play().catch(() => undefined);
      } else {
        pending.current = { at: target.at, play: true };
        setIndex(target.index);
      }
    },
    [index, segments, joined],
  );

  const videoProps = {
    ref: video,
    src: src ? absoluteUrl(src) : undefined,
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
      if (!v) return;
      const t = joined ? interviewTimeInFile(segments, v.currentTime) : interviewTime(segments, index, v.currentTime);
      playing.current.time = t;
      setTime(t);
    },
    onEnded: () => {
      // The next segment (after a reload in the interview) follows on.
      if (!joined && index + 1 < segments.length) {
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
    ready: Boolean(src),
    time,
    seekTo,
    videoProps,
    part: !joined && segments.length > 1 ? { index, count: segments.length } : null,
    /** The parts are being joined into one file on the server. */
    joining: Boolean(joining),
    duration: load.playlist?.duration_seconds ?? null,
  };
}

/** What the review page's parts (the transcript, the work sample) use of the player. */
export type RecordingPlayer = ReturnType<typeof useRecordingPlayer>;
