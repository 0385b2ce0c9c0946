/**
 * The interview recording: webm (vp8/opus when supported) at about 1 Mbit/s of video, sliced every
 * 5 s, each slice sent to the server as it is made (session/recording-uploader.ts, decision 0145).
 */
import { RecordingUploader } from './recording-uploader';

const MIME_CANDIDATES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'];
/** Plenty for a talking head; 25 minutes come to about 200 MB. */
export const RECORDING_VIDEO_BITS_PER_SECOND = 1_000_000;
export const RECORDING_AUDIO_BITS_PER_SECOND = 64_000;
/** How often a slice goes to the server: at most this much is lost to a reload or a crash. */
export const RECORDING_SLICE_MS = 5000;

export function pickRecordingMimeType(isSupported: (t: string) => boolean): string | undefined {
  return MIME_CANDIDATES.find((t) => isSupported(t));
}

export class InterviewRecorder {
  private recorder: MediaRecorder | null = null;
  private uploader: RecordingUploader | null = null;
  /** The interview the recording belongs to (set once the media is open; practice has none). */
  interviewId: string | null = null;

  get isRecording() {
    return this.recorder?.state === 'recording';
  }

  /** Starts a new stream of the interview's recording (a new segment on the server). */
  start(stream: MediaStream): void {
    const interviewId = this.interviewId;
    if (!interviewId) throw new Error('No interview to record for');
    const mimeType =
      typeof MediaRecorder.isTypeSupported === 'function'
        ? pickRecordingMimeType((t) => MediaRecorder.isTypeSupported(t))
        : undefined;
    const uploader = new RecordingUploader(interviewId);
    const recorder = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: RECORDING_VIDEO_BITS_PER_SECOND,
      audioBitsPerSecond: RECORDING_AUDIO_BITS_PER_SECOND,
    });
    const startedAt = performance.now();
    recorder.ondataavailable = (ev) => uploader.push(ev.data, performance.now() - startedAt);
    recorder.start(RECORDING_SLICE_MS);
    this.recorder = recorder;
    this.uploader = uploader;
  }

  /** Stops recording; the returned uploader still holds the last slices until they are sent. */
  async stop(): Promise<RecordingUploader | null> {
    const recorder = this.recorder;
    const uploader = this.uploader;
    this.recorder = null;
    this.uploader = null;
    if (recorder && recorder.state !== 'inactive') {
      // The last slice arrives (dataavailable) before `stop`.
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
      });
    }
    return uploader;
  }
}
