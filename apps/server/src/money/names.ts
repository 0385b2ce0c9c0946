/** Names compared as people write them: without case, accents or extra spaces ("José  Núñez" = "jose nunez"). */
export const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const sameName = (a: string, b: string) => foldName(a) !== '' && foldName(a) === foldName(b);
