// The bell's list (Radix DropdownMenu), loaded after the page is drawn (notification-bell.tsx).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { notificationMessages as m, unreadCountText } from '@terres/domain';
import { useRef } from 'react';
import { useFirstItemFocusAtLoad } from '../../hooks/first-item-focus-at-load';
import { useFocusAtLoad } from '../../hooks/use-deferred-module';
import { AnchorLink } from '../tab-menu/link';
import { NOTIFICATION_SETTINGS_LABEL, type NotificationBellProps } from './notification-bell';
import { NotificationBellTriggerContent } from './notification-bell-trigger';

export interface NotificationBellMenuProps extends NotificationBellProps {
  /** Opened at once: the user pressed the bell before this code had loaded. */
  defaultOpen: boolean;
  /** The trigger takes the focus: the user had focused it (not pressed it) before this code had loaded. */
  focusTrigger: boolean;
  /** Opened at once from the keyboard: the first item takes the focus, as in a list Radix opened from the keyboard. */
  focusFirstItem: boolean;
}

/** The bell's list itself (Radix DropdownMenu), loaded after the page is drawn (notification-bell.tsx). */
export function NotificationBellMenu({
  items,
  unreadCount,
  loading = false,
  linkComponent: Link = AnchorLink,
  onOpenChange,
  onOpenItem,
  onMarkAllRead,
  settingsHref,
  defaultOpen,
  focusTrigger,
  focusFirstItem,
}: NotificationBellMenuProps) {
  const unreadText = unreadCountText(unreadCount);
  const trigger = useRef<HTMLButtonElement>(null);
  useFocusAtLoad(trigger, focusTrigger);
  const firstItemAtLoad = useFirstItemFocusAtLoad(focusFirstItem);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} {...(onOpenChange ? { onOpenChange } : {})}>
      <DropdownMenu.Trigger ref={trigger} className="terres-notification-bell__trigger">
        <NotificationBellTriggerContent unreadCount={unreadCount} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="terres-notification-bell__content" align="end" sideOffset={6} collisionPadding={8}>
          {firstItemAtLoad}
          <DropdownMenu.Label className="terres-notification-bell__heading">
            {m.listTitle}
            {unreadText ? <span className="terres-notification-bell__count"> · {unreadText}</span> : null}
          </DropdownMenu.Label>
          {items.length === 0 ? (
            <p className="terres-notification-bell__empty">{loading ? '…' : m.empty}</p>
          ) : (
            <DropdownMenu.Group className="terres-notification-bell__list">
              {items.map((item) => (
                <DropdownMenu.Item key={item.id} asChild onSelect={() => onOpenItem?.(item)}>
                  <Link href={item.href} className="terres-notification-bell__item" data-unread={item.unread ? '' : undefined}>
                    <span className="terres-notification-bell__title">
                      {item.unread ? (
                        <>
                          <span className="terres-notification-bell__dot" aria-hidden="true" />
                          <span className="terres-visually-hidden">{m.unreadMark} : </span>
                        </>
                      ) : null}
                      {item.title}
                    </span>
                    <span className="terres-notification-bell__meta">
                      {item.kindLabel} · {item.dateText}
                    </span>
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          )}
          <DropdownMenu.Separator className="terres-notification-bell__separator" />
          <div className="terres-notification-bell__foot">
            <DropdownMenu.Item
              className="terres-notification-bell__action"
              disabled={unreadCount === 0}
              onSelect={(event) => {
                // The list stays open: the user sees every dot go.
                event.preventDefault();
                onMarkAllRead?.();
              }}
            >
              {m.markAllRead}
            </DropdownMenu.Item>
            {settingsHref ? (
              <DropdownMenu.Item asChild>
                <Link href={settingsHref} className="terres-notification-bell__action">
                  {NOTIFICATION_SETTINGS_LABEL}
                </Link>
              </DropdownMenu.Item>
            ) : null}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
