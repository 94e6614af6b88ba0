import type { Meta, StoryObj } from '@storybook/react-vite';
import { FigureList } from './figure-list';

const meta = {
  title: 'Components/FigureList',
  component: FigureList,
  tags: ['autodocs'],
  args: {
    label: 'Bilan du transfert',
    figures: [
      { term: 'Volume prévu', value: '1 500 m³' },
      { term: 'Volume parti', value: '1 240 m³' },
      { term: 'Volume reçu', value: '1 198 m³' },
      { term: 'Volume refusé', value: '14 m³' },
      { term: 'En route', value: '28 m³' },
      { term: 'Reste à transférer', value: '260 m³' },
      { term: 'Chargements', value: '88' },
    ],
  },
} satisfies Meta<typeof FigureList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A transfer's mass balance: tiles that wrap to the width. */
export const Balance: Story = {};
