import { Camera, CheckCircle2, Loader2, Mic, VideoOff } from 'lucide-react';
import type { MediaCheck } from '../hooks/use-media-check';

function Indicator({
  ready,
  label,
  waiting,
  icon: Icon,
}: {
  ready: boolean;
  label: string;
  waiting: string;
  icon: typeof Mic;
}) {
  return (
    <div
      className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
        ready ? 'border-green-200 bg-green-50 text-green-800' : 'border-slate-200 bg-slate-50 text-slate-600'
      }`}
    >
      {ready ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <Icon className="h-4 w-4" aria-hidden />}
      <span>{ready ? label : waiting}</span>
    </div>
  );
}

/** The camera preview with the 'Camera working' / 'Mic working' indicators. */
export function EquipmentPreview({ media }: { media: MediaCheck }) {
  return (
    <div>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={media.videoRef}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          className="h-full w-full -scale-x-100 object-cover"
        />
        {!media.cameraReady && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-slate-300">
            {media.denied ? (
              <VideoOff className="h-8 w-8" aria-hidden />
            ) : (
              <Loader2 className="h-8 w-8 animate-spin" aria-hidden />
            )}
            <span>{media.denied ? 'Camera unavailable' : 'Starting camera...'}</span>
          </div>
        )}
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3" aria-live="polite">
        <Indicator
          ready={media.cameraReady}
          label="Camera working"
          waiting={media.denied ? 'Camera blocked' : 'Checking camera...'}
          icon={Camera}
        />
        <Indicator
          ready={media.micReady}
          label="Mic working"
          waiting={media.denied ? 'Mic blocked' : 'Checking mic...'}
          icon={Mic}
        />
      </div>
    </div>
  );
}
