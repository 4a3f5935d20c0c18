import { PNG } from 'pngjs';

/** Width and height from the IHDR chunk, checking the PNG signature on the way. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export const decode = (png: Buffer): PNG => PNG.sync.read(png);

export const NAMES = ['Amunet', 'Bek', 'Chione', 'Djedi', 'Ebana', 'Femi'];
