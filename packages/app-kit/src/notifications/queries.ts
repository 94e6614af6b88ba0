// The notifications' queries, apart from their components: a route loader imports these alone,
// so the sign-in page's bundle never carries the preferences form (radio groups, toasts).
import { getGetNotificationPreferencesSuspenseQueryOptions, getListNotificationsQueryOptions } from '@terres/api-client';
import { NOTIFICATIONS_PAGE_SIZE } from '@terres/domain';

/** The bell's query: the latest page with the unread count. */
export function notificationListQueryOptions() {
  return getListNotificationsQueryOptions({ page: 1, page_size: NOTIFICATIONS_PAGE_SIZE });
}

/** The preferences page's loader and form. */
export function notificationPreferencesQueryOptions() {
  return getGetNotificationPreferencesSuspenseQueryOptions();
}
