import { useCallback, useEffect, useRef, useState } from 'react';

export type MediaCheck = {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  cameraReady: boolean;
  micReady: boolean;
  /** True once getUserMedia failed (denied or no device). */
  denied: boolean;
  requesting: boolean;
  /** Stops every track (before leaving for the interview, which opens its own stream). */
  stop: () => void;
  retry: () => void;
};

/**
 * Requests camera and microphone as soon as `enabled` is true, shows the camera in `videoRef`,
 * and stops the tracks when the screen goes away.
 */
export function useMediaCheck(enabled = true): MediaCheck {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const [micReady, setMicReady] = useState(false);
  const [denied, setDenied] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCameraReady(false);
    setMicReady(false);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setRequesting(true);
    setDenied(false);
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('Media devices are not available');
        const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
        if (cancelled) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        streamRef.current = stream;
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play?.().catch(() => undefined);
        }
        const live = (tracks: MediaStreamTrack[]) => tracks.some((t) => t.readyState === 'live');
        setCameraReady(live(stream.getVideoTracks()));
        setMicReady(live(stream.getAudioTracks()));
      } catch (err) {
        if (cancelled) return;
        console.error('Camera/microphone request failed', err);
        setDenied(true);
      } finally {
        if (!cancelled) setRequesting(false);
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
  }, [enabled, attempt, stop]);

  // The video element may mount after the stream arrived (e.g. a step change); attach it then.
  useEffect(() => {
    if (videoRef.current && streamRef.current && videoRef.current.srcObject !== streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play?.().catch(() => undefined);
    }
  });

  return { videoRef, cameraReady, micReady, denied, requesting, stop, retry: () => setAttempt((a) => a + 1) };
}
