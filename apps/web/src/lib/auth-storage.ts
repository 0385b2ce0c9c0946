import { TOKEN_STORAGE_KEY } from '@app/shared';

/** The session token lives in localStorage under the key `token` (spec part 1 section 3). */
export const authStorage = {
  get: (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
};
