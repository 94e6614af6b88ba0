import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingScreen } from './loading-screen';

const meta = {
  title: 'Components/LoadingScreen',
  component: LoadingScreen,
  tags: ['autodocs'],
} satisfies Meta<typeof LoadingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const FullScreen: Story = { args: { fullScreen: true }, parameters: { layout: 'fullscreen' } };
export const CustomLabel: Story = { args: { label: 'Vérification du paiement...' } };
