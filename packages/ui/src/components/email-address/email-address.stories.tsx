import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
import { EmailAddress } from './email-address';

const meta = {
  title: 'Components/EmailAddress',
  tags: ['autodocs'],
  component: EmailAddress,
  args: { address: 'camille.dupont-hoffmann@terrassements-rhenans-du-sundgau.example.fr' },
  render: (args) => (
    <p style={{ maxWidth: '14rem' }}>
      Un code a été envoyé à <EmailAddress {...args} />. Il expire dans 10 minutes.
    </p>
  ),
} satisfies Meta<typeof EmailAddress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** At 375 px the address wraps after a part, and the sentence keeps its words whole. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    await expect(canvasElement.textContent).toContain('camille.dupont-hoffmann@terrassements-rhenans-du-sundgau.example.fr');
  },
};
