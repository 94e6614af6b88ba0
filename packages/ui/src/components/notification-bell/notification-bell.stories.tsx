import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotificationBell } from './notification-bell';

const meta = {
  title: 'Components/NotificationBell',
  component: NotificationBell,
  tags: ['autodocs'],
  args: {
    unreadCount: 2,
    settingsHref: '/user/account/notifications',
    items: [
      {
        id: '1',
        title: 'Annonce de déblais « Lotissement des Prés » : Validée',
        href: '#',
        kindLabel: 'Statut de vos annonces',
        dateText: '27/11/2026 18:04',
        unread: true,
      },
      {
        id: '2',
        title: 'Nouveau document pour votre annonce de déblais « Lotissement des Prés »',
        href: '#',
        kindLabel: 'Documents envoyés par la plateforme',
        dateText: '27/11/2026 17:40',
        unread: true,
      },
      {
        id: '3',
        title: '3 sites compatibles pour « Lotissement des Prés »',
        href: '#',
        kindLabel: 'Sites compatibles',
        dateText: '26/11/2026 09:12',
        unread: false,
      },
    ],
  },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two unread: the count on the bell; open it to see the list. */
export const WithUnread: Story = {};

/** Nothing yet. */
export const Empty: Story = { args: { items: [], unreadCount: 0 } };
