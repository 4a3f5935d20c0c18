import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * DejaVu Sans ships in assets/fonts (with its licence) and is registered under a name of our own, so a
 * machine's installed fonts can never stand in for it: every machine draws the same pixels.
 */
export const FAMILY = 'Scarab Sans';

const dir = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
  if (!GlobalFonts.registerFromPath(`${dir}${file}`, FAMILY))
    throw new Error(`could not load the font ${dir}${file}`);
}

export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${px}px "${FAMILY}"`;
