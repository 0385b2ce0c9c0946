/* global AudioWorkletProcessor, registerProcessor */
/**
 * Mic capture for the live interview. Runs on the audio thread at the context's rate (48 kHz) and
 * hands the main thread blocks of 4096 mono samples (the "processing buffer" of docs/product/rules.md); resampling to 24 kHz, chunking and sending happen on the main thread.
 */
const BLOCK = 4096;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(BLOCK);
    this.filled = 0;
  }

  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const channels = input.length;
    const frames = input[0].length;
    for (let i = 0; i < frames; i++) {
      // Mix down to mono.
      let sum = 0;
      for (let c = 0; c < channels; c++) sum += input[c][i];
      this.buffer[this.filled++] = sum / channels;
      if (this.filled === BLOCK) {
        this.port.postMessage(this.buffer, [this.buffer.buffer]);
        this.buffer = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('interview-capture', CaptureProcessor);
