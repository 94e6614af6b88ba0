import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export interface UserMenuProps {
  /**
   * Shown on the trigger (spec §2: the user's first name). Empty or missing right after
   * registration, before the profile is filled: the trigger then shows a person icon.
   */
  firstName?: string | null;
  /** 'Se déconnecter': the app clears the session, goes to /login and resets the balance. */
  onLogout: () => void;
}

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

/**
 * The signed-in user's menu (Radix DropdownMenu: Enter, Space or arrow keys open it). The
 * trigger reads 'Menu du compte, Jean' (the visible name is part of it, WCAG 2.5.3), or
 * 'Menu du compte' when the first name is not known yet.
 */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  const name = firstName?.trim() ?? '';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="terres-user-menu__trigger" data-anonymous={name ? undefined : ''}>
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="terres-user-menu__content" align="end" sideOffset={6}>
          <DropdownMenu.Item className="terres-user-menu__item" onSelect={onLogout}>
            Se déconnecter
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
