import { deferredModule, useDeferredTrigger } from '../../hooks/use-deferred-module';
import type { LinkComponent } from '../tab-menu/link';
import { NotificationBellTriggerContent } from './notification-bell-trigger';
// Loaded with the signed-in pages' header, not with the sign-in page (its /login budget).
import './notification-bell.css';

export interface NotificationBellItem {
  id: string;
  title: string;
  /** Where it leads, a path of the app. */
  href: string;
  /** Its kind, e.g. 'Statut de vos annonces'. */
  kindLabel: string;
  /** When, as the user reads it ('27/11/2026 18:04'). */
  dateText: string;
  unread: boolean;
}

export interface NotificationBellProps {
  /** The latest notifications, newest first. */
  items: readonly NotificationBellItem[];
  unreadCount: number;
  /** The first load has not answered yet. */
  loading?: boolean;
  linkComponent?: LinkComponent;
  /** Opened: the app may read the list again. */
  onOpenChange?: (open: boolean) => void;
  /** A notification chosen (it is followed): the app marks it read. */
  onOpenItem?: (item: NotificationBellItem) => void;
  onMarkAllRead?: () => void;
  /** The preferences page ('Mon Compte', Notifications), linked at the foot when given. */
  settingsHref?: string;
}

export const NOTIFICATION_SETTINGS_LABEL = 'Choisir mes e-mails';

// The list's code (Radix DropdownMenu and its positioning, shared with the user menu) loads once
// the page is drawn, or as soon as the pointer or the focus reaches the bell.
const menu = deferredModule(() => import('./notification-bell-menu'));

/**
 * The header's bell (issue 21): the unread count on a button that opens the latest notifications
 * (Radix DropdownMenu: Enter, Space or the arrow keys open it, the arrows move, Escape closes and
 * gives the focus back). Each notification is a link, marked read when it is followed; 'Tout
 * marquer comme lu' keeps the list open. The button reads 'Notifications, 3 non lue(s)'. Until
 * the list's code has loaded, the same button is drawn; pressing it opens the list as soon as
 * the code is there.
 */
export function NotificationBell(props: NotificationBellProps) {
  const { module, openAtLoad, focusAtLoad, keyboardAtLoad, buttonProps } = useDeferredTrigger(menu, {
    menu: true,
    ...(props.onOpenChange ? { onOpen: () => props.onOpenChange?.(true) } : {}),
  });
  if (module) return <module.NotificationBellMenu {...props} defaultOpen={openAtLoad} focusTrigger={focusAtLoad} focusFirstItem={keyboardAtLoad} />;
  return (
    <button type="button" className="terres-notification-bell__trigger" aria-haspopup="menu" aria-expanded="false" data-state="closed" {...buttonProps}>
      <NotificationBellTriggerContent unreadCount={props.unreadCount} />
    </button>
  );
}
