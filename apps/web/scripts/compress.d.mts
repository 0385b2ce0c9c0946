/** Writes brotli and gzip copies next to a file of 1 KiB or more. */
export function compressFile(file: string): void;
