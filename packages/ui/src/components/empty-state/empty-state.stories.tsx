import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: "Vous n'avez pas encore créé d'annonce" },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Dashboard: Story = {
  args: {
    description: 'Publiez votre premier chantier de déblai ou de remblai.',
    action: <Button>Créer une annonce</Button>,
  },
};

/** No credit yet: the first listing needs a balance above 0. */
export const NoCredits: Story = {
  args: {
    description: 'Il vous faut des crédits pour publier votre première annonce.',
    action: (
      <Button asChild variant="secondary">
        <a href="#/credits/buy">Acheter des crédits</a>
      </Button>
    ),
  },
};

export const TitleOnly: Story = { args: { title: 'Aucun collaborateur pour le moment' } };
