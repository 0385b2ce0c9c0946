/**
 * A copy of Debian's acoustic model that sphinxtrain's `bw` can read (decision 0172): the model ships
 * its mixture weights only as a quantized `sendump`, and `bw` needs a text mdef and `mixture_weights`.
 * Built once per data folder; the decoder itself keeps using the original model.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ACOUSTIC_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';
const COPIED = ['means', 'variances', 'transition_matrices', 'noisedict', 'feat.params', 'mdef'];

/**
 * `sendump` → `mixture_weights`: a header of length-prefixed strings ended by a zero length, then
 * the number of densities and of senones, then one byte per [feature][density][senone] holding
 * -log₁.₀₀₀₁(p) >> 10. Written as sphinxtrain's float32 [senone][feature][density], each
 * senone's densities summing to 1.
 */
export function mixtureWeightsFromSendump(sendump: Buffer, features: number): Buffer {
  let offset = 0;
  for (;;) {
    const length = sendump.readInt32LE(offset);
    offset += 4;
    if (length === 0) break;
    offset += length;
  }
  const densities = sendump.readInt32LE(offset);
  const senones = sendump.readInt32LE(offset + 4);
  offset += 8;
  if (sendump.length - offset !== features * densities * senones) throw new Error('unexpected sendump size');
  const weights = new Float32Array(senones * features * densities);
  for (let f = 0; f < features; f++) {
    for (let d = 0; d < densities; d++) {
      for (let s = 0; s < senones; s++) {
        const q = sendump[offset + (f * densities + d) * senones + s]!;
        weights[(s * features + f) * densities + d] = Math.pow(1.0001, -q * 1024);
      }
    }
  }
  for (let s = 0; s < senones; s++) {
    for (let f = 0; f < features; f++) {
      const row = weights.subarray((s * features + f) * densities, (s * features + f + 1) * densities);
      const total = row.reduce((a, b) => a + b, 0);
      for (let d = 0; d < densities; d++) row[d] = row[d]! / total;
    }
  }
  // An s3 header, padded so the binary part starts 4-aligned, then the byte-order magic.
  let head = 's3\nversion 1.0\n';
  const pad = (4 - ((head.length + 'endhdr\n'.length) % 4)) % 4;
  head += ' '.repeat(pad) + 'endhdr\n';
  const dims = Buffer.alloc(4 * 5);
  dims.writeUInt32LE(0x11223344, 0);
  dims.writeUInt32LE(senones, 4);
  dims.writeUInt32LE(features, 8);
  dims.writeUInt32LE(densities, 12);
  dims.writeUInt32LE(weights.length, 16);
  return Buffer.concat([Buffer.from(head, 'ascii'), dims, Buffer.from(weights.buffer)]);
}

/** The bw-readable model under `dir` (built the first time, then reused). */
export async function adaptableModel(dir: string, source = ACOUSTIC_MODEL_DIR): Promise<string> {
  const done = path.join(dir, 'mixture_weights');
  if (fs.existsSync(done)) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  fs.mkdirSync(tmp, { recursive: true });
  for (const name of COPIED) fs.copyFileSync(path.join(source, name), path.join(tmp, name));
  await run('pocketsphinx_mdef_convert', ['-text', path.join(tmp, 'mdef'), path.join(tmp, 'mdef.txt')]);
  fs.writeFileSync(
    path.join(tmp, 'mixture_weights'),
    mixtureWeightsFromSendump(fs.readFileSync(path.join(source, 'sendump')), 3),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    // Another pass built it at the same time: theirs is as good.
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(done)) throw err;
  }
  return dir;
}
