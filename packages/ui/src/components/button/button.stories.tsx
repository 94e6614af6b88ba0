import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, buttonSizes, buttonVariants } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Suivant', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Revenir à la liste' } };

export const Ghost: Story = { args: { variant: 'ghost', children: "Changer d'email" } };

export const Danger: Story = { args: { variant: 'danger', children: 'Archiver cette organisation' } };

/** The wizard's last step: the green submit. */
export const Success: Story = { args: { variant: 'success', children: 'Soumettre mon annonce' } };

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      {buttonSizes.map((size) => (
        <Button key={size} {...args} size={size}>
          Taille {size}
        </Button>
      ))}
    </div>
  ),
};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Suivant' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, loadingLabel: 'Envoi...', children: 'Se connecter' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Envoi...' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Keyboard focus shows the focus ring (:focus-visible). */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};

/** Pointer over the button; the :hover colour itself is visible when you move the mouse over it. */
export const Hovered: Story = {
  args: { onMouseEnter: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.hover(within(canvasElement).getByRole('button'));
    await expect(args.onMouseEnter).toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#credits">Acheter des crédits</a> },
};
