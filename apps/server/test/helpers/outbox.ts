import fs from 'node:fs';
import path from 'node:path';

/** The messages in DATA_DIR/outbox, with quoted-printable undone enough to match text and links. */
export function readOutbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}

/** The password reset link in the newest message to `to`. */
export function resetLink(dataDir: string, to: string): string | null {
  const mail = readOutbox(dataDir)
    .filter((m) => m.includes(`To: ${to}`))
    .pop();
  return /Choose a new password: (\S+)/.exec(mail ?? '')?.[1] ?? null;
}
