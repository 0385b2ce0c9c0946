import { useEffect, useRef } from 'react';

/** The candidate's own camera, small at the bottom right, with a red 'Recording' badge while recording. */
export function SelfView({ stream, recording }: { stream: MediaStream | null; recording: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream;
  }, [stream]);

  return (
    <div className="absolute right-3 bottom-28 z-10 w-28 overflow-hidden rounded-xl border border-white/15 bg-slate-800 shadow-lg sm:right-6 sm:bottom-28 sm:w-56">
      <div className="aspect-video w-full">
        {stream ? (
          <video
            ref={videoRef}
            autoPlay
            muted
            playsInline
            aria-label="Your camera"
            className="h-full w-full -scale-x-100 object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-[10px] text-slate-400 sm:text-xs">
            Camera off
          </div>
        )}
      </div>
      {recording && (
        <span className="absolute top-1.5 left-1.5 flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 text-[10px] font-semibold text-white sm:text-xs">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-white" aria-hidden />
          Recording
        </span>
      )}
    </div>
  );
}
