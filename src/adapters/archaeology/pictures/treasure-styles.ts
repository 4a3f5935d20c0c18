import type { Treasure } from '../../../games/archaeology/catalog.ts';
import { makeStyle, type Style } from '../../../render/palette.ts';

/**
 * A colour and a glyph per treasure, so two treasures never differ by colour alone (Okabe–Ito colours,
 * told apart by people with the common colour-vision deficiencies). Drawn shapes, no art.
 */
export const TREASURE_STYLES: Record<Treasure, Style> = {
  parchment: makeStyle('parchment', 'Parchment Scrap', '#e6d3a3', 'book'),
  'pot-shard': makeStyle('pot-shard', 'Pot Shard', '#d55e00', 'diamond'),
  coin: makeStyle('coin', 'Coin', '#f0e442', 'dot'),
  'broken-cup': makeStyle('broken-cup', 'Broken Cup', '#56b4e9', 'jar'),
  talisman: makeStyle('talisman', 'Talisman', '#009e73', 'ankh'),
  mask: makeStyle('mask', "Pharaoh's Mask", '#cc79a7', 'eye'),
  map: makeStyle('map', 'Map', '#0072b2', 'star'),
};
