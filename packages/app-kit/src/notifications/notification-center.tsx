// The header's notifications (issue 21), wired to the API for both apps: the bell with the
// unread count, read again every minute, when the tab comes back and when the bell opens; a
// notification followed is marked read; 'Tout marquer comme lu' marks them all. The list's cache
// is this module's alone: the mutation hooks below own its updates.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getListNotificationsQueryKey,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationPage,
} from '@terres/api-client';
import { formatDateTime, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@terres/domain';
import { NotificationBell, type NotificationBellItem } from '@terres/ui/notification-bell';
import { AppLink } from '../app/app-link';
import { useAuth } from '../auth/auth-context';
import { notificationListQueryOptions } from './queries';

const REFRESH_MS = 60_000;

/** Every page of the list (the bell's and any other). */
const allLists = () => ({ queryKey: getListNotificationsQueryKey() });

function withRead(page: NotificationPage, isRead: (id: string) => boolean): NotificationPage {
  const now = new Date().toISOString();
  let newlyRead = 0;
  const items = page.items.map((item) => {
    if (item.readAt !== null || !isRead(item.id)) return item;
    newlyRead += 1;
    return { ...item, readAt: now };
  });
  return { ...page, items, unreadCount: Math.max(0, page.unreadCount - newlyRead) };
}

/** One notification read: shown so at once, then the list read again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => {
      queryClient.setQueriesData<NotificationPage>(allLists(), (page) => (page ? withRead(page, (candidate) => candidate === id) : page));
    },
    onSettled: () => queryClient.invalidateQueries(allLists()),
  });
}

/** 'Tout marquer comme lu': every dot goes at once, then the list is read again. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onMutate: () => {
      queryClient.setQueriesData<NotificationPage>(allLists(), (page) => (page ? { ...withRead(page, () => true), unreadCount: 0 } : page));
    },
    onSettled: () => queryClient.invalidateQueries(allLists()),
  });
}

export interface NotificationCenterProps {
  /** The e-mail preferences page, linked from the list's foot. */
  settingsHref?: string;
}

/** The bell, for a signed-in user's header. */
export function NotificationCenter({ settingsHref }: NotificationCenterProps) {
  const { user } = useAuth();
  const list = useQuery({
    ...notificationListQueryOptions(),
    enabled: user !== null,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
  });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items: NotificationBellItem[] = (list.data?.items ?? []).map((item) => ({
    id: item.id,
    title: item.title,
    href: item.link,
    kindLabel: NOTIFICATION_KIND_LABELS[item.kind as NotificationKind] ?? '',
    dateText: formatDateTime(item.createdAt),
    unread: item.readAt === null,
  }));
  return (
    <NotificationBell
      items={items}
      unreadCount={list.data?.unreadCount ?? 0}
      loading={list.isPending}
      linkComponent={AppLink}
      onOpenChange={(open) => {
        if (open) void list.refetch();
      }}
      onOpenItem={(item) => {
        if (item.unread) markRead.mutate(item.id);
      }}
      onMarkAllRead={() => markAll.mutate()}
      {...(settingsHref ? { settingsHref } : {})}
    />
  );
}
