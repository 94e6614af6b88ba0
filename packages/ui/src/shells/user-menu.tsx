import { deferredModule, useDeferredTrigger } from '../hooks/use-deferred-module';
import { shownFirstName, UserMenuTriggerContent } from './user-menu-trigger';
import '../components/form-field/form-field.css';
import './shells.css';

export { USER_MENU_LABEL } from './user-menu-trigger';

export interface UserMenuProps {
  /**
   * Shown on the trigger (spec §2: the user's first name). Empty or missing right after
   * registration, before the profile is filled: the trigger then shows a person icon.
   */
  firstName?: string | null;
  /** 'Se déconnecter': the app clears the session, goes to /login and resets the balance. */
  onLogout: () => void;
}

// The menu's code (Radix DropdownMenu and its positioning, about 20 KB gzip with the bell's)
// loads once the page is drawn, or as soon as the pointer or the focus reaches the trigger.
const dropdown = deferredModule(() => import('./user-menu-dropdown'));

/**
 * The signed-in user's menu (Radix DropdownMenu: Enter, Space or arrow keys open it). The
 * trigger reads 'Menu du compte, Jean' (the visible name is part of it, WCAG 2.5.3), or
 * 'Menu du compte' when the first name is not known yet. Until the menu's code has loaded, the
 * same trigger is drawn; pressing it opens the menu as soon as the code is there.
 */
export function UserMenu(props: UserMenuProps) {
  const { module, openAtLoad, focusAtLoad, keyboardAtLoad, buttonProps } = useDeferredTrigger(dropdown, { menu: true });
  if (module) return <module.UserMenuDropdown {...props} defaultOpen={openAtLoad} focusTrigger={focusAtLoad} focusFirstItem={keyboardAtLoad} />;
  const name = shownFirstName(props.firstName);
  return (
    <button
      type="button"
      className="terres-user-menu__trigger"
      data-anonymous={name ? undefined : ''}
      aria-haspopup="menu"
      aria-expanded="false"
      data-state="closed"
      {...buttonProps}
    >
      <UserMenuTriggerContent name={name} />
    </button>
  );
}
