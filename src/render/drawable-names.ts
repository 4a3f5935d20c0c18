const DRAWABLE =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Common}\p{Script=Inherited}]/u;
// Tested one character at a time; joiners, variation selectors and skin tones only glue emoji.
const PICTOGRAPHIC = /\p{Extended_Pictographic}|[\u{1f3fb}-\u{1f3ff}]|\u200d|\ufe0e|\ufe0f/u;

/**
 * Names as the bundled font can draw them: NFKC turns styled letters (𝓐, Ａ) into plain ones; emoji and
 * scripts DejaVu Sans lacks (CJK, Thai…) are dropped rather than drawn as empty boxes, and a name with
 * nothing left becomes "Player N". Texts keep the real names: Discord draws those itself.
 */
export function drawableNames(names: readonly string[]): string[] {
  return names.map((name, seat) => {
    const kept = [...name.normalize('NFKC')].filter((ch) => DRAWABLE.test(ch) && !PICTOGRAPHIC.test(ch));
    return kept.join('').replace(/\s+/g, ' ').trim() || `Player ${seat + 1}`;
  });
}
