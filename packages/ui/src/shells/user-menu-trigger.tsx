// What the user menu's trigger shows, the same before and after the menu's code has loaded
// (user-menu.tsx): the initial or a person icon, the accessible name, the first name, a chevron.

/** The trigger's accessible name, followed by the visible first name when there is one. */
export const USER_MENU_LABEL = 'Menu du compte';

function PersonIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="6.5" r="3.5" fill="currentColor" />
      <path d="M3 17.5c0-3.6 3.1-6 7-6s7 2.4 7 6z" fill="currentColor" />
    </svg>
  );
}

/** The first name as shown ('' when not known yet, right after registration). */
export const shownFirstName = (firstName: string | null | undefined) => firstName?.trim() ?? '';

export function UserMenuTriggerContent({ name }: { name: string }) {
  return (
    <>
      <span className="terres-user-menu__avatar" aria-hidden="true">
        {name ? name.charAt(0).toUpperCase() : <PersonIcon />}
      </span>
      {/* Named by its content (no aria-label, which would have to repeat the visible text):
          'Menu du compte, Jean', or 'Menu du compte'. */}
      <span className="terres-visually-hidden">
        {USER_MENU_LABEL}
        {name ? ', ' : null}
      </span>
      {name ? <span className="terres-user-menu__name">{name}</span> : null}
      <span className="terres-user-menu__chevron" aria-hidden="true" />
    </>
  );
}
