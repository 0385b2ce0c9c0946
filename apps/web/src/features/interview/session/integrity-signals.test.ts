import { describe, expect, it } from 'vitest';
import { PER_MINUTE, watchIntegrity, type IntegrityReport } from './integrity-signals';

function setup() {
  let t = 0;
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    fullscreenElement: null as Element | null,
  });
  let devices = [{ kind: 'audioinput', deviceId: 'a' }];
  const media = Object.assign(new EventTarget(), { enumerateDevices: async () => devices as MediaDeviceInfo[] });
  const sent: IntegrityReport[] = [];
  const stop = watchIntegrity(
    {
      window: win as unknown as Window,
      document: doc as unknown as Document,
      mediaDevices: media as unknown as MediaDevices,
    },
    (r) => sent.push(r),
    () => t,
  );
  return {
    sent,
    stop,
    win,
    doc,
    media,
    advance: (ms: number) => (t += ms),
    setDevices: (d: typeof devices) => (devices = d),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('watchIntegrity', () => {
  it('reports focus loss and a hidden tab when they end, with how long they lasted', () => {
    const s = setup();
    s.win.dispatchEvent(new Event('blur'));
    s.advance(4200);
    s.win.dispatchEvent(new Event('focus'));
    s.doc.visibilityState = 'hidden';
    s.doc.dispatchEvent(new Event('visibilitychange'));
    s.advance(1500);
    s.doc.visibilityState = 'visible';
    s.doc.dispatchEvent(new Event('visibilitychange'));
    expect(s.sent).toEqual([
      { event: 'integrity', kind: 'focus_lost', duration_ms: 4200 },
      { event: 'integrity', kind: 'tab_hidden', duration_ms: 1500 },
    ]);
  });

  it('reports leaving full screen when it is entered again, a paste, and a changed microphone', async () => {
    const s = setup();
    await settle();
    s.doc.fullscreenElement = {} as Element;
    s.doc.dispatchEvent(new Event('fullscreenchange'));
    s.doc.fullscreenElement = null;
    s.doc.dispatchEvent(new Event('fullscreenchange'));
    s.advance(2000);
    s.doc.fullscreenElement = {} as Element;
    s.doc.dispatchEvent(new Event('fullscreenchange'));
    s.doc.dispatchEvent(new Event('paste'));
    s.setDevices([{ kind: 'audioinput', deviceId: 'b' }]);
    s.media.dispatchEvent(new Event('devicechange'));
    await settle();
    expect(s.sent.map((r) => r.kind)).toEqual(['fullscreen_exit', 'paste', 'microphone_changed']);
    expect(s.sent[0]).toMatchObject({ duration_ms: 2000 });
  });

  it('limits its own rate: the same kind once in 3 s, and a dozen a minute in all; nothing after stop', () => {
    const s = setup();
    s.doc.dispatchEvent(new Event('paste'));
    s.doc.dispatchEvent(new Event('paste'));
    expect(s.sent).toHaveLength(1);
    for (let i = 0; i < 30; i++) {
      s.advance(3000);
      s.doc.dispatchEvent(new Event('paste'));
    }
    // Pastes every 3 s for 90 s: the first PER_MINUTE (0-33 s), none until the first falls out of the
    // minute, then one every 3 s again (60-90 s).
    expect(PER_MINUTE).toBe(12);
    expect(s.sent).toHaveLength(12 + 11);
    s.stop();
    const n = s.sent.length;
    s.advance(60_000);
    s.doc.dispatchEvent(new Event('paste'));
    expect(s.sent).toHaveLength(n);
  });
});
