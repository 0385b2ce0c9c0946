import { execFileSync } from 'node:child_process';

/** The programs a job recognition model is built and used with (sphinxbase-utils, flite, pocketsphinx). */
export const recognitionToolsInstalled = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v sphinx_lm_convert && command -v t2p && command -v pocketsphinx_continuous']);
    return true;
  } catch {
    return false;
  }
})();
