// @ts-check
/**
 * A phone's layout, as Discord's mobile client has it: below the breakpoint the channel list and the
 * member list leave the grid and slide over the chat as drawers, opened from the chat's top bar, so the
 * chat keeps the whole width. Above it the buttons are hidden and nothing here changes the page.
 */

/** Kept in step with style.css's `@media (max-width: 900px)`. */
export const PHONE = window.matchMedia('(max-width: 900px)');

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @typedef {'channels' | 'members'} Drawer */

/** @type {Record<Drawer, string>} */
const TOGGLES = { channels: 'open-channels', members: 'open-members' };

/** @param {Drawer | null} drawer */
function show(drawer) {
  const app = $('app');
  if (drawer === null) delete app.dataset.drawer;
  else app.dataset.drawer = drawer;
  $('drawer-backdrop').hidden = drawer === null;
  for (const [name, id] of Object.entries(TOGGLES))
    $(id).setAttribute('aria-expanded', String(name === drawer));
  // A closed drawer is off screen: it must not take the keyboard's focus or be read out either.
  for (const name of /** @type {Drawer[]} */ (['channels', 'members'])) {
    const open = drawer === name || !PHONE.matches;
    $(`${name}-drawer`).inert = !open;
    if (name === 'channels') /** @type {HTMLElement} */ (document.querySelector('.servers')).inert = !open;
  }
}

export function closeDrawers() {
  show(null);
}

export function setUpDrawers() {
  for (const [name, id] of Object.entries(TOGGLES))
    $(id).addEventListener('click', () =>
      show($('app').dataset.drawer === name ? null : /** @type {Drawer} */ (name)),
    );
  $('drawer-backdrop').addEventListener('click', closeDrawers);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && $('app').dataset.drawer) closeDrawers();
  });
  // Choosing a channel is what the drawer was opened for: the chat comes back, as on Discord's app.
  $('channel-list').addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('.channel')) closeDrawers();
  });
  PHONE.addEventListener('change', closeDrawers);
  closeDrawers();
}
