import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export interface UserMenuProps {
  /** Shown on the trigger (spec §2: the user's first name). */
  firstName: string;
  /** 'Se déconnecter': the app clears the session, goes to /login and resets the balance. */
  onLogout: () => void;
}

/** The signed-in user's menu (Radix DropdownMenu: Enter, Space or arrow keys open it). */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="terres-user-menu__trigger">
        <span className="terres-user-menu__avatar" aria-hidden="true">
          {firstName.trim().charAt(0).toUpperCase()}
        </span>
        <span>{firstName}</span>
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
