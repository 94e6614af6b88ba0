// @terres/app-kit/notifications (issue 21): the header's bell wired to the API, and the e-mail
// preferences form. A subpath of its own: imported by the signed-in pages' chunks only.
export { NotificationCenter, useMarkAllNotificationsRead, useMarkNotificationRead, type NotificationCenterProps } from './notification-center';
export { NotificationPreferencesForm, useUpdateNotificationPreferences } from './notification-preferences';
export { notificationListQueryOptions, notificationPreferencesQueryOptions } from './queries';
