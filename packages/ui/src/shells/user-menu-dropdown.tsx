// The user menu itself (Radix DropdownMenu), loaded after the page is drawn (user-menu.tsx).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useFirstItemFocusAtLoad } from '../hooks/first-item-focus-at-load';
import { useFocusAtLoad } from '../hooks/use-deferred-module';
import type { UserMenuProps } from './user-menu';
import { shownFirstName, UserMenuTriggerContent } from './user-menu-trigger';

export interface UserMenuDropdownProps extends UserMenuProps {
  /** Opened at once: the user pressed the trigger before this code had loaded. */
  defaultOpen: boolean;
  /** The trigger takes the focus: the user had focused it (not pressed it) before this code had loaded. */
  focusTrigger: boolean;
  /** Opened at once from the keyboard: its item takes the focus (a second Enter signs out). */
  focusFirstItem: boolean;
}

export function UserMenuDropdown({ firstName, onLogout, defaultOpen, focusTrigger, focusFirstItem }: UserMenuDropdownProps) {
  const name = shownFirstName(firstName);
  const trigger = useRef<HTMLButtonElement>(null);
  useFocusAtLoad(trigger, focusTrigger);
  const firstItemAtLoad = useFirstItemFocusAtLoad(focusFirstItem);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className="terres-user-menu__trigger" data-anonymous={name ? undefined : ''}>
        <UserMenuTriggerContent name={name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="terres-user-menu__content" align="end" sideOffset={6}>
          {firstItemAtLoad}
          <DropdownMenu.Item className="terres-user-menu__item" onSelect={onLogout}>
            Se déconnecter
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
