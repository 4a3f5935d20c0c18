import { join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { fromRoot } from '../paths.ts';

/**
 * DejaVu Sans ships in assets/fonts (with its licence) and is registered under a name of our own, so a
 * machine's installed fonts can never stand in for it: every machine draws the same pixels.
 */
export const FAMILY = 'Scarab Sans';

const dir = fromRoot('assets', 'fonts');
for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
  if (!GlobalFonts.registerFromPath(join(dir, file), FAMILY))
    throw new Error(`could not load the font ${join(dir, file)}`);
}

export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${px}px "${FAMILY}"`;
