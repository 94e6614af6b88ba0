// What the bell's trigger shows, the same before and after the list's code has loaded
// (notification-bell.tsx): the bell, its accessible name with the unread count, the badge.
import { notificationMessages as m, unreadBadge, unreadCountText } from '@terres/domain';

function BellIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M10 2.5a5 5 0 0 0-5 5v2.8l-1.4 2.6a.8.8 0 0 0 .7 1.2h11.4a.8.8 0 0 0 .7-1.2L15 10.3V7.5a5 5 0 0 0-5-5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path d="M8 16a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function NotificationBellTriggerContent({ unreadCount }: { unreadCount: number }) {
  const unreadText = unreadCountText(unreadCount);
  return (
    <>
      <BellIcon />
      <span className="terres-visually-hidden">
        {m.bellLabel}
        {unreadText ? `, ${unreadText}` : null}
      </span>
      {unreadCount > 0 ? (
        <span className="terres-notification-bell__badge" aria-hidden="true">
          {unreadBadge(unreadCount)}
        </span>
      ) : null}
    </>
  );
}
