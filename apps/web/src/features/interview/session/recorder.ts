/** The interview recording: webm (vp8/opus when supported) at 2.5 Mbit/s in 1-second slices. */
import fixWebmDuration from 'fix-webm-duration';

const MIME_CANDIDATES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'];
export const RECORDING_BITS_PER_SECOND = 2_500_000;
export const RECORDING_SLICE_MS = 1000;

export function pickRecordingMimeType(isSupported: (t: string) => boolean): string | undefined {
  return MIME_CANDIDATES.find((t) => isSupported(t));
}

export class InterviewRecorder {
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private startedAt = 0;

  get isRecording() {
    return this.recorder?.state === 'recording';
  }

  start(stream: MediaStream): void {
    const mimeType =
      typeof MediaRecorder.isTypeSupported === 'function'
        ? pickRecordingMimeType((t) => MediaRecorder.isTypeSupported(t))
        : undefined;
    this.chunks = [];
    this.recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: RECORDING_BITS_PER_SECOND });
    this.recorder.ondataavailable = (ev) => {
      if (ev.data && ev.data.size > 0) this.chunks.push(ev.data);
    };
    this.recorder.start(RECORDING_SLICE_MS);
    this.startedAt = performance.now();
  }

  /** Stops and returns the whole recording, or null when nothing was recorded. */
  async stop(): Promise<Blob | null> {
    const recorder = this.recorder;
    this.recorder = null;
    if (recorder && recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
      });
    }
    if (this.chunks.length === 0) return null;
    const blob = new Blob(this.chunks, { type: 'video/webm' });
    this.chunks = [];
    // MediaRecorder leaves the duration out of the file (players show no timeline and seek
    // poorly); write the measured length into the header. A file it cannot parse is kept as is.
    if (!recorder) return blob;
    try {
      return await fixWebmDuration(blob, performance.now() - this.startedAt, { logger: false });
    } catch {
      return blob;
    }
  }
}
