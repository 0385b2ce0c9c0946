import { TOKEN_STORAGE_KEY } from '@app/shared';

/** The session token lives in localStorage under the key `token` (docs/product/rules.md). */
export const authStorage = {
  get: (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
};
