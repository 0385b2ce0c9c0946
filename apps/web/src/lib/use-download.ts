import { useState } from 'react';

/**
 * A file download started from a button: which one is running (`key`, where a page offers several;
 * their buttons wait meanwhile) and why the last one failed, in `describe`'s words.
 */
export function useDownload<K extends string>(describe: (err: unknown) => string) {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (key: K, download: () => Promise<unknown>) => {
    setBusy(key);
    setError(null);
    try {
      await download();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, start };
}
