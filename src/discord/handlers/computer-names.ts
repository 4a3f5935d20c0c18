/** Computer players are named after pharaohs and queens, so a table reads like a story. */
const NAMES = [
  'Khufu',
  'Hatshepsut',
  'Ramesses',
  'Nefertari',
  'Thutmose',
  'Tiye',
  'Seti',
  'Ahmose',
  'Sobekneferu',
  'Djoser',
];

export function computerName(taken: ReadonlySet<string>): string {
  const free = NAMES.find((n) => !taken.has(n));
  if (free) return free;
  for (let k = 2; ; k++) for (const n of NAMES) if (!taken.has(`${n} ${k}`)) return `${n} ${k}`;
}
